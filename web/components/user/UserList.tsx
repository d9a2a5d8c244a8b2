import { Fragment, useEffect, useState } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { coreUserDeleteUsers, coreUserListUsers, coreUserUpdateUsers, type userListItemSchema } from '../../../api/user';
import type { z } from 'zod';
import { IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { WithAvatar } from './Avatar';
import { LoginAsButton } from './LoginAsButton';
import { USER_LIST_STRINGS } from './userStrings';
import { AddToCohort } from '../cohort/AddToCohort';
import './user.css';
import { ariaSort, SortButton, SortHeader } from '../../platform/sorting';

type Listed = z.infer<typeof userListItemSchema>;
type Sort = 'lastname' | 'firstname' | 'username' | 'lastaccess' | IdentityField;
type Status = 'all' | 'active' | 'suspended';
const SORTS: readonly Sort[] = ['lastname', 'firstname', 'username', 'lastaccess', ...IDENTITY_FIELDS];
const STATUSES: readonly Status[] = ['all', 'active', 'suspended'];
const PAGE_SIZES = [30, 100, 500] as const;
const SEARCH_DELAY_MS = 300;

/** The list's state lives in the address, so a view can be bookmarked and the back button works. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'lastname';
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const perpage = PAGE_SIZES.find((n) => String(n) === params.get('perpage')) ?? 30;
  const state = {
    search: params.get('search') ?? '',
    status,
    sort,
    direction: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const),
    page: Math.max(0, Number(params.get('page')) || 0),
    perpage,
  };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 0, ...changes };
    const out: Record<string, string> = {};
    if (next.search) out.search = next.search;
    if (next.status !== 'all') out.status = next.status;
    if (next.sort !== 'lastname') out.sort = next.sort;
    if (next.direction !== 'asc') out.dir = next.direction;
    if (next.page > 0) out.page = String(next.page);
    if (next.perpage !== 30) out.perpage = String(next.perpage);
    setParams(out, { replace: changes.search !== undefined });
  };
  return [state, update] as const;
}

/** Browse list of users: search, status filter, sortable columns, server paging and bulk actions. */
export function UserList() {
  const s = useStrings('core_user', USER_LIST_STRINGS);
  const [state, update] = useListParams();
  const [text, setText] = useState(state.search);
  // The search last written to the address: when the address changes otherwise (a link, history),
  // the box follows it.
  const [written, setWritten] = useState(state.search);
  if (state.search !== written) {
    setWritten(state.search);
    setText(state.search);
  }
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [addingToCohort, setAddingToCohort] = useState(false);
  const c = useStrings('core_cohort', ['addtocohort']);
  useEffect(() => {
    const search = text.trim();
    if (search === written) return undefined;
    const timer = setTimeout(() => {
      setWritten(search);
      update({ search });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });
  const list = useWsQuery(coreUserListUsers, {
    search: state.search,
    suspended: state.status,
    sort: state.sort,
    direction: state.direction,
    page: state.page,
    perpage: state.perpage,
  }, { placeholderData: (previous) => previous });
  const updateUsers = useWsMutation(coreUserUpdateUsers, [coreUserListUsers]);
  const deleteUsers = useWsMutation(coreUserDeleteUsers, [coreUserListUsers]);
  const users = list.data?.users ?? [];
  const visibleSelected = users.filter((u) => selected.has(u.id)).map((u) => u.id);

  async function bulk(action: 'suspend' | 'activate' | 'delete') {
    const count = visibleSelected.length;
    // "Suspend 1 user", "Suspend 3 users": each count-bearing string has a singular twin.
    const n = (key: string) => s(count === 1 ? `${key}_one` : key, count);
    const ok = await confirmDialog({
      title: n(`${action}users`),
      message: n(`${action}usersconfirm`),
      confirmLabel: n(`${action}users`),
      destructive: action !== 'activate',
    });
    if (!ok) return;
    const done = () => {
      setSelected(new Set());
      void addNotification({ message: n(action === 'delete' ? 'usersdeleted' : 'usersupdated'), type: 'success' });
    };
    if (action === 'delete') deleteUsers.mutate({ userids: visibleSelected }, { onSuccess: done });
    else updateUsers.mutate({ users: visibleSelected.map((id) => ({ id, suspended: action === 'suspend' })) }, { onSuccess: done });
  }

  const pages = list.data ? Math.ceil(list.data.total / state.perpage) : 0;
  const busy = updateUsers.isPending || deleteUsers.isPending;
  return (
    <Page
      title={s('browseusers')}
      breadcrumb={[{ label: s('administrationsite'), to: '/admin/' }]}
      actions={
        <>
          <Link className="btn btn-secondary" to="/admin/tool/uploaduser/index.php">
            {s('uploadusers')}
          </Link>
          <Link className="btn btn-primary" to={relativeUrl('/user/editadvanced.php', { id: -1 })}>
            {s('addnewuser')}
          </Link>
        </>
      }
    >
      <div className="user-filters">
        <div className="user-search" role="search">
          <label className="field-label" htmlFor="user-search-input">
            {s('searchusers')}
          </label>
          <input id="user-search-input" type="search" value={text} aria-describedby="user-search-help" onChange={(e) => setText(e.target.value)} />
          <small id="user-search-help" className="muted">
            {s('searchusershelp')}
          </small>
        </div>
        <Choice label={s('status')} value={state.status} options={STATUSES.map((v) => ({ id: v, label: s(`status${v}`) }))} onChange={(v) => update({ status: v as Status })} />
        <Choice
          label={s('perpage')}
          value={String(state.perpage)}
          options={PAGE_SIZES.map((n) => ({ id: String(n), label: String(n) }))}
          onChange={(v) => update({ perpage: Number(v) as (typeof PAGE_SIZES)[number] })}
        />
      </div>
      {list.isPending ? (
        <Loading />
      ) : users.length === 0 ? (
        <p className="empty-state">{state.search ? s('nousersfound', state.search) : s('nousers')}</p>
      ) : (
        <section className="card user-list" aria-label={s('browseusers')}>
          <div className="toolbar user-bulk" aria-live="polite">
            <span className="muted">{s('totalusers', list.data?.total ?? 0)}</span>
            {visibleSelected.length > 0 && (
              <>
                <strong>{s('selected', visibleSelected.length)}</strong>
                <Button className="btn btn-secondary" isDisabled={busy} onPress={() => void bulk('suspend')}>
                  {s('suspend')}
                </Button>
                <Button className="btn btn-secondary" isDisabled={busy} onPress={() => void bulk('activate')}>
                  {s('activate')}
                </Button>
                <Button className="btn btn-secondary" isDisabled={busy} onPress={() => setAddingToCohort(true)}>
                  {c('addtocohort')}
                </Button>
                <Button className="btn btn-danger" isDisabled={busy} onPress={() => void bulk('delete')}>
                  {s('delete')}
                </Button>
              </>
            )}
          </div>
          <div className="table-scroll">
            <UserTable
              users={users}
              identityfields={list.data?.identityfields ?? []}
              selected={selected}
              onSelect={setSelected}
              sort={state.sort}
              direction={state.direction}
              onSort={(sort, direction) => update({ sort, direction })}
            />
          </div>
          <Pager page={state.page} pages={pages} onChange={(page) => update({ page })} />
        </section>
      )}
      {addingToCohort && (
        <AddToCohort
          userids={visibleSelected}
          onClose={(added) => {
            setAddingToCohort(false);
            if (added) setSelected(new Set());
          }}
        />
      )}
    </Page>
  );
}

interface ChoiceProps {
  label: string;
  value: string;
  options: Array<{ id: string; label: string }>;
  onChange: (value: string) => void;
}

function Choice({ label, value, options, onChange }: ChoiceProps) {
  return (
    <Select className="user-choice" selectedKey={value} onSelectionChange={(key) => key !== null && onChange(String(key))}>
      <Label className="field-label">{label}</Label>
      <Button className="btn btn-secondary select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="menu-popover">
        <ListBox className="menu" items={options}>
          {(item) => (
            <ListBoxItem className="menu-item" id={item.id}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

interface UserTableProps {
  users: Listed[];
  /** The identity columns the server answered ("Show user identity"). */
  identityfields: readonly IdentityField[];
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
  sort: Sort;
  direction: 'asc' | 'desc';
  onSort: (sort: Sort, direction: 'asc' | 'desc') => void;
}

function UserTable({ users, identityfields, selected, onSelect, sort, direction, onSort }: UserTableProps) {
  const s = useStrings('core_user', USER_LIST_STRINGS);
  const t = useStrings('core_user', [...IDENTITY_FIELDS, 'actions']);
  const anyLoginAs = users.some((u) => u.canloginas);
  const allChecked = users.every((u) => selected.has(u.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const sorting = { sort, direction, onSort };
  const sortButton = (column: Sort, label: string) => (
    <SortButton state={sorting} column={column}>
      {label}
    </SortButton>
  );
  const header = (column: Sort, label: string) => (
    <SortHeader state={sorting} column={column}>
      {label}
    </SortHeader>
  );
  return (
    <table className="table user-table">
      <thead>
        <tr>
          <th scope="col" className="select-cell">
            <input
              type="checkbox"
              aria-label={s('selectall')}
              checked={allChecked}
              onChange={() => onSelect(allChecked ? new Set([...selected].filter((id) => !users.some((u) => u.id === id))) : new Set([...selected, ...users.map((u) => u.id)]))}
            />
          </th>
          <th scope="col" aria-sort={ariaSort(sorting, ['firstname', 'lastname'])}>
            {sortButton('firstname', s('firstname'))} / {sortButton('lastname', s('lastname'))}
          </th>
          {header('username', s('username'))}
          {identityfields.map((field) => (
            <Fragment key={field}>{header(field, t(field))}</Fragment>
          ))}
          {header('lastaccess', s('lastaccess'))}
          {anyLoginAs && (
            <th scope="col">
              <span className="visually-hidden">{t('actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id} aria-selected={selected.has(user.id)}>
            <td className="select-cell">
              <input type="checkbox" aria-label={s('select', user.fullname)} checked={selected.has(user.id)} onChange={() => toggle(user.id)} />
            </td>
            <td>
              <WithAvatar user={user}>
                <Link to={relativeUrl('/user/editadvanced.php', { id: user.id })}>{user.fullname}</Link>
                {user.suspended && <span className="badge badge-muted user-badge">{s('suspendedbadge')}</span>}
              </WithAvatar>
            </td>
            <td>{user.username}</td>
            {identityfields.map((field) => (
              <td key={field}>{user[field]}</td>
            ))}
            <td>{formatDateTime(user.lastaccess, s('never'))}</td>
            {anyLoginAs && <td className="user-row-actions">{user.canloginas && <LoginAsButton user={user} className="btn btn-link" />}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
