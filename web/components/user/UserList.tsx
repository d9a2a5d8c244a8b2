import { useState } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { coreUserDeleteUsers, coreUserListUsers, coreUserUpdateUsers, type userListItemSchema } from '../../../api/user';
import type { z } from 'zod';
import type { ArgsOf, ResultOf } from '../../../api/contract';
import { IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { ReportTable } from '../../platform/ReportTable';
import type { TableColumn, TableRequest } from '../../platform/ReportTableColumns';
import { useTableMessages } from '../../platform/ReportTableMessages';
import { useWsTableSource, wsPage, wsSorts } from '../../platform/tablesource';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { WithAvatar } from './Avatar';
import { LoginAsButton } from './LoginAsButton';
import { USER_LIST_STRINGS } from './userStrings';
import { AddToCohort } from '../cohort/AddToCohort';
import './user.css';

type Listed = z.infer<typeof userListItemSchema>;
type Status = 'all' | 'active' | 'suspended';
const STATUSES: readonly Status[] = ['all', 'active', 'suspended'];
/** What the server sorts the list by: the table's headings name these. */
const SORT_KEYS = ['lastname', 'firstname', 'username', 'lastaccess', ...IDENTITY_FIELDS] as const;

/** The search and the status filter live in the address, so a view can be bookmarked and the back button works. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const state = { search: params.get('search') ?? '', status: STATUSES.find((s) => s === params.get('status')) ?? 'all' };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, ...changes };
    const out: Record<string, string> = {};
    if (next.search) out.search = next.search;
    if (next.status !== 'all') out.status = next.status;
    setParams(out, { replace: changes.search !== undefined });
  };
  return [state, update] as const;
}

/** One page of the list as the report table asks for it (a module function: the source does not watch it). */
const toArgs = (request: TableRequest, filters: { status: Status }): ArgsOf<typeof coreUserListUsers> => ({
  search: request.search,
  suspended: filters.status,
  ...wsPage(request),
  sorts: wsSorts(request, SORT_KEYS),
});
const toPage = (answer: ResultOf<typeof coreUserListUsers>) => ({ data: answer.users, recordsFiltered: answer.total });

/** Browse list of users: the report table in server mode with search, status filter, sortable columns and bulk actions. */
export function UserList() {
  const s = useStrings('core_user', USER_LIST_STRINGS);
  const t = useStrings('core_user', [...IDENTITY_FIELDS, 'actions', 'fullname']);
  const c = useStrings('core_cohort', ['addtocohort']);
  const [state, update] = useListParams();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shown, setShown] = useState<readonly Listed[]>([]);
  const [addingToCohort, setAddingToCohort] = useState(false);
  // The identity columns the caller sees come with any answer: the smallest one, before the table.
  const probe = useWsQuery(coreUserListUsers, { perpage: 1 });
  const source = useWsTableSource(coreUserListUsers, { status: state.status }, toArgs, toPage);
  const updateUsers = useWsMutation(coreUserUpdateUsers, [coreUserListUsers]);
  const deleteUsers = useWsMutation(coreUserDeleteUsers, [coreUserListUsers]);
  const visibleSelected = shown.filter((u) => selected.has(u.id)).map((u) => u.id);
  const identityfields = probe.data?.identityfields;
  const columns = userColumns({ s, t, identityfields: identityfields ?? [], shown, selected, onSelect: setSelected });
  const table = useTableMessages();
  const messages = { ...table, search: s('searchusers'), searchHelp: s('searchusershelp'), zeroRecords: s('nousersfound', state.search), emptyTable: s('nousers') };

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

  const busy = updateUsers.isPending || deleteUsers.isPending;
  /** Whether the bulk change under way suspends (true) or activates (false) the users; undefined when none is. */
  const suspending = updateUsers.isPending ? updateUsers.variables?.users[0]?.suspended : undefined;
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
      {!identityfields ? (
        <Loading />
      ) : (
        <section className="card user-list" aria-label={s('browseusers')}>
          <div className="toolbar user-bulk" aria-live="polite">
            {visibleSelected.length > 0 && (
              <>
                <strong>{s('selected', visibleSelected.length)}</strong>
                <PendingButton className="btn btn-secondary" isPending={suspending === true} isDisabled={busy} onPress={() => void bulk('suspend')}>
                  {s('suspend')}
                </PendingButton>
                <PendingButton className="btn btn-secondary" isPending={suspending === false} isDisabled={busy} onPress={() => void bulk('activate')}>
                  {s('activate')}
                </PendingButton>
                <Button className="btn btn-secondary" isDisabled={busy} onPress={() => setAddingToCohort(true)}>
                  {c('addtocohort')}
                </Button>
                <PendingButton className="btn btn-danger" isPending={deleteUsers.isPending} isDisabled={busy} onPress={() => void bulk('delete')}>
                  {s('delete')}
                </PendingButton>
              </>
            )}
          </div>
          <ReportTable
            stateId="admin_users"
            caption={s('browseusers')}
            columns={columns}
            messages={messages}
            {...source}
            search={state.search}
            onSearchChange={(search) => update({ search })}
            toolbar={<StatusChoice label={s('status')} value={state.status} options={STATUSES.map((v) => ({ id: v, label: s(`status${v}`) }))} onChange={(status) => update({ status })} />}
            rowKey={(user) => user.id}
            rowSelected={(user) => selected.has(user.id)}
            onPage={setShown}
          />
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

interface StatusChoiceProps {
  label: string;
  value: Status;
  options: Array<{ id: Status; label: string }>;
  onChange: (value: Status) => void;
}

function StatusChoice({ label, value, options, onChange }: StatusChoiceProps) {
  return (
    <Select className="user-choice" selectedKey={value} onSelectionChange={(key) => onChange(STATUSES.find((s) => s === key) ?? 'all')}>
      <Label>{label}</Label>
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

interface ColumnsOf {
  s: StringLookup;
  t: StringLookup;
  /** The identity columns the server answers ("Show user identity"). */
  identityfields: readonly IdentityField[];
  /** The users on the page, which the select-all box covers. */
  shown: readonly Listed[];
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
}

/** The list's columns: selection, name (by first or last name), username, the identity fields, last access, log in as. */
function userColumns({ s, t, identityfields, shown, selected, onSelect }: ColumnsOf): Array<TableColumn<Listed>> {
  const allChecked = shown.length > 0 && shown.every((u) => selected.has(u.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const toggleAll = () => onSelect(allChecked ? new Set([...selected].filter((id) => !shown.some((u) => u.id === id))) : new Set([...selected, ...shown.map((u) => u.id)]));
  return [
    {
      header: s('selectall'),
      heading: <input type="checkbox" aria-label={s('selectall')} checked={allChecked} onChange={toggleAll} />,
      value: () => null,
      cell: (user) => <input type="checkbox" aria-label={s('select', user.fullname)} checked={selected.has(user.id)} onChange={() => toggle(user.id)} />,
    },
    {
      header: t('fullname'),
      sortOptions: [
        { key: 'firstname', label: s('firstname') },
        { key: 'lastname', label: s('lastname') },
      ],
      searchable: false,
      hideable: false,
      value: (user) => user.fullname,
      cell: (user) => (
        <WithAvatar user={user}>
          <Link to={relativeUrl('/user/editadvanced.php', { id: user.id })}>{user.fullname}</Link>
          {user.suspended && <span className="badge badge-muted user-badge">{s('suspendedbadge')}</span>}
        </WithAvatar>
      ),
    },
    { header: s('username'), key: 'username', searchable: false, value: (user) => user.username },
    ...identityfields.map((field): TableColumn<Listed> => ({ header: t(field), key: field, searchable: false, numeric: false, value: (user) => user[field] ?? '' })),
    { header: s('lastaccess'), key: 'lastaccess', searchable: false, numeric: false, nowrap: true, value: (user) => user.lastaccess, cell: (user) => formatDateTime(user.lastaccess, s('never')) },
    {
      header: t('actions'),
      headerHidden: true,
      sortable: false,
      searchable: false,
      hideable: false,
      nowrap: true,
      value: () => null,
      cell: (user) => user.canloginas && <LoginAsButton user={user} className="btn btn-link" />,
    },
  ];
}
