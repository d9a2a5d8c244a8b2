import { Button } from 'react-aria-components';
import { coreUserCanLoginAs } from '../../../api/loginas';
import { config } from '../../platform/config';
import { confirmDialog } from '../../platform/dialogs';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

const SITEID = 1;
export const LOGIN_AS_STRINGS = ['loginas', 'loginasnamed', 'loginasconfirmtitle', 'loginasconfirmmessage'] as const;

interface LoginAsButtonProps {
  user: { id: number; fullname: string };
  /** The course it is granted from (the site for site-wide). */
  courseid?: number;
  className?: string;
}

/**
 * "Log in as": asks first, then loads /course/loginas.php, which checks everything again, replaces
 * the session and opens the user's dashboard (or the course). Shown only where the server said yes.
 */
export function LoginAsButton({ user, courseid = SITEID, className = 'btn btn-secondary' }: LoginAsButtonProps) {
  const s = useStrings('core_user', LOGIN_AS_STRINGS);
  async function start() {
    const ok = await confirmDialog({
      title: s('loginasconfirmtitle', user.fullname),
      message: s('loginasconfirmmessage', user.fullname),
      confirmLabel: s('loginasnamed', user.fullname),
    });
    // A full page load: the server answers with a new session cookie and the user's first page.
    if (ok) window.location.assign(relativeUrl('/course/loginas.php', { id: courseid, user: user.id, sesskey: config().sesskey }));
  }
  return (
    <Button className={className} aria-label={s('loginasnamed', user.fullname)} onPress={() => void start()}>
      {s('loginas')}
    </Button>
  );
}

/** A page's "Log in as" for one user, shown when the server says the viewer may. */
export function LoginAsAction({ user, courseid = SITEID }: { user: { id: number; fullname: string }; courseid?: number }) {
  const cfg = config();
  const allowed = useWsQuery(coreUserCanLoginAs, { userid: user.id, courseid }, { enabled: user.id !== cfg.userid && !cfg.loginas, meta: { quiet: true } });
  return allowed.data?.canloginas ? <LoginAsButton user={user} courseid={courseid} /> : null;
}
