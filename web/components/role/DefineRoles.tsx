import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreRoleDeleteRole, coreRoleListRoles, coreRoleMoveRole, coreRoleResetRole } from '../../../api/role';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { moveButtonId, refocusMoveButton, type MoveDirection } from '../../platform/moveButtons';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { RoleTabs } from './RoleTabs';
import { archetypeKey, useRoleStrings } from './strings';
import './roles.css';

type Role = ResultOf<typeof coreRoleListRoles>['roles'][number];

/** Define roles (/admin/roles/manage.php): every role with its archetype, holders and order, and its actions. */
export function DefineRoles() {
  const s = useRoleStrings();
  const m = useStrings('moodle', ['administrationsite']);
  const list = useWsQuery(coreRoleListRoles, {});
  const move = useWsMutation(coreRoleMoveRole, [coreRoleListRoles]);
  const reset = useWsMutation(coreRoleResetRole, [coreRoleListRoles]);
  const remove = useWsMutation(coreRoleDeleteRole, [coreRoleListRoles]);

  async function confirmReset(role: Role) {
    const message = role.archetype ? s('resetroleconfirm', s(archetypeKey(role.archetype))) : s('resetrolenoarchetype');
    if (await confirmDialog({ title: s('resetroletitle', role.name), message, confirmLabel: s('resetrolebutton'), destructive: true })) {
      reset.mutate({ roleid: role.id }, { onSuccess: () => void addNotification({ message: s('rolereset', role.name), type: 'success' }) });
    }
  }

  async function confirmDelete(role: Role) {
    const message = role.usercount > 0 ? s('deleteroleconfirm', { users: role.usercount, overrides: role.overridecount }) : s('deleteroleconfirmnone', role.overridecount);
    if (await confirmDialog({ title: s('deleteroletitle', role.name), message, confirmLabel: s('deleterolebutton'), destructive: true })) {
      remove.mutate({ roleid: role.id }, { onSuccess: () => void addNotification({ message: s('roledeleted', role.name), type: 'success' }) });
    }
  }

  /** One move at a time (the buttons stay enabled, so they keep focus); announced, and focus follows the role. */
  function moveRole(role: Role, index: number, direction: MoveDirection) {
    if (move.isPending) return;
    move.mutate(
      { roleid: role.id, direction },
      {
        onSuccess: () => {
          announce(s('rolemovedto', { name: role.name, position: index + (direction === 'up' ? 0 : 2) }));
          refocusMoveButton('role', role.id, direction);
        },
      },
    );
  }

  if (list.error) return <ErrorPage message={list.error.message} />;
  const roles = list.data?.roles;
  return (
    <Page
      title={s('defineroles')}
      breadcrumb={[{ label: m('administrationsite'), to: '/admin/' }]}
      actions={
        <Link className="btn btn-primary" to={relativeUrl('/admin/roles/define.php', { action: 'add' })}>
          {s('addrole')}
        </Link>
      }
    >
      <RoleTabs />
      <p className="muted">{s('definerolesintro')}</p>
      {!roles ? (
        <Loading />
      ) : (
        <div className="card table-scroll">
          <table className="table roles-table">
            <thead>
              <tr>
                <th scope="col">{s('rolename')}</th>
                <th scope="col">{s('roleshortname')}</th>
                <th scope="col" className="roles-description">
                  {s('roledescription')}
                </th>
                <th scope="col">{s('rolearchetype')}</th>
                <th scope="col" className="numeric">
                  {s('roleusers')}
                </th>
                <th scope="col">{s('roleorder')}</th>
                <th scope="col">
                  <span className="visually-hidden">{s('roleactions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {roles.map((role, index) => (
                <tr key={role.id}>
                  <th scope="row">
                    <Link to={relativeUrl('/admin/roles/define.php', { action: 'view', roleid: role.id })}>{role.name}</Link>
                    {role.required && (
                      <span className="badge badge-muted" title={s('requiredrolehelp')}>
                        {s('requiredrole')}
                      </span>
                    )}
                  </th>
                  <td>
                    <code>{role.shortname}</code>
                  </td>
                  <td className="roles-description">{htmlToText(role.description)}</td>
                  <td>{s(archetypeKey(role.archetype))}</td>
                  <td className="numeric">{role.usercount}</td>
                  <td className="roles-order">
                    <Button
                      id={moveButtonId('role', role.id, 'up')}
                      className="btn btn-link icon-btn"
                      aria-label={s('moveupnamed', role.name)}
                      isDisabled={index === 0}
                      onPress={() => moveRole(role, index, 'up')}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      id={moveButtonId('role', role.id, 'down')}
                      className="btn btn-link icon-btn"
                      aria-label={s('movedownnamed', role.name)}
                      isDisabled={index === roles.length - 1}
                      onPress={() => moveRole(role, index, 'down')}
                    >
                      <span aria-hidden="true">↓</span>
                    </Button>
                  </td>
                  <td className="row-actions">
                    <Link className="btn btn-link" to={relativeUrl('/admin/roles/define.php', { action: 'edit', roleid: role.id })} aria-label={s('editrolenamed', role.name)}>
                      {s('editrole')}
                    </Link>
                    <Button className="btn btn-link" aria-label={s('resetrolenamed', role.name)} onPress={() => void confirmReset(role)}>
                      {s('resetrole')}
                    </Button>
                    {!role.required && (
                      <Button className="btn btn-link danger" aria-label={s('deleterolenamed', role.name)} onPress={() => void confirmDelete(role)}>
                        {s('deleterole')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
