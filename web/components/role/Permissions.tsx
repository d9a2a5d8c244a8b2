import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreRoleCheckUserPermissions, coreRoleGetPermissionOverrides } from '../../../api/roleoverride';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { confirmDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { PermissionDialog, type DialogRole } from './PermissionDialog';
import { PERMISSION_STRINGS } from './permissionStrings';
import { RiskBadges } from './RiskBadges';
import { contextCrumbs, useContextIdParam } from './roleContext';
import { changePermission, type OverrideAction } from './rolesAjax';
import './permissions.css';

type PageData = ResultOf<typeof coreRoleGetPermissionOverrides>;
type Capability = PageData['capabilities'][number];
type Role = PageData['roles'][number];

/** `/admin/roles/permissions.php?contextid=…`: the permission manager of a context. */
export function Permissions() {
  const contextid = useContextIdParam();
  const s = useStrings('core_role', PERMISSION_STRINGS);
  if (contextid === undefined) return <Loading />;
  if (Number.isNaN(contextid)) return <ErrorPage message={s('nocapabilities')} />;
  return <PermissionsOf contextid={contextid} />;
}

function PermissionsOf({ contextid }: { contextid: number }) {
  const s = useStrings('core_role', PERMISSION_STRINGS);
  const client = useQueryClient();
  const page = useWsQuery(coreRoleGetPermissionOverrides, { contextid }, { meta: { quiet: true }, staleTime: 0 });
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<{ action: 'allow' | 'prohibit'; capability: Capability } | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  if (page.error) return <ErrorPage message={page.error.message} />;
  if (!page.data) return <Loading />;
  const data = page.data;
  const roleById = new Map(data.roles.map((r) => [r.id, r]));
  const overridable = data.roles.filter((r) => r.overridable);
  const needle = filter.trim().toLocaleLowerCase();
  const shown = data.capabilities.filter((c) => !needle || c.name.toLocaleLowerCase().includes(needle) || c.displayname.toLocaleLowerCase().includes(needle));

  /** Makes one change through the roles ajax endpoint, then re-reads the page so the row shows it. */
  async function apply(capability: Capability, role: DialogRole, action: OverrideAction) {
    setPending((p) => new Set(p).add(capability.name));
    try {
      await changePermission(contextid, role.id, capability.name, action);
      await Promise.all([
        client.invalidateQueries({ queryKey: [coreRoleGetPermissionOverrides.name] }),
        client.invalidateQueries({ queryKey: [coreRoleCheckUserPermissions.name] }),
      ]);
      void addNotification({ message: s(`changed_${action}`, { role: role.name, cap: capability.displayname }), type: 'success' });
    } catch (error) {
      void showException(error);
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(capability.name);
        return next;
      });
    }
  }

  async function remove(capability: Capability, role: Role, action: 'prevent' | 'unprohibit') {
    const a = { role: role.name, cap: capability.displayname, context: data.context.label };
    const ok = await confirmDialog({
      title: s(action === 'prevent' ? 'preventbutton' : 'unprohibitbutton'),
      message: s(action === 'prevent' ? 'confirmprevent' : 'confirmunprohibit', a),
      confirmLabel: s(action === 'prevent' ? 'preventbutton' : 'unprohibitbutton'),
      destructive: action === 'prevent',
    });
    if (ok) await apply(capability, role, action);
  }

  const title = s('permissionsin', data.context.label);
  const notice = data.canoverride ? '' : data.cansafeoverride ? s('safeoverrideonly') : s('readonlypermissions');
  return (
    <Page
      title={title}
      breadcrumb={contextCrumbs(data.context, s('siteadministration'))}
      actions={
        <Link className="btn btn-secondary" to={`/admin/roles/check.php?contextid=${contextid}`}>
          {s('checkpermissions')}
        </Link>
      }
    >
      {notice && (
        <div className="alert alert-info" role="note">
          <div className="alert-message">{notice}</div>
        </div>
      )}
      <section className="card permissions-card" aria-label={title}>
        <div className="toolbar permissions-toolbar" role="search">
          <div className="field permissions-filter">
            <label htmlFor="permissions-filter-input">{s('filter')}</label>
            <input id="permissions-filter-input" type="search" value={filter} placeholder={s('filterplaceholder')} onChange={(e) => setFilter(e.target.value)} />
          </div>
          <span className="muted" aria-live="polite">
            {s('capabilitycount', shown.length)}
          </span>
        </div>
        {shown.length === 0 ? (
          <div className="empty-state">
            <p>{needle ? s('nocapabilitiesmatch', filter.trim()) : s('nocapabilities')}</p>
          </div>
        ) : (
          <div className="table-scroll">
            <table className="table permissions-table">
              <thead>
                <tr>
                  <th scope="col">{s('capability')}</th>
                  <th scope="col">{s('risks')}</th>
                  <th scope="col">{s('roleswithpermission')}</th>
                  <th scope="col">{s('prohibitedroles')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((capability) => (
                  <CapabilityRow
                    key={capability.name}
                    capability={capability}
                    roleById={roleById}
                    canAdd={capability.canchange && overridable.length > 0}
                    busy={pending.has(capability.name)}
                    s={s}
                    onAdd={(action) => setDialog({ action, capability })}
                    onRemove={(role, action) => void remove(capability, role, action)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {dialog && (
        <PermissionDialog
          action={dialog.action}
          capability={dialog.capability}
          roles={overridable}
          already={new Set(dialog.action === 'allow' ? [...dialog.capability.allowed, ...dialog.capability.prohibited.map((p) => p.roleid)] : dialog.capability.prohibited.map((p) => p.roleid))}
          contextLabel={data.context.label}
          onChoose={(role) => apply(dialog.capability, role, dialog.action)}
          onClose={() => setDialog(null)}
        />
      )}
    </Page>
  );
}

interface CapabilityRowProps {
  capability: Capability;
  roleById: ReadonlyMap<number, Role>;
  canAdd: boolean;
  busy: boolean;
  s: StringLookup;
  onAdd: (action: 'allow' | 'prohibit') => void;
  onRemove: (role: Role, action: 'prevent' | 'unprohibit') => void;
}

/** One capability: its names and risks, the allowed and the prohibited roles with their remove buttons, and Allow / Prohibit. */
function CapabilityRow({ capability, roleById, canAdd, busy, s, onAdd, onRemove }: CapabilityRowProps) {
  const a = (role: Role) => ({ role: role.name, cap: capability.displayname });
  const allowed = capability.allowed.flatMap((id) => roleById.get(id) ?? []);
  const prohibited = capability.prohibited.flatMap((p) => {
    const role = roleById.get(p.roleid);
    return role ? [{ role, removable: p.removable }] : [];
  });
  return (
    <tr className={busy ? 'is-busy' : undefined} aria-busy={busy || undefined}>
      <th scope="row" className="permission-cap">
        <span className="permission-cap-name">{capability.displayname}</span>
        <code className="permission-cap-raw">{capability.name}</code>
      </th>
      <td>
        <RiskBadges risks={capability.risks} s={s} />
      </td>
      <td>
        <ul className="permission-roles" aria-label={`${s('roleswithpermission')}: ${capability.displayname}`}>
          {allowed.map((role) => (
            <li key={role.id} className="permission-role is-allowed">
              <span>{role.name}</span>
              {capability.canchange && role.overridable && (
                <Button className="permission-role-remove" aria-label={s('removeallowed', a(role))} isDisabled={busy} onPress={() => onRemove(role, 'prevent')}>
                  <span aria-hidden="true">✕</span>
                </Button>
              )}
            </li>
          ))}
          {allowed.length === 0 && <li className="muted permission-none">{s('none')}</li>}
        </ul>
        {canAdd && (
          <PendingButton isPending={busy} className="btn-link permission-add" onPress={() => onAdd('allow')}>
            {s('allow')}
          </PendingButton>
        )}
      </td>
      <td>
        <ul className="permission-roles" aria-label={`${s('prohibitedroles')}: ${capability.displayname}`}>
          {prohibited.map(({ role, removable }) => (
            <li key={role.id} className="permission-role is-prohibited">
              <span>{role.name}</span>
              {capability.canchange && role.overridable && removable ? (
                <Button className="permission-role-remove" aria-label={s('removeprohibit', a(role))} isDisabled={busy} onPress={() => onRemove(role, 'unprohibit')}>
                  <span aria-hidden="true">✕</span>
                </Button>
              ) : (
                !removable && (
                  <span className="permission-role-note" title={s('prohibitedaboveinfo')}>
                    {s('prohibitedabove')}
                  </span>
                )
              )}
            </li>
          ))}
          {prohibited.length === 0 && <li className="muted permission-none">{s('none')}</li>}
        </ul>
        {canAdd && (
          <Button className="btn-link permission-add is-danger" isDisabled={busy} onPress={() => onAdd('prohibit')}>
            {s('prohibit')}
          </Button>
        )}
      </td>
    </tr>
  );
}
