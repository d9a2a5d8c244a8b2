import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GradingPanel } from '../../../../api/assign';
import type { MethodContract } from '../../../../api/contract';
import type { Warning } from '../../../../api/types';
import { press } from '../../../platform/testPress';
import type { GradeFormHandle } from './GradeForm';
import { GraderPanels } from './GraderPanels';

// Each string id answers itself, so the tests find fields and buttons by it.
vi.mock('../../../platform/useStrings', () => ({ useStrings: () => (key: string) => key }));
vi.mock('../../../platform/notifications', () => ({ addNotification: vi.fn() }));
vi.mock('../../../platform/dialogs', () => ({ showException: vi.fn() }));
vi.mock('../../../platform/RichText', () => ({ RichText: () => null }));

/** The grade the fake server holds, and its time: a save sent against another time is refused as someone else's change. */
const stored = { grade: 5, timemodified: 100 };
const panelReads = vi.fn();

function panel(): GradingPanel {
  return {
    assign: { id: 1, cmid: 10, contextid: 20, name: 'Essay', duedate: 0, cutoffdate: 0 },
    user: { id: 3, fullname: 'Ann Learner', profileimageurl: '' },
    submission: null,
    grade: { grade: stored.grade, timemodified: stored.timemodified, gradername: 'Teacher', feedbackcomment: '', feedbackformat: 1 },
    gradeitem: { type: 'points', grademax: 10, scaleitems: [] },
    guide: null,
    sendstudentnotifications: false,
    gradingstatus: 'graded',
  };
}

function submit(jsonformdata: string): Warning[] {
  const form = new URLSearchParams(JSON.parse(jsonformdata) as string);
  if (Number(form.get('gradetimemodified')) !== stored.timemodified) return [{ warningcode: 'gradechanged', message: 'changed meanwhile' }];
  stored.grade = Number(form.get('grade'));
  stored.timemodified += 1;
  return [];
}

vi.mock('../../../platform/ajax', () => ({
  call: (contract: MethodContract, args: { jsonformdata?: string }) => {
    if (contract.name === 'mod_assign_get_grading_panel') {
      panelReads();
      return Promise.resolve(panel());
    }
    if (contract.name === 'mod_assign_submit_grading_form') return Promise.resolve(submit(args.jsonformdata ?? '""'));
    return Promise.resolve([]);
  },
}));

function renderPanels({ focusForm = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GraderPanels assignid={1} userid={3} s={(key) => key} formRef={createRef<GradeFormHandle>()} onDirtyChange={vi.fn()} onSavedNext={vi.fn()} focusForm={focusForm} />
    </QueryClientProvider>,
  );
}

const gradeField = () => screen.getByLabelText<HTMLInputElement>('gradeoutof');
const saveButton = () => screen.getByRole('button', { name: 'savechanges' });

beforeEach(() => {
  stored.grade = 5;
  stored.timemodified = 100;
  panelReads.mockClear();
});
afterEach(cleanup);

describe('the grade panel', () => {
  it('keeps the focus on Save changes through the save and the panel read again, and saves again against the new grade time', async () => {
    renderPanels();
    await screen.findByRole('button', { name: 'savechanges' });
    const save = saveButton();
    const field = gradeField();
    fireEvent.change(field, { target: { value: '7' } });
    act(() => save.focus());
    press(save);
    expect(save.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(save.hasAttribute('aria-busy')).toBe(false));
    expect(panelReads).toHaveBeenCalledTimes(2);
    // The same button and field, not new ones: the form was filled in place.
    expect(saveButton()).toBe(save);
    expect(gradeField()).toBe(field);
    expect(document.activeElement).toBe(save);
    expect(field.value).toBe('7');

    fireEvent.change(field, { target: { value: '8' } });
    press(save);
    await waitFor(() => expect(stored.grade).toBe(8));
    await waitFor(() => expect(save.hasAttribute('aria-busy')).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(save);
  });

  it('takes the grade someone else gave on "Reload", dropping what was typed, with the focus on the grade', async () => {
    renderPanels();
    await screen.findByRole('button', { name: 'savechanges' });
    stored.grade = 9;
    stored.timemodified = 200;
    fireEvent.change(gradeField(), { target: { value: '7' } });
    press(saveButton());
    const reload = await screen.findByRole('button', { name: 'reload' });
    act(() => reload.focus());
    press(reload);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(gradeField().value).toBe('9');
    await waitFor(() => expect(document.activeElement).toBe(gradeField()));
  });

  it('puts the focus in the grade field when asked to, as after "Save and show next"', async () => {
    renderPanels({ focusForm: true });
    await screen.findByRole('button', { name: 'savechanges' });
    expect(document.activeElement).toBe(gradeField());
  });
});
