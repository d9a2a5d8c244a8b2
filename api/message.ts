import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsBool, wsInt } from './types';

export const popupNotificationSchema = z.object({
  id: z.number(),
  useridfrom: z.number(),
  useridto: z.number(),
  subject: z.string(),
  shortenedsubject: z.string(),
  text: z.string(),
  fullmessage: z.string(),
  fullmessageformat: z.number(),
  fullmessagehtml: z.string(),
  smallmessage: z.string(),
  contexturl: z.string().nullable(),
  contexturlname: z.string().nullable(),
  timecreated: z.number(),
  timeread: z.number().nullable(),
  read: z.boolean(),
  component: z.string(),
  eventtype: z.string(),
});

export const messagePopupGetPopupNotifications = contract({
  name: 'message_popup_get_popup_notifications',
  component: 'message_popup',
  description: "A user's notifications for the header menu (0 = the current user), newest first, with the unread count.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/site:readallmessages'],
  args: z.strictObject({
    useridto: wsInt.default(0),
    newestfirst: wsBool.default(true),
    limit: wsInt.pipe(z.number().int().min(0).max(200)).default(0),
    offset: wsInt.pipe(z.number().int().min(0)).default(0),
  }),
  returns: z.object({ notifications: z.array(popupNotificationSchema), unreadcount: z.number() }),
});

export const messagePopupGetUnreadCount = contract({
  name: 'message_popup_get_unread_popup_notification_count',
  component: 'message_popup',
  description: "How many of a user's notifications are unread (0 = the current user).",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/site:readallmessages'],
  args: z.strictObject({ useridto: wsInt.default(0) }),
  returns: z.number(),
});

export const coreMessageMarkNotificationRead = contract({
  name: 'core_message_mark_notification_read',
  component: 'core_message',
  description: 'Mark one of my notifications as read.',
  type: 'write',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ notificationid: wsInt, timeread: wsInt.default(0) }),
  returns: z.object({ notificationid: z.number(), warnings: z.array(warningSchema) }),
});

export const coreMessageMarkAllNotificationsAsRead = contract({
  name: 'core_message_mark_all_notifications_as_read',
  component: 'core_message',
  description: "Mark all of a user's notifications read (optionally only those from one sender or created before a time).",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/site:readallmessages'],
  args: z.strictObject({ useridto: wsInt, useridfrom: wsInt.default(0), timecreatedto: wsInt.default(0) }),
  returns: z.boolean(),
});
