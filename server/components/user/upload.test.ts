import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { UPLOAD_BATCH_ROWS } from './upload-jobs';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: false; data: T } | { error: true; exception: { errorcode: string; message: string } }>;
interface RowError {
  field: string;
  message: string;
}
interface Preview {
  columns: string[];
  total: number;
  counts: { create: number; update: number; skip: number; error: number };
  rows: Array<{ line: number; username: string; firstname: string; action: string; errors: RowError[]; note: string }>;
}
interface UploadState {
  uploadid: number;
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  finished: boolean;
}
interface UploadResult extends UploadState {
  failures: Array<{ line: number; username: string; errors: RowError[] }>;
}

const HEADER = 'username,password,firstname,lastname,email,city,country';

/** `count` valid rows for `prefix`; `broken` replaces rows by index (0-based) with other text. */
function csv(prefix: string, count: number, broken: Record<number, string> = {}): string {
  const rows = Array.from({ length: count }, (_, i) => broken[i] ?? `${prefix}${i},Str0ng-pass${i},First${i},Last${i},${prefix}${i}@example.org,Lyon,fr`);
  return [HEADER, ...rows].join('\r\n');
}

describe.each(testDialects)('uploading users from CSV on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let student: Session;
  let teacher: Session;
  let manager: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    const courseId = await site.createCourse('Biology', 'BIO');
    const studentId = await site.createUser('stu');
    await site.enrol(studentId, courseId, 'student');
    student = await site.sessionFor(studentId);
    const teacherId = await site.createUser('teach');
    await site.enrol(teacherId, courseId, 'editingteacher');
    teacher = await site.sessionFor(teacherId);
    const managerId = await site.createUser('boss');
    const role = await getRoleByShortname(site.platform.db, 'manager');
    const system = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 10).executeTakeFirstOrThrow();
    if (!role) throw new Error('no manager role');
    await assignRole(site.platform.db, role.id, managerId, system.id);
    manager = await site.sessionFor(managerId);
  });
  afterAll(() => site.close());

  async function one<T>(methodname: string, args: unknown, session: Session = admin) {
    const { json } = await site.ajax([{ methodname, args }], session);
    const item = (json as Answer<T>)[0];
    if (!item) throw new Error('no answer');
    return item;
  }
  async function ok<T>(methodname: string, args: unknown, session: Session = admin): Promise<T> {
    const item = await one<T>(methodname, args, session);
    if (item.error) throw new Error(`${methodname}: ${item.exception.errorcode} ${item.exception.message}`);
    return item.data;
  }
  async function failure(methodname: string, args: unknown, session: Session = admin) {
    const item = await one(methodname, args, session);
    return item.error ? item.exception : { errorcode: 'no error', message: '' };
  }
  const preview = (content: string, mode = 'addnew', delimiter = 'comma', session: Session = admin) =>
    ok<Preview>('core_user_preview_upload', { content, mode, delimiter }, session);
  /** Starts an upload and calls for batches until it is finished, as the page does. */
  async function upload(content: string, mode = 'addnew', session: Session = admin) {
    let state = await ok<UploadState>('core_user_start_upload', { content, mode }, session);
    const seen: number[] = [];
    while (!state.finished) {
      state = await ok<UploadState>('core_user_process_upload', { uploadid: state.uploadid }, session);
      seen.push(state.processed);
    }
    return { state, seen };
  }
  const count = async (table: 'user' | 'user_uploads') => Number((await site.platform.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const userNamed = (username: string) => site.platform.db.selectFrom('user').selectAll().where('username', '=', username).executeTakeFirst();

  it('previews 100 rows with 2 broken ones: the errors by field, and nothing written', async () => {
    const users = await count('user');
    const content = csv('pre', 100, { 10: 'pre10,Str0ng-pass,Ann,Lee,not-an-email,Lyon,FR', 57: 'pre3,Str0ng-pass,Dup,Row,dup@example.org,Lyon,FR' });
    const result = await preview(content);
    expect(result.total).toBe(100);
    expect(result.counts).toEqual({ create: 98, update: 0, skip: 0, error: 2 });
    const errors = result.rows.filter((r) => r.action === 'error');
    expect(errors.map((r) => [r.line, r.username, r.errors])).toEqual([
      [12, 'pre10', [{ field: 'email', message: '"not-an-email" is not a valid email address' }]],
      [59, 'pre3', [{ field: 'username', message: 'The username "pre3" is already used on line 5 of the file' }]],
    ]);
    expect(result.rows[0]).toMatchObject({ line: 2, username: 'pre0', firstname: 'First0', action: 'create', errors: [], note: '' });
    expect(await count('user')).toBe(users);
    expect(await count('user_uploads')).toBe(0);
  });

  it('reports every problem of a row, with the same checks as the user form', async () => {
    const content = [
      'username,password,firstname,lastname,email,country,lang,suspended',
      'Bad Name,weak,,Lee,x@,ZZ,xx,maybe',
      'admin,Str0ng-pass,A,B,a@example.org,,,',
      ',Str0ng-pass,A,B,a@example.org,,,',
      'short,Str0ng-pass,A,B,a@example.org',
    ].join('\n');
    const { rows } = await preview(content);
    const fieldsOf = (i: number) => rows[i]?.errors.map((e) => e.field);
    expect(fieldsOf(0)).toEqual(['username', 'firstname', 'email', 'lang', 'country', 'password', 'suspended']);
    expect(rows[0]?.errors.find((e) => e.field === 'password')?.message).toMatch(/^The password must have at least 8 characters/);
    expect(rows[1]).toMatchObject({ username: 'admin', action: 'skip', note: 'A user with this username exists, and this upload only adds new users' });
    expect(rows[2]?.errors).toEqual([{ field: 'username', message: 'Enter a username' }]);
    expect(rows[3]?.errors).toEqual([{ field: '', message: 'This row has 5 fields but the header row has 8' }]);
  });

  it('reads quoted fields, a byte-order mark, semicolons and upper-case usernames', async () => {
    const content = '\uFEFFUsername;FirstName;lastname;email\r\n"Quoted.One";"Smith; Jr";"O""Neil";q1@example.org\r\n';
    const result = await preview(content, 'addnew', 'semicolon');
    expect(result.columns).toEqual(['username', 'firstname', 'lastname', 'email']);
    expect(result.rows).toEqual([expect.objectContaining({ username: 'quoted.one', firstname: 'Smith; Jr', action: 'create' })]);
  });

  it('refuses files it cannot read with a clear error', async () => {
    const refused = (content: string, mode = 'addnew', delimiter = 'comma') => failure('core_user_preview_upload', { content, mode, delimiter });
    expect(await refused('username,firstname,lastname,email,shoesize\nann,A,B,a@x.org,42')).toMatchObject({
      errorcode: 'uploadunknowncolumns',
      message: expect.stringMatching(/^Unknown column "shoesize": use only username, password/) as unknown,
    });
    expect((await refused('username;firstname;lastname;email\nann;A;B;a@x.org')).errorcode).toBe('uploadwrongdelimiter');
    expect((await refused('username,email\nann,a@x.org')).message).toBe('To add new users the file needs the columns firstname, lastname');
    expect((await refused('username,email\nann,a@x.org', 'update')).errorcode).toBe('no error');
    expect((await refused('email,firstname\na@x.org,A', 'update')).errorcode).toBe('uploadnousernamecolumn');
    expect((await refused('username,username\na,b', 'update')).errorcode).toBe('uploadrepeatedcolumn');
    expect((await refused('')).errorcode).toBe('uploadempty');
    expect((await refused('username,firstname,lastname,email\n')).errorcode).toBe('uploadnorows');
    expect((await refused('username,firstname,lastname,email\n"ann,A,B,a@x.org')).message).toBe('A quoted field opened on line 2 is never closed: check the quotes in the file');
    expect((await refused(`username\n${'a\n'.repeat(10_001)}`, 'update')).message).toBe('The file has 10001 users: upload at most 10000 at a time');
    expect((await refused('x'.repeat(5 * 1024 * 1024 + 1))).errorcode).toBe('uploadtoolarge');
    expect((await refused('username\na', 'everything')).errorcode).toBe('invalidparameter');
  });

  it('uploads 100 rows in batches: the 98 valid ones are created with contexts and events, the 2 broken ones listed', async () => {
    const before = await count('user');
    const content = csv('up', 100, { 10: 'up10,Str0ng-pass,Ann,Lee,not-an-email,Lyon,FR', 57: 'up3,Str0ng-pass,Dup,Row,dup@example.org,Lyon,FR' });
    const { state, seen } = await upload(content);
    expect(state).toMatchObject({ total: 100, processed: 100, created: 98, updated: 0, skipped: 0, failed: 2, finished: true });
    expect(seen[0]).toBe(UPLOAD_BATCH_ROWS);
    expect(seen).toHaveLength(Math.ceil(100 / UPLOAD_BATCH_ROWS));
    expect(await count('user')).toBe(before + 98);
    expect(await userNamed('up10')).toBeUndefined();
    const made = await userNamed('up42');
    expect(made).toMatchObject({ firstname: 'First42', email: 'up42@example.org', country: 'FR', city: 'Lyon', auth: 'manual' });
    expect(made?.password).toMatch(/^\$argon2/);
    const db = site.platform.db;
    const context = await db.selectFrom('context').select('id').where('contextlevel', '=', 30).where('instanceid', '=', made?.id ?? 0).executeTakeFirst();
    expect(context).toBeDefined();
    const events = await db.selectFrom('logstore_standard_log').select('userid').where('eventname', '=', '\\core\\event\\user_created').where('relateduserid', '=', made?.id ?? 0).execute();
    expect(events).toEqual([{ userid: site.adminId }]);

    const result = await ok<UploadResult>('core_user_get_upload', { uploadid: state.uploadid });
    expect(result.failures).toEqual([
      { line: 12, username: 'up10', errors: [{ field: 'email', message: '"not-an-email" is not a valid email address' }] },
      { line: 59, username: 'up3', errors: [{ field: 'username', message: 'The username "up3" is already used on line 5 of the file' }] },
    ]);
    const stored = await db.selectFrom('user_uploads').select(['content', 'timefinished']).where('id', '=', state.uploadid).executeTakeFirstOrThrow();
    expect(stored.content).toBe('');
    expect(stored.timefinished).toBeGreaterThan(0);
    // Asking for more after the end changes nothing.
    expect(await ok<UploadState>('core_user_process_upload', { uploadid: state.uploadid })).toMatchObject({ created: 98, finished: true });
  });

  it('gives a generated password to new users without one', async () => {
    await upload('username,firstname,lastname,email\nnopass,No,Pass,nopass@example.org');
    expect((await userNamed('nopass'))?.password).toMatch(/^\$argon2/);
  });

  it('checks rows again when writing: a username taken since the preview is skipped, not duplicated', async () => {
    const content = csv('race', 3);
    expect((await preview(content)).counts.create).toBe(3);
    let state = await ok<UploadState>('core_user_start_upload', { content, mode: 'addnew' });
    await site.createUser('race1', { firstname: 'Already', lastname: 'Here' });
    state = await ok<UploadState>('core_user_process_upload', { uploadid: state.uploadid });
    expect(state).toMatchObject({ created: 2, skipped: 1, failed: 0, finished: true });
    expect((await userNamed('race1'))?.firstname).toBe('Already');
  });

  it('updates existing users by username, keeping what the file leaves empty', async () => {
    await upload(csv('upd', 2));
    const content = [
      'username,firstname,email,city,suspended,password',
      'upd0,Renamed,,Paris,1,',
      'upd1,,new1@example.org,,,N3w-password',
      'nobody,X,x@example.org,,,',
      'admin,Hacked,,,,',
    ].join('\n');
    const result = await preview(content, 'update');
    expect(result.counts).toEqual({ create: 0, update: 2, skip: 1, error: 1 });
    expect(result.rows[2]?.note).toBe('No user has this username, and this upload only updates existing users');
    expect(result.rows[3]?.errors).toEqual([{ field: '', message: 'Site administrators are never changed by an upload' }]);
    const before = await userNamed('upd1');
    const { state } = await upload(content, 'update');
    expect(state).toMatchObject({ created: 0, updated: 2, skipped: 1, failed: 1 });
    expect(await userNamed('upd0')).toMatchObject({ firstname: 'Renamed', lastname: 'Last0', email: 'upd0@example.org', city: 'Paris', suspended: 1 });
    const after = await userNamed('upd1');
    expect(after).toMatchObject({ firstname: 'First1', email: 'new1@example.org', city: 'Lyon' });
    expect(after?.password).not.toBe(before?.password);
    expect((await userNamed('admin'))?.firstname).toBe('Admin');
    expect(await userNamed('nobody')).toBeUndefined();
  });

  it('adds new and updates existing users in one file', async () => {
    const content = 'username,firstname,lastname,email\nupd0,Again,Last0,upd0@example.org\nfresh,Fresh,User,fresh@example.org';
    const result = await preview(content, 'addupdate');
    expect(result.rows.map((r) => r.action)).toEqual(['update', 'create']);
    const { state } = await upload(content, 'addupdate');
    expect(state).toMatchObject({ created: 1, updated: 1 });
    expect((await userNamed('upd0'))?.firstname).toBe('Again');
  });

  it('refuses students and teachers, and lets managers upload', async () => {
    const content = csv('perm', 1);
    for (const session of [student, teacher]) {
      expect((await failure('core_user_preview_upload', { content }, session)).errorcode).toBe('nopermissions');
      expect((await failure('core_user_start_upload', { content }, session)).errorcode).toBe('nopermissions');
      expect((await failure('core_user_get_upload', { uploadid: 1 }, session)).errorcode).toBe('nopermissions');
    }
    const started = await ok<UploadState>('core_user_start_upload', { content }, admin);
    expect((await failure('core_user_process_upload', { uploadid: started.uploadid }, teacher)).errorcode).toBe('nopermissions');
    expect(await userNamed('perm0')).toBeUndefined();
    const { state } = await upload(csv('mgr', 2), 'addnew', manager);
    expect(state.created).toBe(2);
  });

  it("keeps each upload to the user who started it", async () => {
    const started = await ok<UploadState>('core_user_start_upload', { content: csv('own', 1) }, admin);
    expect((await failure('core_user_process_upload', { uploadid: started.uploadid }, manager)).errorcode).toBe('invalidrecord');
    expect((await failure('core_user_get_upload', { uploadid: started.uploadid }, manager)).errorcode).toBe('invalidrecord');
    expect(await userNamed('own0')).toBeUndefined();
  });

  it('needs the sesskey to start or continue an upload', async () => {
    const wrong = { cookie: admin.cookie, sesskey: 'wrong' };
    const uploads = await count('user_uploads');
    expect((await failure('core_user_start_upload', { content: csv('key', 1) }, wrong)).errorcode).toBe('invalidsesskey');
    expect(await count('user_uploads')).toBe(uploads);
    const started = await ok<UploadState>('core_user_start_upload', { content: csv('key', 1) });
    expect((await failure('core_user_process_upload', { uploadid: started.uploadid }, wrong)).errorcode).toBe('invalidsesskey');
    expect(await userNamed('key0')).toBeUndefined();
  });

  it('writes each batch once when two calls continue the same upload at the same time', async () => {
    const before = await count('user');
    const started = await ok<UploadState>('core_user_start_upload', { content: csv('twin', UPLOAD_BATCH_ROWS * 2) });
    const process = () => one<UploadState>('core_user_process_upload', { uploadid: started.uploadid });
    const answers = await Promise.all([process(), process(), process()]);
    expect(answers.every((a) => !a.error)).toBe(true);
    let state = await ok<UploadState>('core_user_get_upload', { uploadid: started.uploadid });
    while (!state.finished) state = await ok<UploadState>('core_user_process_upload', { uploadid: started.uploadid });
    expect(state).toMatchObject({ created: UPLOAD_BATCH_ROWS * 2, failed: 0, skipped: 0 });
    expect(await count('user')).toBe(before + UPLOAD_BATCH_ROWS * 2);
  });

  it('guards the page on the server', async () => {
    const get = async (session: Session) =>
      (await site.app.inject({ method: 'GET', url: '/admin/tool/uploaduser/index.php', headers: { accept: 'text/html', cookie: session.cookie } })).statusCode;
    expect(await get(student)).toBe(403);
    expect(await get(teacher)).toBe(403);
    expect(await get(manager)).toBe(200);
    expect(await get(admin)).toBe(200);
  });
});
