import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { IDENTITY_FIELDS } from '../../../api/identity';
import { coreEnrolListParticipants, enrolManualUnenrolUsers, type participantSchema } from '../../../api/enrol';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PageSizeSelect, Pager } from '../../platform/Pager';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useSearchText } from '../../platform/useSearchText';
import { useStrings } from '../../platform/useStrings';
import { EditEnrolmentDialog, type EditedEnrolment } from './EditEnrolmentDialog';
import { EditRolesDialog } from './EditRolesDialog';
import { EnrolmentMethodsDialog } from './EnrolmentMethodsDialog';
import { EnrolUsersDialog } from './EnrolUsersDialog';
import { ParticipantsTable, type Sort } from './ParticipantsTable';
import { ENROL_STRINGS } from './strings';
import './enrol.css';

export type Participant = z.infer<typeof participantSchema>;
type Status = 'all' | 'active' | 'suspended';
const SORTS: readonly Sort[] = ['lastname', 'firstname', 'lastaccess', ...IDENTITY_FIELDS];
const STATUSES: readonly Status[] = ['all', 'active', 'suspended'];
const PAGE_SIZES = [20, 50, 100, 1000] as const;

/** The list's state lives in the address, so a view can be bookmarked and the back button works. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const state = {
    search: params.get('search') ?? '',
    roleid: Number(params.get('roleid')) || 0,
    status: STATUSES.find((x) => x === params.get('status')) ?? 'all',
    sort: SORTS.find((x) => x === params.get('sort')) ?? 'lastname',
    direction: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const),
    page: Math.max(0, Number(params.get('page')) || 0),
    perpage: PAGE_SIZES.find((n) => String(n) === params.get('perpage')) ?? 20,
  };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 0, ...changes };
    const out: Record<string, string> = { id: params.get('id') ?? '' };
    if (next.search) out.search = next.search;
    if (next.roleid) out.roleid = String(next.roleid);
    if (next.status !== 'all') out.status = next.status;
    if (next.sort !== 'lastname') out.sort = next.sort;
    if (next.direction !== 'asc') out.dir = next.direction;
    if (next.page > 0) out.page = String(next.page);
    if (next.perpage !== 20) out.perpage = String(next.perpage);
    setParams(out, { replace: changes.search !== undefined });
  };
  return [state, update] as const;
}

/** `/user/index.php?id=…`: the course's participants. */
export function Participants() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <ParticipantsPage courseid={id} />;
}

type Dialog = { kind: 'enrol' } | { kind: 'methods' } | { kind: 'enrolment'; edited: EditedEnrolment } | { kind: 'roles'; user: Participant } | null;

function ParticipantsPage({ courseid }: { courseid: number }) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const [state, update] = useListParams();
  const [text, setText] = useSearchText(state.search, (search) => update({ search }));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useWsQuery(coreEnrolListParticipants, { courseid, ...state, direction: state.direction }, { meta: { quiet: true }, placeholderData: (previous) => previous });
  const unenrol = useWsMutation(enrolManualUnenrolUsers, [coreEnrolListParticipants]);

  if (list.error) return <ErrorPage message={list.error.message} />;
  if (!list.data) return <Loading />;
  const { course, participants, permissions, roles, total } = list.data;
  const pages = Math.ceil(total / state.perpage);
  const filtering = state.search !== '' || state.roleid !== 0 || state.status !== 'all';
  const filterRoles = roles.length > 0 ? roles : uniqueRoles(participants);

  async function unenrolOne(user: Participant) {
    const ok = await confirmDialog({
      title: s('unenrolconfirm', { user: user.fullname, course: course.fullname }),
      message: s('unenrolmessage', user.fullname),
      confirmLabel: s('unenrolbutton', user.fullname),
      destructive: true,
    });
    if (!ok) return;
    unenrol.mutate({ enrolments: [{ userid: user.id, courseid }] }, { onSuccess: () => void addNotification({ message: s('unenrolled', user.fullname), type: 'success' }) });
  }

  async function unenrolSelected() {
    const ids = [...selected];
    const ok = await confirmDialog({
      title: s('unenrolusersconfirm', ids.length),
      message: s('unenrolusersmessage', ids.length),
      confirmLabel: s('unenrolusersbutton', ids.length),
      destructive: true,
    });
    if (!ok) return;
    unenrol.mutate(
      { enrolments: ids.map((userid) => ({ userid, courseid })) },
      {
        onSuccess: () => {
          setSelected(new Set());
          void addNotification({ message: s('unenrolledcount', ids.length), type: 'success' });
        },
      },
    );
  }

  return (
    <Page
      title={s('participants')}
      breadcrumb={[{ label: course.fullname, to: relativeUrl('/course/view.php', { id: courseid }) }]}
      actions={
        <>
          {permissions.canconfigenrol && (
            <Button className="btn btn-secondary" onPress={() => setDialog({ kind: 'methods' })}>
              {s('enrolmentmethods')}
            </Button>
          )}
          {permissions.canenrol && roles.length > 0 && (
            <Button className="btn btn-primary" onPress={() => setDialog({ kind: 'enrol' })}>
              {s('enrolusers')}
            </Button>
          )}
        </>
      }
    >
      <div className="card">
        <div className="toolbar participants-toolbar" role="search">
          <div className="participants-filter participants-search">
            <label className="field-label" htmlFor="participants-search">
              {s('keyword')}
            </label>
            <input id="participants-search" type="search" placeholder={s('searchparticipants')} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <div className="participants-filter">
            <label className="field-label" htmlFor="participants-role">
              {s('filterbyrole')}
            </label>
            <select id="participants-role" value={state.roleid} onChange={(e) => update({ roleid: Number(e.target.value) })}>
              <option value={0}>{s('allroles')}</option>
              {filterRoles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <div className="participants-filter">
            <label className="field-label" htmlFor="participants-status">
              {s('filterbystatus')}
            </label>
            <select id="participants-status" value={state.status} onChange={(e) => update({ status: STATUSES.find((x) => x === e.target.value) ?? 'all' })}>
              <option value="all">{s('allstatuses')}</option>
              <option value="active">{s('active')}</option>
              <option value="suspended">{s('suspended')}</option>
            </select>
          </div>
        </div>
        <p className="muted" aria-live="polite">
          {total === 1 ? s('participantcount_one') : s('participantcount', total)}
        </p>
        {participants.length === 0 ? (
          <p className="empty-state">{filtering ? s('noparticipants') : s('noparticipantsyet')}</p>
        ) : (
          <div className="table-scroll">
            <ParticipantsTable
              courseid={courseid}
              participants={participants}
              identityfields={list.data.identityfields}
              selectable={permissions.canunenrol}
              selected={selected}
              onSelect={setSelected}
              sort={state.sort}
              direction={state.direction}
              onSort={(sort, direction) => update({ sort, direction })}
              onEditRoles={permissions.canassignroles ? (user) => setDialog({ kind: 'roles', user }) : undefined}
              rowMenu={(user) =>
                permissions.canmanageenrolments || permissions.canunenrol ? (
                  <RowMenu
                    user={user}
                    canEdit={permissions.canmanageenrolments}
                    canUnenrol={permissions.canunenrol}
                    onEdit={(enrolment) => setDialog({ kind: 'enrolment', edited: { fullname: user.fullname, enrolment } })}
                    onUnenrol={() => void unenrolOne(user)}
                  />
                ) : null
              }
            />
          </div>
        )}
        <div className="list-footer">
          {permissions.canunenrol && (
            <div className="participants-bulk">
              <span className="muted">{s('selectedcount', selected.size)}</span>
              <MenuTrigger>
                <Button className="btn btn-secondary" isDisabled={selected.size === 0}>
                  {s('withselected')}
                </Button>
                <Popover className="menu-popover">
                  <Menu className="menu" onAction={(key) => key === 'unenrol' && void unenrolSelected()}>
                    <MenuItem className="menu-item" id="unenrol">
                      {s('unenrolselected')}
                    </MenuItem>
                  </Menu>
                </Popover>
              </MenuTrigger>
            </div>
          )}
          <Pager page={state.page} pages={pages} onChange={(page) => update({ page })} />
          <PageSizeSelect id="participants-perpage" className="participants-filter participants-perpage" label={s('perpage')} value={state.perpage} sizes={PAGE_SIZES} onChange={(perpage) => update({ perpage })} />
        </div>
      </div>
      <EnrolUsersDialog courseid={courseid} roles={roles} isOpen={dialog?.kind === 'enrol'} onClose={() => setDialog(null)} />
      {dialog?.kind === 'methods' && <EnrolmentMethodsDialog courseid={courseid} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'enrolment' && <EditEnrolmentDialog courseid={courseid} edited={dialog.edited} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'roles' && <EditRolesDialog contextid={course.contextid} user={dialog.user} assignable={roles} onClose={() => setDialog(null)} />}
    </Page>
  );
}

/** Roles seen on the page, for the role filter of people who cannot assign any. */
function uniqueRoles(participants: Participant[]) {
  const seen = new Map<number, { id: number; name: string }>();
  for (const p of participants) for (const r of p.roles) seen.set(r.id, r);
  return [...seen.values()];
}

interface RowMenuProps {
  user: Participant;
  canEdit: boolean;
  canUnenrol: boolean;
  onEdit: (enrolment: Participant['enrolments'][number]) => void;
  onUnenrol: () => void;
}

function RowMenu({ user, canEdit, canUnenrol, onEdit, onUnenrol }: RowMenuProps) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const enrolment = user.enrolments[0];
  const manual = user.enrolments.some((e) => e.method === 'manual');
  return (
    <MenuTrigger>
      <Button className="btn btn-secondary row-menu-button" aria-label={s('actionsfor', user.fullname)}>
        ⋮
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu
          className="menu"
          onAction={(key) => {
            if (key === 'edit' && enrolment) onEdit(enrolment);
            if (key === 'unenrol') onUnenrol();
          }}
        >
          {canEdit && enrolment && (
            <MenuItem className="menu-item" id="edit">
              {s('editenrolment')}
            </MenuItem>
          )}
          {canUnenrol && manual && (
            <MenuItem className="menu-item" id="unenrol">
              {s('unenrol')}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
