import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';
import { formatDateTime } from '../../platform/intl';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { WithAvatar } from '../user/Avatar';
import type { Participant } from './Participants';
import { ENROL_STRINGS } from './strings';
import { ariaSort, SortButton } from '../../platform/sorting';

export type Sort = 'lastname' | 'firstname' | 'lastaccess' | IdentityField;

interface ParticipantsTableProps {
  courseid: number;
  participants: Participant[];
  /** The identity columns the server answered ("Show user identity"), in order. */
  identityfields: readonly IdentityField[];
  /** Checkboxes for bulk actions. */
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
  sort: Sort;
  direction: 'asc' | 'desc';
  onSort: (sort: Sort, direction: 'asc' | 'desc') => void;
  /** Present when the caller may change roles. */
  onEditRoles?: (user: Participant) => void;
  rowMenu: (user: Participant) => ReactNode;
}

/** Active, suspended, or not current (outside its dates) — the best of the user's enrolments. */
function statusKey(user: Participant): 'active' | 'suspended' | 'notcurrent' {
  const t = Date.now() / 1000;
  const states = user.enrolments.map((e) => (e.status !== 0 ? 'suspended' : e.timestart <= t && (e.timeend === 0 || e.timeend > t) ? 'active' : 'notcurrent'));
  if (states.includes('active')) return 'active';
  return states.includes('notcurrent') ? 'notcurrent' : 'suspended';
}

export function ParticipantsTable({ courseid, participants, identityfields, selectable, selected, onSelect, sort, direction, onSort, onEditRoles, rowMenu }: ParticipantsTableProps) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const labels = useStrings('moodle', IDENTITY_FIELDS);
  const allChecked = participants.every((u) => selected.has(u.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const sorting = { sort, direction, onSort };
  const sortedBy = (columns: Sort[]) => ariaSort(sorting, columns);
  const sortButton = (column: Sort, label: string) => (
    <SortButton state={sorting} column={column}>
      {label}
    </SortButton>
  );
  return (
    <table className="table participants-table">
      <caption className="visually-hidden">{s('participants')}</caption>
      <thead>
        <tr>
          {selectable && (
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label={s('selectall')}
                checked={allChecked}
                onChange={() => onSelect(allChecked ? new Set([...selected].filter((id) => !participants.some((u) => u.id === id))) : new Set([...selected, ...participants.map((u) => u.id)]))}
              />
            </th>
          )}
          <th scope="col" aria-sort={sortedBy(['firstname', 'lastname'])}>
            {sortButton('firstname', s('firstname'))} / {sortButton('lastname', s('lastname'))}
          </th>
          {identityfields.map((field) => (
            <th key={field} scope="col" aria-sort={sortedBy([field])}>
              {sortButton(field, labels(field))}
            </th>
          ))}
          <th scope="col">{s('roles')}</th>
          <th scope="col">{s('groups')}</th>
          <th scope="col" aria-sort={sortedBy(['lastaccess'])}>
            {sortButton('lastaccess', s('lastaccess'))}
          </th>
          <th scope="col">{s('status')}</th>
          <th scope="col">
            <span className="visually-hidden">{s('actionsfor', '')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {participants.map((user) => {
          const status = statusKey(user);
          return (
            <tr key={user.id} aria-selected={selectable ? selected.has(user.id) : undefined}>
              {selectable && (
                <td className="select-cell">
                  <input type="checkbox" aria-label={s('select', user.fullname)} checked={selected.has(user.id)} onChange={() => toggle(user.id)} />
                </td>
              )}
              <th scope="row" className="participant-name">
                <WithAvatar user={user}>
                  <Link to={relativeUrl('/user/profile.php', { id: user.id, course: courseid })}>{user.fullname}</Link>
                </WithAvatar>
              </th>
              {identityfields.map((field) => (
                <td key={field}>{user[field]}</td>
              ))}
              <td>
                <span className="participant-roles">
                  {user.roles.length === 0 ? <span className="muted">{s('norole')}</span> : user.roles.map((r) => <span key={r.id} className="badge">{r.name}</span>)}
                  {onEditRoles && (
                    <Button className="icon-button" aria-label={s('editroles', user.fullname)} onPress={() => onEditRoles(user)}>
                      ✎
                    </Button>
                  )}
                </span>
              </td>
              <td>{user.groups.length === 0 ? <span className="muted">{s('nogroup')}</span> : user.groups.map((g) => g.name).join(', ')}</td>
              <td>{formatDateTime(user.lastaccess, s('never'))}</td>
              <td>
                <span className={`badge${status === 'active' ? ' badge-success' : ' badge-muted'}`}>{s(status)}</span>
              </td>
              <td className="row-actions">{rowMenu(user)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
