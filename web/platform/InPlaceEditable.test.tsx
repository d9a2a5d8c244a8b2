import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InPlaceEditable, type InplaceElementData } from './InPlaceEditable';

const calls = vi.hoisted(() => ({ call: vi.fn(), showException: vi.fn() }));
vi.mock('./ajax', () => ({ call: calls.call }));
vi.mock('./dialogs', () => ({ showException: calls.showException }));
vi.mock('./useStrings', () => ({ useStrings: () => (key: string) => key }));

afterEach(cleanup);
// react-aria announces a pending button's state 100 ms later outside act(); let that timer run while
// the test document still exists, or it throws after the environment is torn down.
afterAll(() => new Promise<void>((done) => setTimeout(done, 150)));
beforeEach(() => {
  calls.call.mockReset();
  calls.showException.mockReset();
});

const text: InplaceElementData = {
  component: 'core_courseformat',
  itemtype: 'sectionname',
  itemid: '4',
  type: 'text',
  displayvalue: 'Topic 1',
  value: 'Topic 1',
  edithint: 'Edit title',
  editlabel: 'New name for Topic 1',
};

function openText(props: Partial<Parameters<typeof InPlaceEditable>[0]> = {}) {
  render(<InPlaceEditable element={text} {...props} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit title' }));
  return screen.getByRole('textbox', { name: 'New name for Topic 1' });
}

function answer(displayvalue: string, value: string) {
  return { ...text, displayvalue, value };
}

describe('in-place editing of text', () => {
  it('Enter saves the new value once through core_update_inplace_editable and shows the answer', async () => {
    calls.call.mockResolvedValue(answer('Cells', 'Cells'));
    const onUpdated = vi.fn();
    const input = openText({ onUpdated });
    fireEvent.change(input, { target: { value: 'Cells' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(calls.call).toHaveBeenCalledTimes(1);
    expect(calls.call.mock.calls[0]?.[1]).toEqual({ component: 'core_courseformat', itemtype: 'sectionname', itemid: 4, value: 'Cells', oldvalue: 'Topic 1' });
    expect(screen.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ displayvalue: 'Cells', value: 'Cells' }), 'Topic 1'));
    expect(screen.getByText('Cells')).toBeTruthy();
  });

  it('Escape cancels without saving', () => {
    const input = openText();
    fireEvent.change(input, { target: { value: 'Cells' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(calls.call).not.toHaveBeenCalled();
    expect(screen.getByText('Topic 1')).toBeTruthy();
  });

  it('leaving the box cancels, and Enter on an unchanged value saves nothing', () => {
    const input = openText();
    fireEvent.change(input, { target: { value: 'Genes' } });
    fireEvent.blur(input);
    expect(calls.call).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(calls.call).not.toHaveBeenCalled();
  });

  it('shows progress while saving, then on failure brings the old value back and the exception dialogue', async () => {
    let fail: (e: Error) => void = () => undefined;
    calls.call.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const input = openText();
    fireEvent.change(input, { target: { value: 'Broken' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Broken')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit title' }).getAttribute('data-pending')).toBe('true');
    const error = new Error('nope');
    await act(async () => {
      fail(error);
      await Promise.resolve();
    });
    expect(screen.getByText('Topic 1')).toBeTruthy();
    expect(calls.showException).toHaveBeenCalledWith(error);
  });

  it('lets the page handle a failure instead of the exception dialogue', async () => {
    const error = new Error('namesalreadybeeingused');
    calls.call.mockRejectedValue(error);
    const onUpdateFailed = vi.fn(() => true);
    const input = openText({ onUpdateFailed });
    fireEvent.change(input, { target: { value: 'Other' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onUpdateFailed).toHaveBeenCalledWith(error, 'Other'));
    expect(calls.showException).not.toHaveBeenCalled();
    expect(screen.getByText('Topic 1')).toBeTruthy();
  });

  it('follows a changed element from the page, such as labels that arrive later', () => {
    const { rerender } = render(<InPlaceEditable element={{ ...text, edithint: '' }} />);
    rerender(<InPlaceEditable element={{ ...text }} />);
    expect(screen.getByRole('button', { name: 'Edit title' })).toBeTruthy();
  });

  it('shows only the display value of an item that is not editable', () => {
    render(<InPlaceEditable element={{ displayvalue: '<b>Fixed</b>' }} />);
    expect(screen.getByText('Fixed').tagName).toBe('B');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('in-place toggles and selects', () => {
  it('a toggle saves the next value at once', async () => {
    const flag: InplaceElementData = { ...text, itemtype: 'flag', type: 'toggle', displayvalue: 'Not flagged', value: '0', options: '1', edithint: 'Toggle flag', editlabel: '' };
    calls.call.mockResolvedValue({ ...flag, displayvalue: 'Flagged', value: '1', options: '0' });
    render(<InPlaceEditable element={flag} />);
    // Named by what it shows, then by what it does.
    fireEvent.click(screen.getByRole('button', { name: 'Not flagged — Toggle flag' }));
    expect(calls.call.mock.calls[0]?.[1]).toMatchObject({ itemtype: 'flag', value: '1' });
    await waitFor(() => expect(screen.getByText('Flagged')).toBeTruthy());
  });

  it('a select saves on change, and Escape or leaving cancels', async () => {
    const choice: InplaceElementData = {
      ...text,
      itemtype: 'collection',
      type: 'select',
      displayvalue: 'Default',
      value: '1',
      options: JSON.stringify([{ key: '1', value: 'Default' }, { key: '2', value: 'Other' }]),
      edithint: 'Change collection',
      editlabel: 'Collection',
    };
    calls.call.mockResolvedValue({ ...choice, displayvalue: 'Other', value: '2' });
    render(<InPlaceEditable element={choice} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change collection' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Collection' }), { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change collection' }));
    fireEvent.blur(screen.getByRole('combobox'));
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change collection' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Collection' }), { target: { value: '2' } });
    expect(calls.call.mock.calls[0]?.[1]).toMatchObject({ itemtype: 'collection', value: '2' });
    await waitFor(() => expect(screen.getByText('Other')).toBeTruthy());
  });
});
