import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AjaxError } from './ajax';
import { alertDialog, confirmDialog, DialogHost, showException } from './dialogs';
import { bodyOf, testPageConfig } from './testing';
import { press } from './testPress';

interface StringsArgs {
  strings: Array<{ stringid: string; component: string }>;
}


/** core_get_strings answers each key as its own value. */
function stubStrings() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const answer = bodyOf(init).map((item) => ({
      error: false,
      data: (item.args as StringsArgs).strings.map((s) => ({ stringid: s.stringid, component: s.component, string: s.stringid })),
    }));
    return Promise.resolve(new Response(JSON.stringify(answer)));
  });
}

function renderHost() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DialogHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  window.M = { cfg: testPageConfig() };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.M;
});

describe('confirmDialog', () => {
  it('shows the question and resolves true when the action button is pressed', async () => {
    stubStrings();
    renderHost();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog({ title: 'Delete tag', message: 'Delete "maths"?', confirmLabel: 'Delete 1 tag', destructive: true });
    });

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Delete tag' })).toBeTruthy();
    expect(within(dialog).getByText('Delete "maths"?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete 1 tag' });
    expect(confirm.className).toContain('btn-danger');

    act(() => press(confirm));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('resolves false when Cancel is pressed', async () => {
    stubStrings();
    renderHost();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ title: 'Delete tag', message: 'Delete "physics"?', confirmLabel: 'Delete 1 tag' });
    });

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Delete 1 tag' }).className).toContain('btn-primary');
    // The cancel label comes from the language pack (the stub answers the key).
    const cancel = await within(dialog).findByRole('button', { name: 'cancel' });
    act(() => press(cancel));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('uses a given cancel label', async () => {
    stubStrings();
    renderHost();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ title: 'Leave', message: 'Leave the page?', confirmLabel: 'Leave page', cancelLabel: 'Stay here' });
    });
    const dialog = await screen.findByRole('alertdialog');
    act(() => press(within(dialog).getByRole('button', { name: 'Stay here' })));
    await expect(answer).resolves.toBe(false);
  });
});

describe('alertDialog', () => {
  it('shows the message and resolves when OK is pressed', async () => {
    stubStrings();
    renderHost();
    const settled = vi.fn();
    act(() => {
      void alertDialog('Saved', 'Your changes were saved.').then(settled);
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Saved' })).toBeTruthy();
    expect(within(dialog).getByText('Your changes were saved.')).toBeTruthy();
    const ok = await within(dialog).findByRole('button', { name: 'ok' });
    act(() => press(ok));
    await waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('showException', () => {
  it('shows the message, the error code and the debug information of an AjaxError', async () => {
    stubStrings();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHost();
    const settled = vi.fn();
    act(() => {
      void showException(new AjaxError({ message: 'Boom', errorcode: 'invalidparameter', debuginfo: 'dbg', backtrace: 'trace' })).then(settled);
    });

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Boom')).toBeTruthy();
    expect(within(dialog).getByText('invalidparameter').tagName).toBe('CODE');
    const pre = dialog.querySelector('.exception-debug pre');
    expect(pre?.textContent).toBe('dbg\n\ntrace');

    const ok = await within(dialog).findByRole('button', { name: 'ok' });
    act(() => press(ok));
    await waitFor(() => expect(settled).toHaveBeenCalledTimes(1));
  });

  it('shows a plain error message without debug details', async () => {
    stubStrings();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHost();
    act(() => {
      void showException(new Error('Plain failure'));
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Plain failure')).toBeTruthy();
    expect(dialog.querySelector('code')).toBeNull();
    expect(dialog.querySelector('.exception-debug')).toBeNull();
    const ok = await within(dialog).findByRole('button', { name: 'ok' });
    act(() => press(ok));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
