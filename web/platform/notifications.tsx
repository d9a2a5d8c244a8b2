import { useEffect, type MouseEvent } from 'react';
import { coreFetchNotifications } from '../../api/core';
import { call } from './ajax';
import { config } from './config';
import { uniqueId } from './ids';
import { log } from './log';
import { Store, useStore } from './store';
import { renderTemplate } from './templates';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

export interface NotificationInput {
  message: string;
  /** Unknown types show as errors, as the server's notifications do. */
  type?: string;
  closebutton?: boolean;
  announce?: boolean;
  /** A template other than `core/notification_<type>`. */
  template?: string;
  extraclasses?: string;
}

interface Shown {
  id: string;
  html: string;
  type: string;
}

const TYPES = new Set(['success', 'info', 'warning', 'error']);
/** Success messages are toasts: they leave by themselves after this long. */
export const SUCCESS_HIDE_MS = 6000;

export const notificationStore = new Store<Shown[]>([]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function dismissNotification(id: string): void {
  notificationStore.set(notificationStore.get().filter((n) => n.id !== id));
}

/**
 * Shows a notification at the top of the page, rendered with its template. Messages are HTML the
 * server already cleaned, or text the app wrote; one with no message is skipped.
 */
export async function addNotification(input: NotificationInput): Promise<void> {
  if (!input.message || !input.message.trim()) return;
  const type = input.type && TYPES.has(input.type) ? input.type : 'error';
  const template = input.template ?? `core/notification_${type}`;
  const variables = { message: input.message, extraclasses: input.extraclasses ?? '', announce: input.announce ?? true, closebutton: input.closebutton ?? true };
  let html: string;
  try {
    html = await renderTemplate(template, variables);
  } catch (error) {
    log.warn('notification template failed; showing the plain message', error);
    html = `<div class="alert alert-${type}" role="status"><div class="alert-message">${escapeHtml(input.message)}</div></div>`;
  }
  const id = uniqueId('notification');
  notificationStore.set([{ id, html, type }, ...notificationStore.get()]);
  if (type === 'success') setTimeout(() => dismissNotification(id), SUCCESS_HIDE_MS);
}

let pageLoaded = false;

/** Shows the notifications queued for this session: those in the page, then those on the server. */
export async function loadPageNotifications(): Promise<void> {
  if (pageLoaded) return;
  pageLoaded = true;
  for (const n of config().notifications) await addNotification(n);
  if (!config().user) return;
  try {
    const queued = await call(coreFetchNotifications, { contextid: 1 });
    for (const n of queued) {
      await addNotification({ message: n.variables.message, template: n.template, announce: n.variables.announce, closebutton: n.variables.closebutton, extraclasses: n.variables.extraclasses });
    }
  } catch (error) {
    log.warn('could not fetch notifications', error);
  }
}

/** The region notifications appear in; screen readers hear each one as it arrives. */
export function UserNotifications() {
  const shown = useStore(notificationStore);
  useEffect(() => {
    void loadPageNotifications();
  }, []);
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as Element).closest('[data-action="dismiss"]');
    const item = button?.closest('[data-notification-id]');
    if (item) dismissNotification(item.getAttribute('data-notification-id') ?? '');
  }
  return (
    // Clicks on the templates' close buttons bubble here; the buttons themselves take the keyboard.
    <div id="user-notifications" className="user-notifications" aria-live="polite" onClick={onClick}>
      {shown.map((n) => (
        <div key={n.id} data-notification-id={n.id} dangerouslySetInnerHTML={{ __html: n.html }} />
      ))}
    </div>
  );
}
