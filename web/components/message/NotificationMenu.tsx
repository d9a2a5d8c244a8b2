import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { coreMessageMarkAllNotificationsAsRead, coreMessageMarkNotificationRead, messagePopupGetPopupNotifications } from '../../../api/message';
import { call } from '../../platform/ajax';
import { config } from '../../platform/config';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { useStrings } from '../../platform/useStrings';
import './message.css';

const SHOWN = 10;
/** The menu checks for new notifications this often while the page is open. */
const POLL_MS = 60_000;

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  );
}

/** Only site paths are followed; anything else stays put. */
function sitePath(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  const parsed = new URL(url, window.location.origin);
  return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : null;
}

/** The header's notification bell: unread count, the latest notifications, mark as read. */
export function NotificationMenu() {
  const s = useStrings('core_message', ['notifications', 'notificationsunread', 'nonotifications', 'markallread', 'unread', 'notificationpreferences']);
  const navigate = useNavigate();
  const popup = useWsQuery(messagePopupGetPopupNotifications, { limit: SHOWN }, { refetchInterval: POLL_MS, meta: { quiet: true } });
  const markAll = useWsMutation(coreMessageMarkAllNotificationsAsRead, [messagePopupGetPopupNotifications]);
  const unread = popup.data?.unreadcount ?? 0;
  const label = unread > 0 ? s('notificationsunread', unread) : s('notifications');

  async function open(notification: { id: number; read: boolean; contexturl: string | null }, close: () => void) {
    if (!notification.read) await call(coreMessageMarkNotificationRead, { notificationid: notification.id });
    await popup.refetch();
    close();
    const path = sitePath(notification.contexturl);
    if (path) void navigate(path);
  }

  return (
    <DialogTrigger>
      {/* Named by hidden text rather than aria-label: the badge's digits are visible text, and an
          aria-label would have to contain them as drawn (in every language's digits). */}
      <Button className="icon-button notification-button">
        <BellIcon />
        <span className="visually-hidden">{label}</span>
        {unread > 0 && (
          <span className="count-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      <Popover className="menu-popover notification-popover" placement="bottom end">
        <Dialog className="notification-dialog" aria-label={s('notifications')}>
          {({ close }) => (
            <>
              <div className="notification-head">
                <Heading slot="title">{s('notifications')}</Heading>
                {unread > 0 && (
                  <Button className="btn btn-link" onPress={() => markAll.mutate({ useridto: config().userid })}>
                    {s('markallread')}
                  </Button>
                )}
              </div>
              {!popup.data || popup.data.notifications.length === 0 ? (
                <p className="muted notification-empty">{s('nonotifications')}</p>
              ) : (
                <ul className="notification-list">
                  {popup.data.notifications.map((n) => (
                    <li key={n.id}>
                      <button type="button" className={`notification-item${n.read ? '' : ' is-unread'}`} onClick={() => void open(n, close)}>
                        <span className="notification-subject">
                          {!n.read && <span className="visually-hidden">{s('unread')}: </span>}
                          {n.shortenedsubject}
                        </span>
                        <span className="muted small">{formatDateTime(n.timecreated)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="notification-foot">
                <Link to="/user/preferences.php" onClick={close}>
                  {s('notificationpreferences')}
                </Link>
              </div>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
