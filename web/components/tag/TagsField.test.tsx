import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TagsField, type TaggableArea } from './TagsField';

const english: Record<string, string> = {
  tags: 'Tags',
  selecteditems: 'Selected items',
  tagscannotcreate: '"{$a}" is not an existing tag',
  tagnametoolong: 'Tag names can have at most {$a} characters.',
};
vi.mock('../../platform/useStrings', () => ({
  useStrings: () => (key: string, a?: string | number) => (english[key] ?? key).replace('{$a}', a === undefined ? '' : String(a)),
}));

/** The tags the fake server knows: a standard one and another. */
const STORED = ['Science', 'Lab work'];
const search = vi.fn((query: string) => STORED.filter((t) => t.toLowerCase().includes(query.toLowerCase())));
vi.mock('../../platform/ajax', () => ({
  call: (_contract: unknown, args: { query: string }) =>
    Promise.resolve({ tags: search(args.query).map((rawname, id) => ({ id, rawname, tagcollid: 1, isstandard: id === 0 })), cancreate: false, enabled: true }),
}));

function Harness({ area, spy }: { area: TaggableArea; spy: (tags: string[]) => void }) {
  const [tags, setTags] = useState(area.tags);
  return (
    <TagsField
      area={area}
      value={tags}
      onChange={(t) => {
        setTags(t);
        spy(t);
      }}
    />
  );
}

const area = (over: Partial<TaggableArea>): TaggableArea => ({ itemtype: 'course', enabled: true, cancreate: true, tags: [], ...over });
const input = () => screen.getByRole('combobox', { name: 'Tags' });
const chips = () => within(screen.getByRole('grid', { name: 'Tags: Selected items' }));

afterEach(cleanup);

describe('TagsField', () => {
  it('is not shown when the tag area is disabled', () => {
    render(<Harness area={area({ enabled: false })} spy={vi.fn()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('creates a typed tag when the user may create tags', () => {
    const spy = vi.fn();
    render(<Harness area={area({ tags: ['Science'] })} spy={spy} />);
    fireEvent.change(input(), { target: { value: 'Brand new,' } });
    expect(spy).toHaveBeenLastCalledWith(['Science', 'Brand new']);
    expect(chips().getByRole('row', { name: 'Brand new' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a new tag with a message when the user may not create tags, but takes an existing one', async () => {
    const spy = vi.fn();
    render(<Harness area={area({ cancreate: false })} spy={spy} />);
    fireEvent.change(input(), { target: { value: 'Brand new,' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('"Brand new" is not an existing tag'));
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('row', { name: 'Brand new' })).toBeNull();

    // Typed in full before any suggestion came: the server is asked, and the existing tag is kept.
    fireEvent.change(input(), { target: { value: 'lab work,' } });
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith(['Lab work']));
    expect(chips().getByRole('row', { name: 'Lab work' })).toBeTruthy();
  });

  it('refuses names over 100 characters', () => {
    const spy = vi.fn();
    render(<Harness area={area({})} spy={spy} />);
    fireEvent.change(input(), { target: { value: `${'x'.repeat(101)},` } });
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('alert').textContent).toBe('Tag names can have at most 100 characters.');
  });
});
