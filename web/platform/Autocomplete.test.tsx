import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autocomplete, type AutocompleteOption, type AutocompleteProps } from './Autocomplete';

const english: Record<string, string> = {
  nosuggestions: 'No suggestions',
  noselection: 'No selection',
  selecteditems: 'Selected items',
  showsuggestions: 'Show suggestions',
  removeselection: 'Remove {$a}',
  itemselected: '{$a} selected',
  itemremoved: '{$a} removed',
  searching: 'Searching…',
  suggestionsfailed: 'Suggestions could not be loaded: {$a}',
};
vi.mock('./useStrings', () => ({
  useStrings: () => (key: string, a?: string | number) => (english[key] ?? key).replace('{$a}', a === undefined ? '' : String(a)),
}));

const fruit: AutocompleteOption[] = [
  { value: '1', label: 'Apple' },
  { value: '2', label: 'Apricot' },
  { value: '3', label: 'Banana' },
];

function Harness(props: Partial<AutocompleteProps> & { initial?: AutocompleteOption[]; spy?: (v: AutocompleteOption[]) => void }) {
  const { initial = [], spy, ...rest } = props;
  const [value, setValue] = useState<AutocompleteOption[]>(initial);
  return (
    <Autocomplete
      label="Fruit"
      options={fruit}
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        spy?.(v);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Fruit' });
const chips = () => within(screen.getByRole('grid', { name: 'Fruit: Selected items' }));
const key = (target: Element, k: string) => fireEvent.keyDown(target, { key: k });

afterEach(cleanup);
beforeEach(() => vi.useRealTimers());

describe('autocomplete by keyboard', () => {
  it('down arrow opens the suggestions, Escape closes them', () => {
    render(<Harness />);
    key(input(), 'ArrowDown');
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Apricot', 'Banana']);
    key(input(), 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    // With typed text too: the list closes and stays closed.
    act(() => input().focus());
    fireEvent.change(input(), { target: { value: 'zz' } });
    key(input(), 'ArrowDown');
    expect(screen.getByRole('listbox').textContent).toContain('No suggestions');
    key(input(), 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('filters by what is typed and Enter commits the highlighted suggestion, announcing it', () => {
    const spy = vi.fn();
    render(<Harness multiple spy={spy} />);
    act(() => input().focus());
    fireEvent.change(input(), { target: { value: 'ap' } });
    key(input(), 'ArrowDown');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Apricot']);
    key(input(), 'ArrowDown');
    key(input(), 'Enter');
    expect(spy).toHaveBeenLastCalledWith([{ value: '2', label: 'Apricot' }]);
    expect(chips().getByRole('row', { name: 'Apricot' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Apricot selected');
    expect((input() as HTMLInputElement).value).toBe('');
    // A chosen option is no longer suggested; a second one is added beside it.
    key(input(), 'ArrowDown');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Apple', 'Banana']);
    key(input(), 'Enter');
    expect(spy).toHaveBeenLastCalledWith([
      { value: '2', label: 'Apricot' },
      { value: '1', label: 'Apple' },
    ]);
  });

  it('Enter with no suggestion highlighted neither chooses nor clears the text', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    act(() => input().focus());
    fireEvent.change(input(), { target: { value: 'ap' } });
    key(input(), 'Enter');
    expect(spy).not.toHaveBeenCalled();
    expect((input() as HTMLInputElement).value).toBe('ap');
  });

  it('single selection replaces the previous choice', () => {
    const spy = vi.fn();
    render(<Harness initial={[fruit[0] as AutocompleteOption]} spy={spy} />);
    fireEvent.change(input(), { target: { value: 'ban' } });
    key(input(), 'ArrowDown');
    key(input(), 'Enter');
    expect(spy).toHaveBeenLastCalledWith([{ value: '3', label: 'Banana' }]);
  });

  it('shows "No suggestions" when nothing matches', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'zzz' } });
    key(input(), 'ArrowDown');
    expect(screen.getByRole('listbox').textContent).toContain('No suggestions');
  });

  it('removes a selection with Backspace or Delete on its chip, and shows "No selection" when empty', () => {
    const spy = vi.fn();
    render(<Harness multiple initial={[fruit[0] as AutocompleteOption, fruit[2] as AutocompleteOption]} spy={spy} />);
    const apple = chips().getByRole('row', { name: 'Apple' });
    act(() => apple.focus());
    key(apple, 'Delete');
    expect(spy).toHaveBeenLastCalledWith([{ value: '3', label: 'Banana' }]);
    expect(screen.getByRole('status').textContent).toBe('Apple removed');
    const banana = chips().getByRole('row', { name: 'Banana' });
    act(() => banana.focus());
    key(banana, 'Backspace');
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('No selection')).toBeTruthy();
  });

  it('tags mode turns comma-separated text and Enter into options, reusing known labels', () => {
    const spy = vi.fn();
    render(<Harness multiple tags spy={spy} />);
    fireEvent.change(input(), { target: { value: 'apple, Kiwi,' } });
    expect(spy).toHaveBeenLastCalledWith([
      { value: '1', label: 'Apple' },
      { value: 'Kiwi', label: 'Kiwi' },
    ]);
    expect((input() as HTMLInputElement).value).toBe('');
    act(() => input().focus());
    fireEvent.change(input(), { target: { value: 'Mango' } });
    key(input(), 'ArrowDown');
    key(input(), 'Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    // In tags mode Escape closes the suggestions and keeps the text.
    expect((input() as HTMLInputElement).value).toBe('Mango');
    key(input(), 'Enter');
    expect(spy).toHaveBeenLastCalledWith([
      { value: '1', label: 'Apple' },
      { value: 'Kiwi', label: 'Kiwi' },
      { value: 'Mango', label: 'Mango' },
    ]);
  });

  it('asks an ajax source 300 ms after typing stops, and closes the list 500 ms after leaving the box', async () => {
    vi.useFakeTimers();
    const source = vi.fn((q: string) => Promise.resolve(fruit.filter((f) => f.label.toLowerCase().startsWith(q.toLowerCase()))));
    render(<Harness source={source} options={undefined} />);
    fireEvent.change(input(), { target: { value: 'b' } });
    fireEvent.change(input(), { target: { value: 'ba' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(source).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(source).toHaveBeenCalledTimes(1);
    expect(source).toHaveBeenCalledWith('ba');
    key(input(), 'ArrowDown');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Banana']);
    fireEvent.blur(input());
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('listbox')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says so when the ajax source fails, instead of claiming there are no suggestions', async () => {
    vi.useFakeTimers();
    const source = vi.fn(() => Promise.reject(new Error('Your session has timed out')));
    render(<Harness source={source} options={undefined} />);
    fireEvent.change(input(), { target: { value: 'ba' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    key(input(), 'ArrowDown');
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('alert').textContent).toBe('Suggestions could not be loaded: Your session has timed out');
    expect(list.textContent).not.toContain('No suggestions');
  });
});
