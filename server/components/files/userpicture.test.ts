import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { MAX_PICTURE_BYTES } from './userpicture';

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with the given text fields and, optionally, one file. */
function multipartBody(fields: Record<string, string>, file?: { name: string; filename: string; type: string; content: Buffer }) {
  const boundary = '----tessera-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDialects)('user pictures on %s', (dialect) => {
  let site: TestSite;
  let ana: number;
  let ben: number;
  let anaSession: { cookie: string; sesskey: string };
  let benSession: { cookie: string; sesskey: string };

  beforeAll(async () => {
    site = await createTestSite(dialect);
    ana = await site.createUser('ana');
    ben = await site.createUser('ben');
    anaSession = await site.sessionFor(ana);
    benSession = await site.sessionFor(ben);
  });
  afterAll(() => site.close());

  const upload = (userid: number, session: { cookie: string; sesskey: string }, fields: Record<string, string>, file?: Buffer, type = 'image/png') => {
    const body = multipartBody(fields, file ? { name: 'picture', filename: 'me.png', type, content: file } : undefined);
    return site.app.inject({ method: 'POST', url: `/user/picture.php?id=${userid}`, headers: { ...body.headers, cookie: session.cookie }, payload: body.payload });
  };
  const pictureOf = async (userid: number) => (await site.platform.db.selectFrom('user').select('picture').where('id', '=', userid).executeTakeFirstOrThrow()).picture;

  it('stores my picture and serves it to logged-in users, with an ETag', async () => {
    const response = await upload(ana, anaSession, { sesskey: anaSession.sesskey }, PNG);
    expect(response.statusCode).toBe(200);
    expect(await pictureOf(ana)).toBe(response.json<{ picture: number }>().picture);
    const image = await site.app.inject({ method: 'GET', url: `/user/pix.php?id=${ana}`, headers: { cookie: benSession.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const again = await site.app.inject({ method: 'GET', url: `/user/pix.php?id=${ana}`, headers: { cookie: benSession.cookie, 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const anonymous = await site.app.inject({ method: 'GET', url: `/user/pix.php?id=${ana}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a wrong sesskey, someone else’s picture, and files that are not images, changing nothing', async () => {
    const before = await pictureOf(ana);
    expect((await upload(ana, anaSession, { sesskey: 'wrong' }, PNG)).json()).toMatchObject({ errorcode: 'invalidsesskey' });
    expect((await upload(ana, benSession, { sesskey: benSession.sesskey }, PNG)).json()).toMatchObject({ errorcode: 'nopermissions' });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const notImage = await upload(ana, anaSession, { sesskey: anaSession.sesskey }, html, 'image/png');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ errorcode: 'notanimage', error: 'The file is not a PNG, JPEG, GIF or WebP image' });
    const huge = Buffer.concat([PNG, Buffer.alloc(MAX_PICTURE_BYTES)]);
    const tooLarge = await upload(ana, anaSession, { sesskey: anaSession.sesskey }, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ errorcode: 'picturetoolarge' });
    expect(await pictureOf(ana)).toBe(before);
  });

  it('lets me delete my own picture with the sesskey, and nobody else without moodle/user:update', async () => {
    expect((await upload(ana, anaSession, { sesskey: anaSession.sesskey }, PNG)).statusCode).toBe(200);
    const before = await pictureOf(ana);
    expect(before).toBeGreaterThan(0);
    const wrongKey = await upload(ana, anaSession, { sesskey: 'wrong', delete: '1' });
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json()).toMatchObject({ errorcode: 'invalidsesskey' });
    const someoneElse = await upload(ana, benSession, { sesskey: benSession.sesskey, delete: '1' });
    expect(someoneElse.json()).toMatchObject({ errorcode: 'nopermissions' });
    expect(await pictureOf(ana)).toBe(before);

    const deleted = await upload(ana, anaSession, { sesskey: anaSession.sesskey, delete: '1' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ picture: 0 });
    expect(await pictureOf(ana)).toBe(0);
    const gone = await site.app.inject({ method: 'GET', url: `/user/pix.php?id=${ana}&rev=${before}`, headers: { cookie: benSession.cookie } });
    expect(gone.statusCode).toBe(404);
    const logged = await site.platform.db
      .selectFrom('logstore_standard_log')
      .select('other')
      .where('eventname', '=', '\\core\\event\\user_updated')
      .where('relateduserid', '=', ana)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.other)).toEqual({ picture: false });
  });

  it('gives a new revision for each new picture, so its address changes, and the pages tell the header', async () => {
    const first = (await upload(ben, benSession, { sesskey: benSession.sesskey }, PNG)).json<{ picture: number }>().picture;
    const second = (await upload(ben, benSession, { sesskey: benSession.sesskey }, PNG)).json<{ picture: number }>().picture;
    expect(second).not.toBe(first);
    expect(await pictureOf(ben)).toBe(second);
    const page = await site.app.inject({ method: 'GET', url: '/user/profile.php', headers: { cookie: benSession.cookie, accept: 'text/html' } });
    const cfg = /window\.M\.cfg = (\{.*\});<\/script>/.exec(page.body)?.[1];
    expect(JSON.parse(cfg ?? '{}')).toMatchObject({ user: { id: ben, picture: second } });
  });

  it('lets an admin set and remove anyone’s picture', async () => {
    const admin = await site.sessionFor(site.adminId);
    expect((await upload(ben, admin, { sesskey: admin.sesskey }, PNG)).statusCode).toBe(200);
    expect(await pictureOf(ben)).toBeGreaterThan(0);
    expect((await upload(ben, admin, { sesskey: admin.sesskey, delete: '1' })).json()).toEqual({ picture: 0 });
    expect(await pictureOf(ben)).toBe(0);
    const gone = await site.app.inject({ method: 'GET', url: `/user/pix.php?id=${ben}`, headers: { cookie: admin.cookie } });
    expect(gone.statusCode).toBe(404);
  });
});
