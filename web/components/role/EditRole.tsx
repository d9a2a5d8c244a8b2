import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { ASSIGNABLE_CONTEXT_LEVELS, ROLE_ARCHETYPES, coreRoleCreateRole, coreRoleGetRoleDefinition, coreRoleListRoles, coreRoleUpdateRole, type PermissionValue } from '../../../api/role';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { CapabilityTable } from './CapabilityTable';
import { archetypeKey, useRoleStrings } from './strings';
import './roles.css';

type Definition = ResultOf<typeof coreRoleGetRoleDefinition>;
type Archetype = (typeof ROLE_ARCHETYPES)[number];
type Errors = { shortname?: string; name?: string };

const FIELD_ERRORS: Record<string, keyof Errors> = {
  errorshortnamerequired: 'shortname',
  errorbadshortname: 'shortname',
  errorexistsroleshortname: 'shortname',
  errorexistsrolename: 'name',
};

function asArchetype(value: string): Archetype {
  return (ROLE_ARCHETYPES as readonly string[]).includes(value) ? (value as Archetype) : '';
}

/** Add, edit or view a role (/admin/roles/define.php?action=add|edit|view&roleid=…). */
export function EditRole() {
  const [params] = useSearchParams();
  const action = params.get('action') === 'add' ? 'add' : params.get('action') === 'view' ? 'view' : 'edit';
  const roleid = action === 'add' ? 0 : Number(params.get('roleid')) || 0;
  const definition = useWsQuery(coreRoleGetRoleDefinition, { roleid, archetype: '' });
  if (definition.error) return <ErrorPage message={definition.error.message} />;
  if (!definition.data) return <Loading />;
  return <RoleForm key={`${action}:${roleid}`} action={action} initial={definition.data} />;
}

function RoleForm({ action, initial }: { action: 'add' | 'edit' | 'view'; initial: Definition }) {
  const s = useRoleStrings();
  const m = useStrings('moodle', ['administrationsite']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const readOnly = action === 'view';
  const [shortname, setShortname] = useState(initial.role.shortname);
  const [name, setName] = useState(initial.role.name);
  const [description, setDescription] = useState(initial.role.description);
  const [archetype, setArchetype] = useState<Archetype>(asArchetype(initial.role.archetype));
  const [levels, setLevels] = useState<ReadonlySet<number>>(new Set(initial.contextlevels));
  const [base, setBase] = useState<ReadonlyMap<string, PermissionValue>>(() => new Map(initial.capabilities.map((c) => [c.name, c.permission])));
  const [permissions, setPermissions] = useState<ReadonlyMap<string, PermissionValue>>(base);
  const [errors, setErrors] = useState<Errors>({});
  const create = useWsMutation(coreRoleCreateRole, [coreRoleListRoles, coreRoleGetRoleDefinition], { quiet: true });
  const update = useWsMutation(coreRoleUpdateRole, [coreRoleListRoles, coreRoleGetRoleDefinition], { quiet: true });
  const saving = create.isPending || update.isPending;

  const changed = useMemo(() => [...permissions].filter(([capability, value]) => (base.get(capability) ?? 0) !== value), [permissions, base]);
  const dirty =
    !readOnly &&
    (action === 'add' ||
      shortname !== initial.role.shortname ||
      name !== initial.role.name ||
      description !== initial.role.description ||
      archetype !== initial.role.archetype ||
      [...levels].sort().join() !== [...initial.contextlevels].sort().join() ||
      changed.length > 0);
  useUnsavedChanges(dirty && !saving);

  /** A new role takes the defaults of the archetype chosen for it. */
  async function chooseArchetype(value: Archetype) {
    setArchetype(value);
    if (action !== 'add') return;
    const defaults = await client.fetchQuery({
      queryKey: [coreRoleGetRoleDefinition.name, { roleid: 0, archetype: value }],
      queryFn: () => call(coreRoleGetRoleDefinition, { roleid: 0, archetype: value }),
    });
    const values = new Map(defaults.capabilities.map((c) => [c.name, c.permission]));
    setBase(values);
    setPermissions(values);
    setLevels(new Set(defaults.contextlevels));
  }

  function toggleLevel(level: number, on: boolean) {
    const next = new Set(levels);
    if (on) next.add(level);
    else next.delete(level);
    setLevels(next);
  }

  function failed(error: Error) {
    const field = error instanceof AjaxError ? FIELD_ERRORS[error.errorcode] : undefined;
    if (field) setErrors({ [field]: error.message });
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const short = shortname.trim();
    const problems: Errors = {};
    if (short === '') problems.shortname = s('errorshortnamerequired');
    else if (!/^[A-Za-z0-9_-]+$/.test(short)) problems.shortname = s('errorbadshortname');
    setErrors(problems);
    if (problems.shortname) {
      document.getElementById('role-shortname')?.focus();
      return;
    }
    const fields = { shortname: short, name: name.trim(), description, archetype, contextlevels: [...levels] as Array<(typeof ASSIGNABLE_CONTEXT_LEVELS)[number]> };
    const label = name.trim() || initial.role.displayname || short;
    const done = () => {
      void addNotification({ message: s(action === 'add' ? 'rolecreated' : 'rolesaved', label), type: 'success' });
      void navigate('/admin/roles/manage.php');
    };
    if (action === 'add') {
      const set = [...permissions].filter(([, value]) => value !== 0).map(([capability, permission]) => ({ capability, permission }));
      create.mutate({ ...fields, permissions: set }, { onSuccess: done, onError: failed });
    } else {
      update.mutate({ roleid: initial.role.id, ...fields, permissions: changed.map(([capability, permission]) => ({ capability, permission })) }, { onSuccess: done, onError: failed });
    }
  }

  const title = action === 'add' ? s('addingrole') : s(action === 'view' ? 'viewingrole' : 'editingrole', initial.role.displayname);
  return (
    <Page
      title={title}
      breadcrumb={[
        { label: m('administrationsite'), to: '/admin/' },
        { label: s('defineroles'), to: '/admin/roles/manage.php' },
      ]}
      actions={
        readOnly ? (
          <Link className="btn btn-primary" to={relativeUrl('/admin/roles/define.php', { action: 'edit', roleid: initial.role.id })}>
            {s('editrolenamed', initial.role.displayname)}
          </Link>
        ) : undefined
      }
    >
      <form className="role-form" onSubmit={submit} noValidate aria-label={title}>
        <ErrorSummary title={s('formerrors')} errors={[errors.shortname, errors.name]} />
        <div className="card role-fields">
          <FormField id="role-shortname" label={s('roleshortname')} error={errors.shortname} help={s('roleshortnamehelp')}>
            <input id="role-shortname" type="text" value={shortname} onChange={(e) => setShortname(e.target.value)} required readOnly={readOnly} maxLength={100} {...describedBy('role-shortname', errors.shortname, 'help')} />
          </FormField>
          <FormField id="role-name" label={s('rolefullname')} error={errors.name} help={s('rolefullnamehelp')}>
            <input id="role-name" type="text" value={name} onChange={(e) => setName(e.target.value)} readOnly={readOnly} maxLength={255} {...describedBy('role-name', errors.name, 'help')} />
          </FormField>
          <FormField id="role-description" label={s('roledescription')}>
            <textarea id="role-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} readOnly={readOnly} />
          </FormField>
          <FormField id="role-archetype" label={s('rolearchetype')} help={s('rolearchetypehelp')}>
            <select id="role-archetype" value={archetype} onChange={(e) => void chooseArchetype(asArchetype(e.target.value))} disabled={readOnly} aria-describedby="role-archetype-help">
              {ROLE_ARCHETYPES.map((a) => (
                <option key={a} value={a}>
                  {s(archetypeKey(a))}
                </option>
              ))}
            </select>
          </FormField>
          <fieldset className="role-levels">
            <legend>{s('contextlevelsassignable')}</legend>
            {ASSIGNABLE_CONTEXT_LEVELS.map((level) => (
              <label key={level} className="role-level">
                <input type="checkbox" checked={levels.has(level)} disabled={readOnly} onChange={(e) => toggleLevel(level, e.target.checked)} />
                {s(`contextlevel${level}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <CapabilityTable
          capabilities={initial.capabilities}
          permissions={permissions}
          base={base}
          cangrant={initial.cangrant}
          readOnly={readOnly}
          onChange={(capability, value) => setPermissions(new Map(permissions).set(capability, value))}
        />
        {!readOnly && (
          <div className="form-actions role-actions">
            <PendingButton isPending={saving} type="submit" className="btn btn-primary">
              {action === 'add' ? s('createrole') : s('savechanges')}
            </PendingButton>
            <Link className="btn btn-secondary" to="/admin/roles/manage.php" data-discard>
              {s('cancel')}
            </Link>
          </div>
        )}
      </form>
    </Page>
  );
}
