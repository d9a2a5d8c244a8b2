import {
  coreMessageMarkAllNotificationsAsRead,
  coreMessageMarkNotificationRead,
  messagePopupGetPopupNotifications,
  messagePopupGetUnreadCount,
} from '../../../api/message';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';

/** Whose notifications: one's own (0 or one's id), or anyone's with moodle/site:readallmessages. */
async function recipient(ctx: CallContext, useridto: number): Promise<number> {
  const self = ctx.user?.id ?? 0;
  if (useridto === 0 || useridto === self) return self;
  await ctx.access.requireCapability('moodle/site:readallmessages', await getSystemContext(ctx.db));
  return useridto;
}

async function unreadCount(ctx: CallContext, userid: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('useridto', '=', userid)
    .where('timeread', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const SUBJECT_LENGTH = 125;

const getPopupNotifications = defineMethod(messagePopupGetPopupNotifications, async (ctx, { useridto, newestfirst, limit, offset }) => {
  const userid = await recipient(ctx, useridto);
  let query = ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('useridto', '=', userid)
    .orderBy('timecreated', newestfirst ? 'desc' : 'asc')
    .orderBy('id', newestfirst ? 'desc' : 'asc')
    .offset(offset);
  // 0 means no limit, as in Moodle; the contract caps explicit limits.
  query = query.limit(limit === 0 ? 1000 : limit);
  const rows = await query.execute();
  return {
    notifications: rows.map((n) => {
      const subject = formatString(n.subject);
      return {
        id: n.id,
        useridfrom: n.useridfrom,
        useridto: n.useridto,
        subject,
        shortenedsubject: subject.length > SUBJECT_LENGTH ? `${subject.slice(0, SUBJECT_LENGTH - 1)}…` : subject,
        text: formatString(n.smallmessage || n.fullmessage),
        fullmessage: n.fullmessage,
        fullmessageformat: n.fullmessageformat,
        fullmessagehtml: n.fullmessagehtml,
        smallmessage: n.smallmessage,
        contexturl: n.contexturl || null,
        contexturlname: n.contexturlname || null,
        timecreated: n.timecreated,
        timeread: n.timeread || null,
        read: n.timeread > 0,
        component: n.component,
        eventtype: n.eventtype,
      };
    }),
    unreadcount: await unreadCount(ctx, userid),
  };
});

const getUnreadCount = defineMethod(messagePopupGetUnreadCount, async (ctx, { useridto }) => unreadCount(ctx, await recipient(ctx, useridto)));

const markRead = defineMethod(coreMessageMarkNotificationRead, async (ctx, { notificationid, timeread }) => {
  const row = await ctx.db.selectFrom('notifications').select(['id', 'useridto', 'timeread']).where('id', '=', notificationid).executeTakeFirst();
  // Someone else's notification is answered like a missing one, so ids reveal nothing.
  if (!row || row.useridto !== ctx.user?.id) throw new AppError('notificationnotfound', { component: 'core_message', status: 404 });
  if (row.timeread === 0) await ctx.db.updateTable('notifications').set({ timeread: timeread || now() }).where('id', '=', row.id).execute();
  return { notificationid: row.id, warnings: [] };
});

const markAllRead = defineMethod(coreMessageMarkAllNotificationsAsRead, async (ctx, { useridto, useridfrom, timecreatedto }) => {
  const userid = await recipient(ctx, useridto);
  let query = ctx.db.updateTable('notifications').set({ timeread: now() }).where('useridto', '=', userid).where('timeread', '=', 0);
  if (useridfrom) query = query.where('useridfrom', '=', useridfrom);
  if (timecreatedto) query = query.where('timecreated', '<=', timecreatedto);
  await query.execute();
  return true;
});

export const messageMethods = [getPopupNotifications, getUnreadCount, markRead, markAllRead];
