import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../../db/schema';
import { getPreference } from '../../platform/preferences';
import { now, type Platform } from '../../platform/platform';
import { cleanHtml } from '../../platform/sanitize';

export interface OutgoingNotification {
  useridto: number;
  useridfrom?: number;
  /** The component and event that caused it, e.g. `mod_assign` / `assign_notification`. */
  component: string;
  eventtype: string;
  subject: string;
  /** Plain text. */
  fullmessage: string;
  /** Optional HTML; cleaned before storing. */
  fullmessagehtml?: string;
  smallmessage?: string;
  /** A site path (e.g. `/course/view.php?id=3`) the notification leads to. */
  contexturl?: string;
  contexturlname?: string;
}

/** The preference that turns notification e-mail off for one user. */
export const EMAIL_OFF_PREFERENCE = 'message_email_disabled';

const EMAIL_WAITING = 1;
const EMAIL_SENDING = 2;
const EMAIL_SENT = 3;
const EMAIL_FAILED = 4;

/**
 * Stores a notification for a user, inside the caller's transaction. When the site sends e-mail and
 * the user has not turned it off, it is queued for the mail sender, which runs outside any request.
 */
export async function sendNotification(platform: Platform, db: Kysely<DB>, message: OutgoingNotification): Promise<number> {
  const emailOff = (await getPreference(db, message.useridto, EMAIL_OFF_PREFERENCE)) === '1';
  const row = await db
    .insertInto('notifications')
    .values({
      useridto: message.useridto,
      useridfrom: message.useridfrom ?? 0,
      component: message.component,
      eventtype: message.eventtype,
      subject: message.subject,
      fullmessage: message.fullmessage,
      fullmessageformat: 2,
      fullmessagehtml: message.fullmessagehtml ? cleanHtml(message.fullmessagehtml) : '',
      smallmessage: message.smallmessage ?? message.subject,
      contexturl: message.contexturl ?? '',
      contexturlname: message.contexturlname ?? '',
      timecreated: now(),
      emailstatus: platform.config.smtpUrl && !emailOff ? EMAIL_WAITING : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const transports = new WeakMap<Platform, Transporter>();

function transportFor(platform: Platform): Transporter | undefined {
  if (!platform.config.smtpUrl) return undefined;
  let transport = transports.get(platform);
  if (!transport) {
    transport = nodemailer.createTransport(platform.config.smtpUrl);
    transports.set(platform, transport);
  }
  return transport;
}

/**
 * Sends waiting notification e-mail, a batch at a time. Each row is claimed with a conditional
 * update first, so several server processes never send the same message twice.
 */
export async function processEmailQueue(platform: Platform, batch = 50): Promise<{ sent: number; failed: number }> {
  const transport = transportFor(platform);
  const result = { sent: 0, failed: 0 };
  if (!transport) return result;
  const waiting = await platform.db.selectFrom('notifications').select('id').where('emailstatus', '=', EMAIL_WAITING).orderBy('id').limit(batch).execute();
  for (const { id } of waiting) {
    const claimed = await platform.db.updateTable('notifications').set({ emailstatus: EMAIL_SENDING }).where('id', '=', id).where('emailstatus', '=', EMAIL_WAITING).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const row = await platform.db
      .selectFrom('notifications as n')
      .innerJoin('user as u', 'u.id', 'n.useridto')
      .select(['n.subject', 'n.fullmessage', 'n.fullmessagehtml', 'n.contexturl', 'u.email', 'u.firstname', 'u.lastname', 'u.deleted', 'u.suspended'])
      .where('n.id', '=', id)
      .executeTakeFirst();
    if (!row || row.deleted || row.suspended || !row.email) {
      await platform.db.updateTable('notifications').set({ emailstatus: EMAIL_FAILED }).where('id', '=', id).execute();
      result.failed++;
      continue;
    }
    const link = row.contexturl ? `${platform.config.wwwroot}${row.contexturl.startsWith('/') ? row.contexturl : `/${row.contexturl}`}` : platform.config.wwwroot;
    const footer = platform.strings.get('emailfooter', 'core_message', { site: platform.strings.get('sitename'), url: link });
    try {
      await transport.sendMail({
        from: platform.config.mailFrom,
        to: { name: `${row.firstname} ${row.lastname}`.trim(), address: row.email },
        subject: row.subject,
        text: `${row.fullmessage}\n\n-- \n${footer}\n`,
        ...(row.fullmessagehtml ? { html: `${row.fullmessagehtml}<hr><p>${footer.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>` } : {}),
      });
      await platform.db.updateTable('notifications').set({ emailstatus: EMAIL_SENT }).where('id', '=', id).execute();
      result.sent++;
    } catch (error) {
      platform.log.warn({ err: error, notification: id }, 'notification e-mail failed');
      await platform.db.updateTable('notifications').set({ emailstatus: EMAIL_FAILED }).where('id', '=', id).execute();
      result.failed++;
    }
  }
  return result;
}
