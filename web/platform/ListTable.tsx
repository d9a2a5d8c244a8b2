import type { ReactNode } from 'react';

/** The card shown in place of a list that has no rows: what is missing, and what to do about it. */
export function EmptyState({ title, description }: { title: string; description: string }) {
  return (
    <div className="card empty-state">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{description}</p>
    </div>
  );
}

/**
 * A list as a table in a scrolling card, its last column holding each row's actions: that column's
 * heading is for screen readers only, since a visible "Actions" over a column of menus says nothing.
 */
export function ListTable({ columns, actionsLabel, children }: { columns: string[]; actionsLabel: string; children: ReactNode }) {
  return (
    <div className="card table-scroll">
      <table className="table">
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
