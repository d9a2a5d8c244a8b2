import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { components as siteComponents } from '../components/registry';
import type { DialectName } from '../db/database';
import { ensureCourseContext, ensureUserContext } from '../platform/access/contexts';
import { assignRole, getRoleByShortname } from '../platform/access/install';
import type { ComponentDefinition } from '../platform/component';
import { installOrUpgrade } from '../platform/install';
import { now, type Platform } from '../platform/platform';
import { randomToken } from '../platform/session';
import { openTestDatabase, type TestDatabase, type TestDatabaseOptions } from './databases';
import { createTestPlatform } from './platform';

export const TEST_ADMIN_PASSWORD = 'Admin-pass-1';

/** The `name=value` part of a response's (first) Set-Cookie header, to send back as a Cookie header. */
export function cookieOf(header: string | string[] | undefined): string {
  const first = Array.isArray(header) ? header[0] : header;
  return (first ?? '').split(';')[0] ?? '';
}

/** An installed site (no demo data) with its HTTP app, for tests that go through the real endpoints. */
export interface TestSite {
  database: TestDatabase;
  platform: Platform;
  app: FastifyInstance;
  adminId: number;
  /** A logged-in session for the user, made directly in the sessions table. */
  sessionFor(userid: number): Promise<{ cookie: string; sesskey: string }>;
  createUser(username: string, fields?: { firstname?: string; lastname?: string; email?: string }): Promise<number>;
  /** A course with its context, a manual enrolment instance and sections 0–2. */
  createCourse(fullname: string, shortname: string, fields?: { visible?: number; summary?: string; idnumber?: string }): Promise<number>;
  /** Enrols the user by the course's manual instance and gives them the role in the course. */
  enrol(userid: number, courseid: number, role: string): Promise<void>;
  /** POSTs a batch to service.php (or service-nologin.php) and returns the parsed JSON answer. */
  ajax(calls: Array<{ methodname: string; args: unknown }>, session?: { cookie: string; sesskey: string } | null, nologin?: boolean): Promise<{ status: number; json: unknown }>;
  /**
   * A second server over the same database, as another process would run: its own connection (pool),
   * platform and HTTP app, started like a process (installOrUpgrade, then buildApp). The site must have
   * been created with `onDisk` on SQLite. Closed with the site.
   */
  secondServer(): Promise<SecondServer>;
  close(): Promise<void>;
}

/** Another server process's view of a test site: its own platform and app, sharing only the database. */
export interface SecondServer {
  platform: Platform;
  app: FastifyInstance;
  ajax: TestSite['ajax'];
}

/** POSTs a batch to an app's service.php (or service-nologin.php) and returns the parsed JSON answer. */
async function ajaxOn(
  app: FastifyInstance,
  calls: Array<{ methodname: string; args: unknown }>,
  session: { cookie: string; sesskey: string } | null = null,
  nologin = false,
): Promise<{ status: number; json: unknown }> {
  const info = calls.map((c) => c.methodname).join(',');
  const url = nologin ? `/lib/ajax/service-nologin.php?info=${info}` : `/lib/ajax/service.php?sesskey=${session?.sesskey ?? ''}&info=${info}`;
  const options: InjectOptions = {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(session ? { cookie: session.cookie } : {}) },
    payload: JSON.stringify(calls.map((c, index) => ({ index, methodname: c.methodname, args: c.args }))),
  };
  const response = await app.inject(options);
  return { status: response.statusCode, json: response.json<unknown>() };
}

export async function createTestSite(
  dialect: DialectName,
  extraComponents: ComponentDefinition[] = [],
  debugDeveloper = false,
  options: TestDatabaseOptions = {},
): Promise<TestSite> {
  const database = await openTestDatabase(dialect, options);
  const all = [...siteComponents, ...extraComponents];
  const base = createTestPlatform(database, { adminPassword: TEST_ADMIN_PASSWORD, debugDeveloper });
  const platform: Platform = { ...base, components: all };
  await installOrUpgrade(platform, all);
  const app = await buildApp(platform, all);
  const admin = await platform.db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const otherApps: FastifyInstance[] = [];

  const site: TestSite = {
    database,
    platform,
    app,
    adminId: admin.id,
    async sessionFor(userid) {
      const sid = randomToken(32);
      const sesskey = randomToken(8).slice(0, 10);
      const t = now();
      await platform.db.insertInto('sessions').values({ sid, userid, sesskey, data: '{}', firstip: '', lastip: '', timecreated: t, timemodified: t }).execute();
      return { cookie: `TesseraSession=${sid}`, sesskey };
    },
    async createUser(username, fields = {}) {
      const t = now();
      const row = await platform.db
        .insertInto('user')
        .values({ username, password: '', firstname: fields.firstname ?? username, lastname: fields.lastname ?? 'Test', email: fields.email ?? `${username}@example.org`, timecreated: t, timemodified: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ensureUserContext(platform.db, row.id);
      return row.id;
    },
    async createCourse(fullname, shortname, fields = {}) {
      const t = now();
      const course = await platform.db
        .insertInto('course')
        .values({ category: 0, fullname, shortname, visible: fields.visible ?? 1, summary: fields.summary ?? '', idnumber: fields.idnumber ?? '', timecreated: t, timemodified: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ensureCourseContext(platform.db, course.id, 0);
      await platform.db.insertInto('enrol').values({ enrol: 'manual', courseid: course.id, timecreated: t, timemodified: t }).execute();
      await platform.db
        .insertInto('course_sections')
        .values([0, 1, 2].map((section) => ({ course: course.id, section, name: section === 2 ? 'Week two' : '', timemodified: t })))
        .execute();
      return course.id;
    },
    async enrol(userid, courseid, role) {
      const t = now();
      const instance = await platform.db.selectFrom('enrol').select('id').where('courseid', '=', courseid).where('enrol', '=', 'manual').executeTakeFirstOrThrow();
      await platform.db.insertInto('user_enrolments').values({ enrolid: instance.id, userid, timecreated: t, timemodified: t }).execute();
      const roleRow = await getRoleByShortname(platform.db, role);
      const context = await ensureCourseContext(platform.db, courseid, 0);
      if (!roleRow) throw new Error(`No role ${role}`);
      await assignRole(platform.db, roleRow.id, userid, context.id);
    },
    ajax(calls, session = null, nologin = false) {
      return ajaxOn(app, calls, session, nologin);
    },
    async secondServer() {
      const other = createTestPlatform(await database.connectAgain(), { adminPassword: TEST_ADMIN_PASSWORD, debugDeveloper });
      const otherPlatform: Platform = { ...other, components: all };
      await installOrUpgrade(otherPlatform, all);
      const otherApp = await buildApp(otherPlatform, all);
      otherApps.push(otherApp);
      return { platform: otherPlatform, app: otherApp, ajax: (calls, session = null, nologin = false) => ajaxOn(otherApp, calls, session, nologin) };
    },
    async close() {
      for (const other of otherApps.splice(0)) await other.close();
      await app.close();
      await database.drop();
    },
  };
  return site;
}
