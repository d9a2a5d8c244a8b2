import { useEffect, useRef, useState } from 'react';
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
/** A change under way on a capability: what is done, to which role. */
interface Change {
  action: OverrideAction;
  roleid: number;
}

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
  const [pending, setPending] = useState<ReadonlyMap<string, Change>>(new Map());

  if (page.error) return <ErrorPage message={page.error.message} />;
  if (!page.data) return <Loading />;
  const data = page.data;
  const roleById = new Map(data.roles.map((r) => [r.id, r]));
  const overridable = data.roles.filter((r) => r.overridable);
  const needle = filter.trim().toLocaleLowerCase();
  const shown = data.capabilities.filter((c) => !needle || c.name.toLocaleLowerCase().includes(needle) || c.displayname.toLocaleLowerCase().includes(needle));

  /** Makes one change through the roles ajax endpoint, then re-reads the page so the row shows it. */
  async function apply(capability: Capability, role: DialogRole, action: OverrideAction) {
    setPending((p) => new Map(p).set(capability.name, { action, roleid: role.id }));
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
        const next = new Map(p);
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
                    change={pending.get(capability.name) ?? null}
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
  /** The change under way on the capability, if any. */
  change: Change | null;
  s: StringLookup;
  onAdd: (action: 'allow' | 'prohibit') => void;
  onRemove: (role: Role, action: 'prevent' | 'unprohibit') => void;
}

/**
 * One capability: its names and risks, the allowed and the prohibited roles with their remove buttons,
 * and Allow / Prohibit. A removal under way shows on its button, which keeps the focus; the others wait.
 * Allow and Prohibit are not held back by their own dialogue's change, so that the focus can come back to them.
 */
/** The ✕ beside a role in a permission list: takes the role off it, pending while that change is saved. */
function RemoveRole({ label, isPending, isDisabled, onRemove }: { label: string; isPending: boolean; isDisabled: boolean; onRemove: () => void }) {
  return (
    <PendingButton
      className="permission-role-remove"
      aria-label={label}
      isPending={isPending}
      pendingKind="working"
      isDisabled={isDisabled}
      icon={<span aria-hidden="true">✕</span>}
      onPress={onRemove}
    />
  );
}

function CapabilityRow({ capability, roleById, canAdd, change, s, onAdd, onRemove }: CapabilityRowProps) {
  const busy = change !== null;
  const removing = change?.action === 'prevent' || change?.action === 'unprohibit';
  const removal = (role: Role, action: 'prevent' | 'unprohibit') => change?.action === action && change.roleid === role.id;
  const allowButton = useRef<HTMLButtonElement>(null);
  const prohibitButton = useRef<HTMLButtonElement>(null);
  /** The removal last under way, until its role is seen gone from the row. */
  const removed = useRef<Change | null>(null);
  useEffect(() => {
    if (removing) removed.current = change;
    const last = removed.current;
    if (!last || change !== null) return;
    const listed = last.action === 'prevent' ? capability.allowed.includes(last.roleid) : capability.prohibited.some((p) => p.roleid === last.roleid);
    if (listed) return;
    removed.current = null;
    // The removed role took its button with it: the focus goes to the column's own action, not the page.
    if (document.activeElement === document.body) (last.action === 'prevent' ? allowButton : prohibitButton).current?.focus();
  }, [change, removing, capability]);
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
                <RemoveRole label={s('removeallowed', a(role))} isPending={removal(role, 'prevent')} isDisabled={busy} onRemove={() => onRemove(role, 'prevent')} />
              )}
            </li>
          ))}
          {allowed.length === 0 && <li className="muted permission-none">{s('none')}</li>}
        </ul>
        {canAdd && (
          <Button ref={allowButton} className="btn-link permission-add" isDisabled={removing} onPress={() => onAdd('allow')}>
            {s('allow')}
          </Button>
        )}
      </td>
      <td>
        <ul className="permission-roles" aria-label={`${s('prohibitedroles')}: ${capability.displayname}`}>
          {prohibited.map(({ role, removable }) => (
            <li key={role.id} className="permission-role is-prohibited">
              <span>{role.name}</span>
              {capability.canchange && role.overridable && removable ? (
                <RemoveRole label={s('removeprohibit', a(role))} isPending={removal(role, 'unprohibit')} isDisabled={busy} onRemove={() => onRemove(role, 'unprohibit')} />
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
          <Button ref={prohibitButton} className="btn-link permission-add is-danger" isDisabled={removing} onPress={() => onAdd('prohibit')}>
            {s('prohibit')}
          </Button>
        )}
      </td>
    </tr>
  );
}
