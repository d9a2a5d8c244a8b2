import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';
import { press } from './testPress';

vi.mock('./useStrings', () => ({ useStrings: () => (key: string) => key }));

afterEach(cleanup);

function Field({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="l">Feedback</span>
      <RichTextEditor
        id="f"
        labelId="l"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>From outside</p>')}>
        replace
      </button>
    </>
  );
}

describe('the rich-text editor', () => {
  it('shows the stored HTML in a labelled multi-line text box with a formatting toolbar', () => {
    render(<Field initial="<p>Good <strong>work</strong></p>" onChange={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Feedback' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.innerHTML).toContain('<strong>work</strong>');
    const toolbar = screen.getByRole('toolbar', { name: 'editortoolbar' });
    for (const name of ['editorbold', 'editoritalic', 'editorunderline', 'editorbulletlist', 'editornumberedlist', 'editorlink', 'editorundo', 'editorredo']) {
      expect(toolbar.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    }
  });

  it('reports a formatting change as HTML, and a value set from outside without reporting it', async () => {
    const onChange = vi.fn();
    render(<Field initial="<p>Some text</p>" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Feedback' });
    // Select everything and make it a bulleted list.
    act(() => {
      box.focus();
      document.execCommand?.('selectAll');
    });
    fireEvent.click(screen.getByRole('button', { name: 'editorbulletlist' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toMatch(/^<ul><li><p>Some text<\/p><\/li><\/ul>$/);

    onChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    await waitFor(() => expect(box.textContent).toBe('From outside'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps images with their text alternative, a decorative one as alt=""', () => {
    render(<Field initial={'<p>Cells</p><img src="https://example.org/cell.png" alt="A plant cell"><img src="https://example.org/rule.png" alt="">'} onChange={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Feedback' });
    expect(box.querySelector('img[src="https://example.org/cell.png"]')?.getAttribute('alt')).toBe('A plant cell');
    expect(box.querySelector('img[src="https://example.org/rule.png"]')?.getAttribute('alt')).toBe('');
  });

  it('shows an image stored without alt as the server does, alt="", marked as not described', () => {
    render(<Field initial={'<p>Old <img src="https://example.org/old.png"> diagram</p>'} onChange={vi.fn()} />);
    const image = screen.getByRole('textbox', { name: 'Feedback' }).querySelector('img');
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.hasAttribute('data-undescribed')).toBe(true);
  });

  it('inserts an image only with a description or marked decorative', async () => {
    const onChange = vi.fn();
    render(<Field initial="<p>Cells</p>" onChange={onChange} />);
    press(screen.getByRole('button', { name: 'editorimage' }));
    const dialog = await screen.findByRole('dialog', { name: 'editorimage' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'editorimageurl' }), { target: { value: 'example.org/cell.png' } });
    press(within(dialog).getByRole('button', { name: 'editorimageinsert' }));
    const description = within(dialog).getByRole('textbox', { name: 'editorimagealt' });
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('editorimagealtrequired')).toBeTruthy();
    expect(document.activeElement).toBe(description);
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(description, { target: { value: '  A plant cell, labelled  ' } });
    press(within(dialog).getByRole('button', { name: 'editorimageinsert' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toContain('<img src="https://example.org/cell.png" alt="A plant cell, labelled">');
  });
});
