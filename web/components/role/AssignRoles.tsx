import { useCallback, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreRoleAssignRoles, coreRoleGetContextRoles, coreRoleListRoleUsers, coreRoleSearchAssignableUsers, coreRoleUnassignRoles } from '../../../api/role';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page, type Crumb } from '../../app/Page';
import { call } from '../../platform/ajax';
import { Autocomplete, type AutocompleteOption } from '../../platform/Autocomplete';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { identitySummary } from '../user/identity';
import { useRoleStrings } from './strings';
import './roles.css';

type ContextRoles = ResultOf<typeof coreRoleGetContextRoles>;
type Role = ContextRoles['roles'][number];
const PER_PAGE = 20;

/** Assign roles in a context (/admin/roles/assign.php?contextid=…): the assignable roles, their holders here, add and remove. */
export function AssignRoles() {
  const s = useRoleStrings();
  const m = useStrings('moodle', ['administrationsite']);
  const [params, setParams] = useSearchParams();
  const contextid = Number(params.get('contextid')) || 0;
  const data = useWsQuery(coreRoleGetContextRoles, { contextid });
  if (data.error) return <ErrorPage message={data.error.message} />;
  if (!data.data) return <Loading />;
  const { context, roles } = data.data;
  const selected = roles.find((r) => r.id === Number(params.get('roleid'))) ?? roles[0];
  const trail: Crumb[] = context.contextlevel === 10 ? [{ label: m('administrationsite'), to: '/admin/' }] : [{ label: context.name, to: context.url }];

  return (
    <Page title={s('assignrolesin', context.name)} breadcrumb={trail}>
      <p className="muted">{s('assignrolesintro')}</p>
      {roles.length === 0 || !selected ? (
        <div className="card empty-state">
          <p>{s('noassignableroles')}</p>
        </div>
      ) : (
        <div className="assign-layout">
          <nav className="card assign-roles" aria-label={s('choosearole')}>
            <ul>
              {roles.map((role) => (
                <li key={role.id}>
                  <Link
                    to={relativeUrl('/admin/roles/assign.php', { contextid, roleid: role.id })}
                    className="assign-role-link"
                    aria-current={role.id === selected.id ? 'true' : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      setParams({ contextid: String(contextid), roleid: String(role.id) });
                    }}
                  >
                    <span className="assign-role-name">{role.name}</span>
                    <span className="badge badge-muted">{role.count === 1 ? s('roleholderone') : s('roleholdercount', role.count)}</span>
                    {role.description && <span className="muted small assign-role-description">{role.description}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <RoleHolders key={selected.id} context={context} role={selected} />
        </div>
      )}
    </Page>
  );
}

function RoleHolders({ context, role }: { context: ContextRoles['context']; role: Role }) {
  const s = useRoleStrings();
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<AutocompleteOption[]>([]);
  const holders = useWsQuery(coreRoleListRoleUsers, { contextid: context.id, roleid: role.id, page, perpage: PER_PAGE }, { placeholderData: (previous) => previous });
  const assign = useWsMutation(coreRoleAssignRoles, [coreRoleGetContextRoles, coreRoleListRoleUsers]);
  const unassign = useWsMutation(coreRoleUnassignRoles, [coreRoleGetContextRoles, coreRoleListRoleUsers]);
  const inCourse = context.courseid > 0;

  const source = useCallback(
    async (query: string): Promise<AutocompleteOption[]> => {
      const found = await call(coreRoleSearchAssignableUsers, { contextid: context.id, roleid: role.id, search: query, perpage: 20 });
      return found.users.map((u) => {
        const identity = identitySummary(u);
        return { value: String(u.id), label: identity ? `${u.fullname} (${identity})` : u.fullname };
      });
    },
    [context.id, role.id],
  );

  function addPicked() {
    if (picked.length === 0) return;
    const count = picked.length;
    assign.mutate(
      { assignments: picked.map((p) => ({ roleid: role.id, userid: Number(p.value), contextid: context.id })) },
      {
        onSuccess: () => {
          setPicked([]);
          void addNotification({ message: s('usersassigned', { role: role.name, count }), type: 'success' });
        },
      },
    );
  }

  async function remove(user: { id: number; fullname: string }) {
    const ok = await confirmDialog({
      title: s('unassigntitle', { role: role.name, user: user.fullname }),
      message: s('unassignconfirm', context.name),
      confirmLabel: s('unassignbutton'),
      destructive: true,
    });
    if (!ok) return;
    unassign.mutate(
      { unassignments: [{ roleid: role.id, userid: user.id, contextid: context.id }] },
      { onSuccess: () => void addNotification({ message: s('userunassigned', { role: role.name, user: user.fullname }), type: 'success' }) },
    );
  }

  const total = holders.data?.total ?? 0;
  return (
    <section className="card assign-holders" aria-labelledby="assign-holders-heading">
      <h2 id="assign-holders-heading">
        {role.name} <span className="muted small">({total === 1 ? s('roleholderone') : s('roleholdercount', total)})</span>
      </h2>
      <div className="assign-add">
        <Autocomplete
          label={s('adduserstorole', role.name)}
          value={picked}
          onChange={setPicked}
          multiple
          source={source}
          description={s(inCourse ? 'searchusershelpcourse' : 'searchusershelpsite')}
        />
        <PendingButton isPending={assign.isPending} className="btn btn-primary" isDisabled={picked.length === 0} onPress={addPicked}>
          {s('assignrolebutton')}
        </PendingButton>
      </div>
      {!holders.data ? (
        <Loading />
      ) : holders.data.users.length === 0 ? (
        <p className="muted">{s('noroleholders')}</p>
      ) : (
        <ul className="people">
          {holders.data.users.map((user) => (
            <li key={user.id}>
              <span>
                {user.fullname} <span className="muted small">{identitySummary(user)}</span>
              </span>
              {user.removable ? (
                <Button className="btn btn-link danger" aria-label={s('unassignnamed', { role: role.name, user: user.fullname })} onPress={() => void remove(user)}>
                  {s('unassign')}
                </Button>
              ) : (
                <span className="muted small">{s('givenbyenrolment')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={Math.ceil(total / PER_PAGE)} onChange={setPage} />
    </section>
  );
}
