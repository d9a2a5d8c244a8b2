import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ariaSort, SortHeader, type SortDirection } from './sorting';

afterEach(cleanup);

function table(sort: 'name' | 'count', direction: SortDirection, onSort = vi.fn()) {
  render(
    <table>
      <thead>
        <tr>
          <SortHeader state={{ sort, direction, onSort }} column="name">
            Name
          </SortHeader>
          <SortHeader state={{ sort, direction, onSort }} column="count">
            Count
          </SortHeader>
        </tr>
      </thead>
    </table>,
  );
  return onSort;
}

describe('sortable headers', () => {
  it('marks the active column for assistive technology and shows its arrow', () => {
    table('count', 'desc');
    expect(screen.getByRole('columnheader', { name: /Count/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('button', { name: /Count/ }).textContent).toContain('▼');
  });

  it('sorts a new column ascending first, and flips the active one', () => {
    const onSort = table('name', 'asc');
    fireEvent.click(screen.getByRole('button', { name: /Count/ }));
    expect(onSort).toHaveBeenLastCalledWith('count', 'asc');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
  });

  it('reports a header sorting by any of several columns', () => {
    const state = { sort: 'lastname' as const, direction: 'asc' as const, onSort: vi.fn() };
    expect(ariaSort<'firstname' | 'lastname' | 'email'>(state, ['firstname', 'lastname'])).toBe('ascending');
    expect(ariaSort<'firstname' | 'lastname' | 'email'>(state, ['email'])).toBe('none');
  });
});
