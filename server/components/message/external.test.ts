import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { setPreference } from '../../platform/preferences';
import { EMAIL_OFF_PREFERENCE, processEmailQueue, sendNotification } from './send';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string } }>;
interface Popup {
  notifications: Array<{ id: number; subject: string; read: boolean; contexturl: string | null }>;
  unreadcount: number;
}

/** A local SMTP sink on 127.0.0.1 that keeps what it receives. */
async function smtpSink(): Promise<{ url: string; received: Array<{ to: string; data: string }>; close: () => Promise<void> }> {
  const received: Array<{ to: string; data: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        // Undo quoted-printable soft breaks and escapes so tests can read the text.
        const text = data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data: text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(testDialects)('notifications on %s', (dialect) => {
  let site: TestSite;
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let ana: number;
  let ben: number;
  let anaSession: { cookie: string; sesskey: string };

  beforeAll(async () => {
    sink = await smtpSink();
    site = await createTestSite(dialect);
    // The platform's mail settings as SMTP_URL would give them.
    Object.assign(site.platform.config, { smtpUrl: sink.url, mailFrom: 'Tessera <noreply@tessera.test>' });
    ana = await site.createUser('ana', { firstname: 'Ana', lastname: 'Lima', email: 'ana@example.org' });
    ben = await site.createUser('ben', { email: 'ben@example.org' });
    anaSession = await site.sessionFor(ana);
  });
  afterAll(async () => {
    await site.close();
    await sink.close();
  });

  const notify = (useridto: number, subject: string) =>
    sendNotification(site.platform, site.platform.db, { useridto, component: 'core_enrol', eventtype: 'enrolled', subject, fullmessage: `${subject}.`, contexturl: '/course/view.php?id=2' });

  it('lists my notifications newest first with the unread count, and marks them read', async () => {
    const first = await notify(ana, 'First');
    await notify(ana, 'Second');
    await notify(ben, 'Not for Ana');
    const listed = await site.ajax([{ methodname: 'message_popup_get_popup_notifications', args: { limit: 10 } }], anaSession);
    const popup = (listed.json as Ok<Popup>)[0]?.data;
    expect(popup?.notifications.map((n) => n.subject)).toEqual(['Second', 'First']);
    expect(popup?.unreadcount).toBe(2);

    await site.ajax([{ methodname: 'core_message_mark_notification_read', args: { notificationid: first } }], anaSession);
    const count = await site.ajax([{ methodname: 'message_popup_get_unread_popup_notification_count', args: {} }], anaSession);
    expect((count.json as Ok<number>)[0]?.data).toBe(1);

    await site.ajax([{ methodname: 'core_message_mark_all_notifications_as_read', args: { useridto: ana } }], anaSession);
    const after = await site.ajax([{ methodname: 'message_popup_get_popup_notifications', args: {} }], anaSession);
    expect((after.json as Ok<Popup>)[0]?.data.notifications.every((n) => n.read)).toBe(true);
  });

  it("keeps other people's notifications private", async () => {
    const bens = await notify(ben, 'Private');
    const read = await site.ajax([{ methodname: 'core_message_mark_notification_read', args: { notificationid: bens } }], anaSession);
    expect((read.json as Failed)[0]?.exception.errorcode).toBe('notificationnotfound');
    const listed = await site.ajax([{ methodname: 'message_popup_get_popup_notifications', args: { useridto: ben } }], anaSession);
    expect((listed.json as Failed)[0]?.exception.errorcode).toBe('nopermissions');
  });

  it('e-mails waiting notifications once through SMTP, unless the user turned e-mail off', async () => {
    sink.received.length = 0;
    await site.platform.db.updateTable('notifications').set({ emailstatus: 0 }).execute();
    await notify(ana, 'Mail me');
    await setPreference(site.platform.db, ben, EMAIL_OFF_PREFERENCE, '1');
    await notify(ben, 'Do not mail me');
    const result = await processEmailQueue(site.platform);
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toBe('ana@example.org');
    expect(sink.received[0]?.data).toContain('Subject: Mail me');
    expect(sink.received[0]?.data).toContain('http://tessera.test/course/view.php?id=2');
    expect(await processEmailQueue(site.platform)).toEqual({ sent: 0, failed: 0 });
  });
});
