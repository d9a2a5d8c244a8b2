import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ArgsOf } from '../../../api/contract';
import { coreUserCreateUsers, coreUserDeleteUsers, coreUserGetUsersByField, coreUserListUsers, coreUserUpdateUsers } from '../../../api/user';
import { Loading, Page } from '../../app/Page';
import { NotFound } from '../../app/NotFound';
import { call } from '../../platform/ajax';
import { confirmDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { PictureField } from './PictureField';
import { ProfileFieldset } from './ProfileFieldset';
import { EMPTY_VALUES, ErrorSummary, fieldError, TextField, type FieldErrors, type FieldName, type Values } from './UserFormFields';
import { USER_FORM_STRINGS } from './userStrings';
import './user.css';

const LIST = '/admin/user.php';
const OPTIONAL: readonly FieldName[] = ['idnumber', 'department', 'institution', 'phone1', 'phone2', 'city', 'country', 'lang', 'timezone', 'description'];

/** Add a new user (no id, or id=-1) or edit an existing one, as an administrator. */
export function EditAdvanced() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? -1);
  const isNew = id === -1;
  const user = useWsQuery(coreUserGetUsersByField, { field: 'id', values: [id] }, { enabled: !isNew && Number.isInteger(id) && id > 0 });
  if (!isNew && (!Number.isInteger(id) || id <= 0)) return <NotFound />;
  if (!isNew && user.isPending) return <Loading />;
  const existing = user.data?.[0];
  if (!isNew && !existing) return <NotFound />;
  const initial: Values = { ...EMPTY_VALUES };
  if (existing) for (const key of Object.keys(initial) as FieldName[]) if (key !== 'password') initial[key] = String(existing[key] ?? initial[key]);
  return <UserForm key={id} id={isNew ? null : id} initial={initial} initialSuspended={existing?.suspended ?? false} fullname={existing?.fullname ?? ''} picture={existing?.picture ?? 0} />;
}

interface UserFormProps {
  id: number | null;
  initial: Values;
  initialSuspended: boolean;
  fullname: string;
  picture: number;
}

function UserForm({ id, initial, initialSuspended, fullname, picture }: UserFormProps) {
  const s = useStrings('core_user', USER_FORM_STRINGS);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(initial);
  const [suspended, setSuspended] = useState(initialSuspended);
  const [createPassword, setCreatePassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial) || suspended !== initialSuspended);
  const refresh = () => Promise.all([coreUserListUsers, coreUserGetUsersByField].map((c) => client.invalidateQueries({ queryKey: [c.name] })));
  const onError = (error: Error) => {
    const placed = fieldError(error);
    if (placed) setErrors(placed);
    else void showException(error);
  };
  // Field errors are shown in the form, so these mutations handle their own failures.
  const create = useMutation({ mutationFn: (args: ArgsOf<typeof coreUserCreateUsers>) => call(coreUserCreateUsers, args), meta: { quiet: true }, onError });
  const save = useMutation({ mutationFn: (args: ArgsOf<typeof coreUserUpdateUsers>) => call(coreUserUpdateUsers, args), meta: { quiet: true }, onError });
  const remove = useMutation({ mutationFn: (userid: number) => call(coreUserDeleteUsers, { userids: [userid] }) });
  /** Back to the list with a toast, once the lists and profiles show the change. */
  const finish = (message: string) => {
    void refresh().then(() => {
      void addNotification({ message, type: 'success' });
      void navigate(LIST);
    });
  };
  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const optional = Object.fromEntries(OPTIONAL.map((f) => [f, values[f]]));
    const common = { username: values.username.trim(), firstname: values.firstname, lastname: values.lastname, email: values.email.trim(), suspended, ...optional };
    if (id === null) {
      const user = createPassword ? { ...common, createpassword: true } : { ...common, password: values.password };
      create.mutate(
        { users: [user] },
        {
          onSuccess: () => finish(s('usercreated', common.username)),
        },
      );
    } else {
      save.mutate(
        { users: [{ id, ...common, ...(values.password ? { password: values.password } : {}) }] },
        {
          onSuccess: () => finish(s('changessaved')),
        },
      );
    }
  }

  async function confirmDelete() {
    if (id === null) return;
    const ok = await confirmDialog({ title: s('deleteuser', fullname), message: s('deleteuserconfirm', fullname), confirmLabel: s('deleteuser', fullname), destructive: true });
    if (!ok) return;
    remove.mutate(id, {
      onSuccess: () => finish(s('userdeleted', fullname)),
    });
  }

  const pending = create.isPending || save.isPending;
  const field = { s, values, errors, onChange: change };
  const title = id === null ? s('addnewuser') : fullname;
  return (
    <Page
      title={title}
      breadcrumb={[
        { label: s('administrationsite'), to: '/admin/' },
        { label: s('browseusers'), to: LIST },
      ]}
      actions={
        id !== null && (
          <PendingButton className="btn btn-danger" onPress={() => void confirmDelete()} isPending={remove.isPending}>
            {s('deleteuser', fullname)}
          </PendingButton>
        )
      }
    >
      {id !== null && <PictureField user={{ id, fullname, picture }} />}
      <form className="card form user-form" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} s={s} />
        <fieldset>
          <legend>{s('account')}</legend>
          <TextField name="username" {...field} required help={s('usernamehelp')} autoComplete="off" />
          {id === null && (
            <label className="checkbox">
              <input type="checkbox" checked={createPassword} onChange={(e) => setCreatePassword(e.target.checked)} /> {s('createpassword')}
            </label>
          )}
          {!createPassword && (
            <TextField
              name="password"
              {...field}
              type="password"
              label={id === null ? s('password') : s('newpassword')}
              required={id === null}
              help={id === null ? s('passwordhelp') : `${s('newpasswordhelp')} ${s('passwordhelp')}`}
              autoComplete="new-password"
            />
          )}
          <label className="checkbox">
            <input type="checkbox" checked={suspended} onChange={(e) => setSuspended(e.target.checked)} /> {s('suspendedaccount')}
          </label>
        </fieldset>
        <ProfileFieldset field={field} s={s} withIdentity />
        <div className="form-actions">
          <PendingButton isPending={pending} type="submit" className="btn btn-primary">
            {id === null ? s('createuser') : s('savechanges')}
          </PendingButton>
          <Link className="btn btn-secondary" to={LIST} data-discard>
            {s('cancel')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
