import { Link, useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreUserGetProfileChoices, coreUserGetUsersByField } from '../../../api/user';
import { Loading, Page } from '../../app/Page';
import { NotFound } from '../../app/NotFound';
import { config } from '../../platform/config';
import { useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { useStrings } from '../../platform/useStrings';
import { ItemTags } from '../tag/TagList';
import { LearningPlanLinks } from '../competency/links';
import { Avatar } from './Avatar';
import { LoginAsAction } from './LoginAsButton';
import './user.css';

const FIELDS = ['email', 'username', 'idnumber', 'department', 'institution', 'phone1', 'phone2', 'city', 'country', 'timezone', 'lang'] as const;
type Shown = (typeof FIELDS)[number];

/** Codes shown by their names (English, France) when the choices know them. */
function shownValue(field: Shown, value: string, choices: ResultOf<typeof coreUserGetProfileChoices> | undefined): string {
  if (field === 'country') return choices?.countries.find((c) => c.code === value)?.name ?? value;
  if (field === 'lang') return choices?.languages.find((l) => l.code === value)?.name ?? value;
  if (field === 'timezone') return choices?.timezones.find((t) => t.id === value)?.name ?? value;
  return value;
}

/** A user's profile: mine by default, another's with `?id=` when I may see it. */
export function Profile() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? config().userid);
  // Opened from a course (the participants page), "Log in as" may be granted in that course.
  const courseid = Number(params.get('course')) || undefined;
  const s = useStrings('moodle', ['profile', 'editmyprofile', 'userdetails', 'lastaccess', 'never', 'username', 'language', ...FIELDS.filter((f) => f !== 'username' && f !== 'lang')]);
  const u = useStrings('core_user', ['pictureof']);
  const t = useStrings('core_tag', ['interests']);
  const choices = useWsQuery(coreUserGetProfileChoices, {}, { staleTime: Infinity }).data;
  const users = useWsQuery(coreUserGetUsersByField, { field: 'id', values: [id] }, { enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  if (users.isPending) return <Loading />;
  const user = users.data?.[0];
  if (!user) return <NotFound />;
  const label = (field: Shown) => (field === 'lang' ? s('language') : s(field));
  const shown = FIELDS.filter((f) => user[f] !== undefined && user[f] !== '' && !(f === 'timezone' && user[f] === '99'));
  return (
    <Page
      title={user.fullname}
      breadcrumb={[{ label: s('profile') }]}
      actions={
        <>
          {user.id === config().userid && (
            <Link className="btn btn-secondary" to="/user/edit.php">
              {s('editmyprofile')}
            </Link>
          )}
          <LoginAsAction user={user} courseid={courseid} />
        </>
      }
    >
      <section className="card profile-card" aria-labelledby="userdetails-heading">
        <Avatar user={user} size="large" label={u('pictureof', user.fullname)} />
        <div className="profile-details">
          <h2 id="userdetails-heading">{s('userdetails')}</h2>
          <dl className="details">
            {shown.map((field) => (
              <div key={field} className="details-row">
                <dt>{label(field)}</dt>
                <dd>{field === 'email' ? <a href={`mailto:${user.email ?? ''}`}>{user.email}</a> : shownValue(field, user[field] ?? '', choices)}</dd>
              </div>
            ))}
            <div className="details-row">
              <dt>{s('lastaccess')}</dt>
              <dd>{formatDateTime(user.lastaccess ?? 0, s('never'))}</dd>
            </div>
          </dl>
          {user.description && <div className="rich-text">{user.description}</div>}
          <ItemTags itemtype="user" itemid={user.id} label={t('interests')} />
        </div>
      </section>
      <LearningPlanLinks userid={user.id} />
    </Page>
  );
}
