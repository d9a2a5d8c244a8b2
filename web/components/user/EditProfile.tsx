import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ArgsOf } from '../../../api/contract';
import { coreUserGetUsersByField, coreUserUpdateUsers } from '../../../api/user';
import { Loading, Page } from '../../app/Page';
import { NotFound } from '../../app/NotFound';
import { call } from '../../platform/ajax';
import { config } from '../../platform/config';
import { showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { TagsField, tagsChanged, useSaveItemTags, useTaggableArea, type TaggableArea } from '../tag/TagsField';
import { PictureField } from './PictureField';
import { ProfileFieldset } from './ProfileFieldset';
import { EMPTY_VALUES, ErrorSummary, fieldError, type FieldErrors, type FieldName, type Values } from './UserFormFields';
import { USER_FORM_STRINGS } from './userStrings';
import './user.css';

const OWN_FIELDS = ['firstname', 'lastname', 'email', 'city', 'country', 'description', 'lang', 'timezone'] as const;

/** Edit my profile: picture, names, email, place, description, language and timezone. */
export function EditProfile() {
  const id = config().userid;
  const me = useWsQuery(coreUserGetUsersByField, { field: 'id', values: [id] });
  const interests = useTaggableArea('user', id);
  if (me.isPending || interests.isPending) return <Loading />;
  const user = me.data?.[0];
  if (!user) return <NotFound />;
  const initial: Values = { ...EMPTY_VALUES };
  for (const key of OWN_FIELDS) initial[key] = String(user[key] ?? initial[key]);
  return <ProfileForm id={id} initial={initial} fullname={user.fullname} picture={user.picture} interestsArea={interests.area} />;
}

function ProfileForm({ id, initial, fullname, picture, interestsArea }: { id: number; initial: Values; fullname: string; picture: number; interestsArea: TaggableArea }) {
  const s = useStrings('core_user', USER_FORM_STRINGS);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const t = useStrings('core_tag', ['interests', 'tagssavefailed']);
  const [interests, setInterests] = useState(interestsArea.tags);
  const saveTags = useSaveItemTags();
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(initial) || tagsChanged(interestsArea, interests));
  const profile = relativeUrl('/user/profile.php', { id });
  const save = useMutation({
    mutationFn: async (args: ArgsOf<typeof coreUserUpdateUsers>) => {
      await call(coreUserUpdateUsers, args);
      // The interests go once the profile is saved; failing, the profile stays saved and says so.
      await saveTags(interestsArea, id, interests).catch((error: unknown) => showException(new Error(t('tagssavefailed', error instanceof Error ? error.message : String(error)))));
    },
    meta: { quiet: true },
    onError: (error) => {
      const placed = fieldError(error);
      if (placed) setErrors(placed);
      else void showException(error);
    },
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: [coreUserGetUsersByField.name] }).then(() => {
        void addNotification({ message: s('changessaved'), type: 'success' });
        void navigate(profile);
      }),
  });
  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    save.mutate({ users: [{ id, ...Object.fromEntries(OWN_FIELDS.map((f) => [f, values[f]])) }] });
  }
  return (
    <Page title={s('editmyprofile')} breadcrumb={[{ label: fullname, to: profile }]}>
      <PictureField user={{ id, fullname, picture }} />
      <form className="card form user-form" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} s={s} />
        <ProfileFieldset field={{ s, values, errors, onChange: change }} s={s} withIdentity={false} />
        <TagsField area={interestsArea} value={interests} onChange={setInterests} label={t('interests')} />
        <div className="form-actions">
          <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary">
            {s('savechanges')}
          </PendingButton>
          <Link className="btn btn-secondary" to={profile} data-discard>
            {s('cancel')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
