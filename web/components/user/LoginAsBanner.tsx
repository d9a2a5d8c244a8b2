import { config } from '../../platform/config';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import './loginas.css';

/**
 * While someone is "logged in as" another user, every page says so at the top of the header, with
 * the real user's name and a way out. Logging out ends the whole session, as in Moodle.
 */
export function LoginAsBanner() {
  const s = useStrings('core_user', ['loggedinasbanner', 'loggedinascoursebanner', 'loggedinaslogout', 'loggedinaslabel']);
  const { loginas, user, sesskey } = config();
  if (!loginas || !user) return null;
  const names = { user: user.fullname, realuser: loginas.realuser.fullname };
  return (
    <section className="loginas-banner" aria-label={s('loggedinaslabel')}>
      <span className="loginas-icon" aria-hidden="true">
        ⚠
      </span>
      <span className="loginas-text">{loginas.course ? s('loggedinascoursebanner', { ...names, course: loginas.course.fullname }) : s('loggedinasbanner', names)}</span>
      <a className="loginas-logout" href={relativeUrl('/login/logout.php', { sesskey })}>
        {s('loggedinaslogout')}
      </a>
    </section>
  );
}
