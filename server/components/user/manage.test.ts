import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: false; data: T } | { error: true; exception: { errorcode: string; message: string } }>;
interface Listed {
  total: number;
  users: Array<{ id: number; username: string; firstname: string; fullname: string; email: string; suspended: boolean }>;
}

const GOOD = 'Str0ng-pass';

describe.each(testDialects)('user administration methods on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let student: Session;
  let studentId: number;
  let courseId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    studentId = await site.createUser('stu', { firstname: 'Stu', lastname: 'Dent', email: 'stu@example.org' });
    student = await site.sessionFor(studentId);
    courseId = await site.createCourse('Biology', 'BIO');
    await site.enrol(studentId, courseId, 'student');
    const names = [
      ['amy', 'Amy', 'Zeller'],
      ['bea', 'Bea', 'Young'],
      ['cal', 'Cal', 'Xu'],
      ['dan', 'Dan', 'Walsh'],
      ['eve', 'Eve', 'Vance'],
    ] as const;
    for (const [username, firstname, lastname] of names) await site.createUser(username, { firstname, lastname, email: `${username}@school.test` });
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
  async function errorcode(methodname: string, args: unknown, session: Session = admin) {
    const item = await one(methodname, args, session);
    return item.error ? item.exception.errorcode : 'no error';
  }
  const list = (args: Record<string, unknown>, session: Session = admin) => ok<Listed>('core_user_list_users', args, session);
  const userCount = async () => Number((await site.platform.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('lists users sorted by last name, without the guest, paged with the total', async () => {
    const all = await list({});
    expect(all.users.map((u) => u.username)).not.toContain('guest');
    expect(all.total).toBe(7);
    expect(all.users.map((u) => u.username)).toEqual(['stu', 'admin', 'eve', 'dan', 'cal', 'bea', 'amy']);
    const page = await list({ sort: 'firstname', direction: 'desc', page: 1, perpage: 2 });
    expect(page.total).toBe(7);
    expect(page.users.map((u) => u.username)).toEqual(['dan', 'cal']);
  });

  it('sorts by several columns in order (the report table\'s shift-click), leaving out identity fields the caller does not see', async () => {
    await site.platform.db.updateTable('user').set({ lastaccess: 100 }).where('username', 'in', ['amy', 'cal']).execute();
    const byAccess = await list({ search: 'school.test', sorts: [{ column: 'lastaccess', direction: 'desc' }, { column: 'firstname', direction: 'asc' }] });
    expect(byAccess.users.map((u) => u.username)).toEqual(['amy', 'cal', 'bea', 'dan', 'eve']);
    // sort and direction are not used once sorts are given.
    const reversed = await list({ search: 'school.test', sort: 'username', sorts: [{ column: 'lastaccess', direction: 'asc' }, { column: 'firstname', direction: 'desc' }], perpage: 2, page: 1 });
    expect(reversed).toMatchObject({ total: 5 });
    expect(reversed.users.map((u) => u.username)).toEqual(['bea', 'cal']);
    // Department is not among the identity fields shown: sorting by it would reveal its order.
    const hidden = await list({ search: 'school.test', sorts: [{ column: 'department', direction: 'asc' }, { column: 'username', direction: 'desc' }] });
    expect(hidden.users.map((u) => u.username)).toEqual(['eve', 'dan', 'cal', 'bea', 'amy']);
    expect(await errorcode('core_user_list_users', { sorts: [{ column: 'password', direction: 'asc' }] })).toBe('invalidparameter');
    await site.platform.db.updateTable('user').set({ lastaccess: 0 }).where('username', 'in', ['amy', 'cal']).execute();
  });

  it('searches names, full name, email, username and id number case-insensitively', async () => {
    expect((await list({ search: 'ZELL' })).users.map((u) => u.username)).toEqual(['amy']);
    expect((await list({ search: 'bea young' })).users.map((u) => u.username)).toEqual(['bea']);
    expect((await list({ search: 'school.test', sort: 'username' })).users.map((u) => u.username)).toEqual(['amy', 'bea', 'cal', 'dan', 'eve']);
    expect((await list({ search: '100%' })).total).toBe(0);
  });

  it('refuses listing to a student and bad arguments with invalidparameter', async () => {
    expect(await errorcode('core_user_list_users', {}, student)).toBe('nopermissions');
    expect(await errorcode('core_user_list_users', { perpage: 501 })).toBe('invalidparameter');
    expect(await errorcode('core_user_list_users', { sort: 'password' })).toBe('invalidparameter');
  });

  it('refuses listing to the guest account, which holds moodle/user:viewdetails through the guest role', async () => {
    const guestid = Number((await site.platform.db.selectFrom('config').select('value').where('name', '=', 'siteguest').executeTakeFirstOrThrow()).value);
    const guest = await site.sessionFor(guestid);
    expect(await errorcode('core_user_list_users', {}, guest)).toBe('nopermissions');
    const page = await site.app.inject({ method: 'GET', url: '/admin/user.php', headers: { accept: 'text/html', cookie: guest.cookie } });
    expect(page.statusCode).toBe(403);
  });

  it('creates users with their contexts, and they can be found', async () => {
    const created = await ok<Array<{ id: number; username: string }>>('core_user_create_users', {
      users: [
        { username: 'new.one', password: GOOD, firstname: 'New', lastname: 'One', email: 'new.one@example.org', city: 'Lyon', country: 'FR' },
        { username: 'new.two', createpassword: true, firstname: 'New', lastname: 'Two', email: 'new.two@example.org' },
      ],
    });
    expect(created.map((c) => c.username)).toEqual(['new.one', 'new.two']);
    const context = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 30).where('instanceid', '=', created[0]?.id ?? 0).executeTakeFirst();
    expect(context).toBeDefined();
    const row = await site.platform.db.selectFrom('user').select(['password', 'city']).where('username', '=', 'new.one').executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2/);
    expect(row.city).toBe('Lyon');
    expect((await list({ search: 'new.' })).total).toBe(2);
  });

  it('refuses bad users and writes none of the batch', async () => {
    const before = await userCount();
    const good = { username: 'fine', password: GOOD, firstname: 'Fine', lastname: 'User', email: 'fine@example.org' };
    const create = (bad: Record<string, unknown>) => errorcode('core_user_create_users', { users: [good, { ...good, ...bad }] });
    expect(await create({ username: 'amy' })).toBe('usernameexists');
    expect(await create({ username: 'fine' })).toBe('usernameexists');
    expect(await create({ username: 'Upper' })).toBe('invalidusername');
    expect(await create({ username: 'x2', email: 'not-an-email' })).toBe('invalidemail');
    expect(await create({ username: 'x2', password: 'short' })).toBe('errorpasswordpolicy');
    expect(await create({ username: 'x2', unknown: 1 })).toBe('invalidparameter');
    expect(await userCount()).toBe(before);
    const weak = await one('core_user_create_users', { users: [{ ...good, password: 'alllowercase' }] });
    expect(weak.error && weak.exception.message).toBe(
      'The password must have at least 1 digit(s), at least 1 upper-case letter(s), at least 1 symbol(s) such as * - or #',
    );
  });

  it('refuses creating, updating and deleting to a student', async () => {
    expect(await errorcode('core_user_create_users', { users: [{ username: 'sneaky', password: GOOD, firstname: 'S', lastname: 'N', email: 's@example.org' }] }, student)).toBe(
      'nopermissions',
    );
    const amy = (await list({ search: 'amy' })).users[0]?.id ?? 0;
    expect(await errorcode('core_user_update_users', { users: [{ id: amy, firstname: 'Hacked' }] }, student)).toBe('nopermissions');
    expect(await errorcode('core_user_update_users', { users: [{ id: studentId, suspended: true }] }, student)).toBe('nopermissions');
    expect(await errorcode('core_user_delete_users', { userids: [amy] }, student)).toBe('nopermissions');
    expect((await list({ search: 'amy' })).users[0]?.fullname).toBe('Amy Zeller');
  });

  it('lets a user edit their own profile fields, and nothing else', async () => {
    await ok('core_user_update_users', { users: [{ id: studentId, city: 'Porto', firstname: 'Stuart' }] }, student);
    const row = await site.platform.db.selectFrom('user').select(['city', 'firstname']).where('id', '=', studentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ city: 'Porto', firstname: 'Stuart' });
    expect(await errorcode('core_user_update_users', { users: [{ id: studentId, username: 'boss' }] }, student)).toBe('nopermissions');
  });

  it('updates users all or nothing, with the same checks as creating', async () => {
    const { users } = await list({ search: 'school.test', sort: 'username' });
    const [amy, bea] = users;
    if (!amy || !bea) throw new Error('missing users');
    expect(await errorcode('core_user_update_users', { users: [{ id: amy.id, firstname: 'Amelia' }, { id: bea.id, username: 'amy' }] })).toBe('usernameexists');
    expect(await errorcode('core_user_update_users', { users: [{ id: amy.id, firstname: 'Amelia' }, { id: bea.id, email: 'nope' }] })).toBe('invalidemail');
    expect(await errorcode('core_user_update_users', { users: [{ id: amy.id, firstname: 'Amelia' }, { id: bea.id, password: 'weak' }] })).toBe('errorpasswordpolicy');
    expect(await errorcode('core_user_update_users', { users: [{ id: amy.id, firstname: 'Amelia' }, { id: 999999 }] })).toBe('invalidrecord');
    expect((await list({ search: 'amy' })).users[0]?.firstname).toBe('Amy');
    expect(await ok('core_user_update_users', { users: [{ id: amy.id, firstname: 'Amelia', email: 'amelia@school.test' }] })).toEqual({ warnings: [] });
    expect((await list({ search: 'amelia' })).users[0]).toMatchObject({ fullname: 'Amelia Zeller', email: 'amelia@school.test' });
  });

  it('suspends users in bulk, ends their sessions, and the status filter sees it', async () => {
    const { users } = await list({ search: 'school.test', sort: 'username' });
    const targets = users.filter((u) => u.username === 'cal' || u.username === 'dan').map((u) => u.id);
    const calSession = await site.sessionFor(targets[0] ?? 0);
    await ok('core_user_update_users', { users: targets.map((id) => ({ id, suspended: true })) });
    expect((await list({ suspended: 'suspended' })).users.map((u) => u.username)).toEqual(['dan', 'cal']);
    expect((await list({ suspended: 'active' })).total).toBe((await list({})).total - 2);
    const sessions = await site.platform.db.selectFrom('sessions').select('sid').where('userid', 'in', targets).execute();
    expect(sessions).toEqual([]);
    expect(await errorcode('core_user_list_users', {}, calSession)).not.toBe('no error');
    expect(await errorcode('core_user_update_users', { users: [{ id: site.adminId, suspended: true }] })).toBe('cannotsuspendself');
    await ok('core_user_update_users', { users: targets.map((id) => ({ id, suspended: false })) });
    expect((await list({ suspended: 'suspended' })).total).toBe(0);
  });

  it('deletes softly: the row stays, renamed, logged out and unenrolled', async () => {
    const victim = await site.createUser('victim', { firstname: 'Vic', lastname: 'Tim', email: 'victim@example.org' });
    await site.enrol(victim, courseId, 'student');
    const victimSession = await site.sessionFor(victim);
    await ok('core_user_delete_users', { userids: [victim] });
    const row = await site.platform.db.selectFrom('user').select(['deleted', 'username', 'email']).where('id', '=', victim).executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
    expect(row.username).toBe(`deleted-${victim}-victim`);
    expect(row.email).not.toContain('victim@');
    const db = site.platform.db;
    expect(await db.selectFrom('sessions').select('sid').where('userid', '=', victim).execute()).toEqual([]);
    expect(await db.selectFrom('user_enrolments').select('id').where('userid', '=', victim).execute()).toEqual([]);
    expect(await db.selectFrom('role_assignments').select('id').where('userid', '=', victim).execute()).toEqual([]);
    expect((await list({ search: 'victim' })).total).toBe(0);
    expect(await errorcode('core_user_list_users', {}, victimSession)).not.toBe('no error');
    // The username is free again.
    await ok('core_user_create_users', { users: [{ username: 'victim', password: GOOD, firstname: 'New', lastname: 'Victim', email: 'victim@example.org' }] });
  });

  it('refuses deleting yourself or a site admin, and then deletes nobody', async () => {
    const eve = (await list({ search: 'eve' })).users[0]?.id ?? 0;
    expect(await errorcode('core_user_delete_users', { userids: [eve, site.adminId] })).toBe('cannotdeleteself');
    const manager = await site.createUser('boss', { firstname: 'Bo', lastname: 'Ss' });
    await site.platform.db.updateTable('config').set({ value: `${site.adminId},${manager}` }).where('name', '=', 'siteadmins').execute();
    expect(await errorcode('core_user_delete_users', { userids: [eve, manager] })).toBe('cannotdeleteadmin');
    expect((await list({ search: 'eve' })).total).toBe(1);
    expect(await errorcode('core_user_delete_users', { userids: ['x'] })).toBe('invalidparameter');
  });

  it('guards the pages on the server: the user list and forms for admins, edit profile for everyone', async () => {
    const get = async (url: string, session: Session) =>
      (await site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: session.cookie } })).statusCode;
    expect(await get('/admin/user.php', student)).toBe(403);
    expect(await get('/user/editadvanced.php?id=-1', student)).toBe(403);
    expect(await get(`/user/editadvanced.php?id=${studentId}`, student)).toBe(403);
    expect(await get('/user/edit.php', student)).toBe(200);
    expect(await get('/admin/user.php', admin)).toBe(200);
    expect(await get('/user/editadvanced.php', admin)).toBe(200);
    expect(await get(`/user/editadvanced.php?id=${studentId}`, admin)).toBe(200);
    expect(await get('/user/editadvanced.php?id=987654', admin)).toBe(404);
  });

  it('needs the sesskey for changes', async () => {
    const { json } = await site.ajax([{ methodname: 'core_user_delete_users', args: { userids: [studentId] } }], { cookie: admin.cookie, sesskey: 'wrong' });
    expect((json as Answer<null>)[0]).toMatchObject({ error: true, exception: { errorcode: 'invalidsesskey' } });
  });
});
