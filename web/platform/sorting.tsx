import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface SortState<C extends string> {
  sort: C;
  direction: SortDirection;
  onSort: (column: C, direction: SortDirection) => void;
}

/** The aria-sort of a header cell whose buttons sort by any of `columns`. */
export function ariaSort<C extends string>({ sort, direction }: SortState<C>, columns: readonly C[]): 'ascending' | 'descending' | 'none' {
  if (!columns.includes(sort)) return 'none';
  return direction === 'asc' ? 'ascending' : 'descending';
}

/** A column's sort button: ascending first, then each press flips the direction; an arrow shows the active one. */
export function SortButton<C extends string>({ state, column, children }: { state: SortState<C>; column: C; children: ReactNode }) {
  const { sort, direction, onSort } = state;
  return (
    <button type="button" className="sort-button" onClick={() => onSort(column, sort === column && direction === 'asc' ? 'desc' : 'asc')}>
      {children}
      <span aria-hidden="true">{sort === column ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
    </button>
  );
}

/** A header cell sorting by one column. */
export function SortHeader<C extends string>({ state, column, className, children }: { state: SortState<C>; column: C; className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={className} aria-sort={ariaSort(state, [column])}>
      <SortButton state={state} column={column}>
        {children}
      </SortButton>
    </th>
  );
}
