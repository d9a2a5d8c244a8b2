import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { coreUserCanLoginAs } from '../../../api/loginas';
import type { DB } from '../../db/schema';
import { createAccess } from '../../platform/access/checker';
import { getSystemContext } from '../../platform/access/contexts';
import type { Context } from '../../platform/access/types';
import { loginAsState, startLoginAsSession } from '../../platform/auth/loginas';
import { getConfigs } from '../../platform/config-store';
import { AppError, invalidParameter, invalidRecord } from '../../platform/errors';
import { eventActor, logEvent } from '../../platform/events';
import { addNotification } from '../../platform/notifications';
import { sendShell } from '../../platform/pages';
import type { Platform } from '../../platform/platform';
import { clearSessionCookie, destroySession } from '../../platform/session';
import { defineMethod, type CallContext } from '../../ws/method';
import { getCourse, requireCourseAccess, SITEID, type CourseRow } from '../course/access';
import { effectiveGroupMode, visibleGroupIds } from '../group/service';

interface Target {
  id: number;
  firstname: string;
  lastname: string;
  suspended: number;
}

/** What a granted "log in as" acts in: the target, and the system or course context it was granted in. */
interface Grant {
  target: Target;
  course: CourseRow;
  context: Context;
  /** The course the session is limited to; 0 for site-wide. */
  limitedTo: number;
}

/** The accounts nobody may be logged in as, read once per check. */
async function protectedAccounts(db: Kysely<DB>): Promise<{ admins: number[]; guest: number }> {
  const config = await getConfigs(db, ['siteadmins', 'siteguest']);
  return { admins: (config.get('siteadmins') ?? '').split(',').filter(Boolean).map(Number), guest: Number(config.get('siteguest') ?? 0) };
}

/** Why the caller may not act as this target whatever their capability (an error string id), or null. */
function targetRefusal(target: Pick<Target, 'id' | 'suspended'>, self: number, accounts: { admins: number[]; guest: number }): string | null {
  if (target.id === self) return 'loginasself';
  if (accounts.admins.includes(target.id)) return 'nologinas';
  if (target.id === accounts.guest) return 'loginasguest';
  if (target.suspended) return 'loginassuspended';
  return null;
}

/** Moodle's is_enrolled without "only active": any enrolment in the course counts. */
async function isEnrolled(db: Kysely<DB>, userid: number, courseid: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('ue.id')
    .where('ue.userid', '=', userid)
    .where('e.courseid', '=', courseid)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user is a member of one of the groups (undefined: no restriction). */
async function inGroups(db: Kysely<DB>, userid: number, groupids: readonly number[] | undefined): Promise<boolean> {
  if (groupids === undefined) return true;
  if (groupids.length === 0) return false;
  const row = await db.selectFrom('groups_members').select('id').where('userid', '=', userid).where('groupid', 'in', groupids).executeTakeFirst();
  return row !== undefined;
}

/**
 * Moodle's rules for "log in as" (course/loginas.php): moodle/user:loginas in the system context
 * grants it site-wide; otherwise the caller needs access to the course and the capability in its
 * context, the target must be enrolled there, and in separate groups mode (without
 * moodle/site:accessallgroups) share a group with the caller. Never a site admin, oneself, the
 * guest, a suspended or deleted account. Throws AppError when refused.
 */
export async function grantLoginAs(ctx: CallContext, courseid: number, userid: number): Promise<Grant> {
  const system = await getSystemContext(ctx.db);
  const course = await getCourse(ctx.db, courseid);
  const siteWide = await ctx.access.hasCapability('moodle/user:loginas', system);
  let context = system;
  if (!siteWide) {
    context = (await requireCourseAccess(ctx, course.id)).context;
    await ctx.access.requireCapability('moodle/user:loginas', context);
  }
  const target = await ctx.db
    .selectFrom('user')
    .select(['id', 'firstname', 'lastname', 'suspended'])
    .where('id', '=', userid)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!target) throw invalidRecord('user', `user ${userid}`);
  const refusal = targetRefusal(target, ctx.access.userid, await protectedAccounts(ctx.db));
  if (refusal) throw new AppError(refusal, { status: 403 });
  if (!siteWide) {
    if (!(await isEnrolled(ctx.db, target.id, course.id))) throw new AppError('usernotincourse', { status: 403 });
    const canAccessAllGroups = await ctx.access.hasCapability('moodle/site:accessallgroups', context);
    const visible = await visibleGroupIds(ctx.db, course.id, ctx.access.userid, effectiveGroupMode(course), canAccessAllGroups);
    if (!(await inGroups(ctx.db, target.id, visible))) throw new AppError('nologinas', { status: 403 });
  }
  return { target, course, context, limitedTo: siteWide ? 0 : course.id };
}

/**
 * For the site's user list: whom the caller may log in as from there (site-wide only), decided for
 * every row without a query per row. Nobody while the caller is already logged in as someone.
 */
export async function siteLoginAsCheck(ctx: CallContext): Promise<(user: { id: number; suspended: boolean }) => boolean> {
  const system = await getSystemContext(ctx.db);
  if (loginAsState(ctx.session) || !(await ctx.access.hasCapability('moodle/user:loginas', system))) return () => false;
  const accounts = await protectedAccounts(ctx.db);
  return (user) => targetRefusal({ id: user.id, suspended: user.suspended ? 1 : 0 }, ctx.access.userid, accounts) === null;
}

const canLoginAs = defineMethod(coreUserCanLoginAs, async (ctx, { userid, courseid }) => {
  if (loginAsState(ctx.session)) return { canloginas: false };
  try {
    await grantLoginAs(ctx, courseid, userid);
    return { canloginas: true };
  } catch (error) {
    if (error instanceof AppError) return { canloginas: false };
    throw error;
  }
});

export const loginAsMethods = [canLoginAs];

function param(request: FastifyRequest, name: string): string | undefined {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
  const value = body[name] ?? (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function intParam(request: FastifyRequest, name: string, fallback?: number): number {
  const raw = param(request, name);
  if (raw === undefined && fallback !== undefined) return fallback;
  if (raw === undefined || !/^\d+$/.test(raw)) throw invalidParameter(`${name} must be a positive integer`);
  return Number(raw);
}

/**
 * `/course/loginas.php?id=<course>&user=<user>&sesskey=…`: ends the caller's session and starts one
 * acting as the user, remembering the real user, then opens the course (or the dashboard for the
 * site). Someone already logged in as another user is logged out instead, as in Moodle: they log in
 * again as themself first.
 */
async function loginAs(platform: Platform, request: FastifyRequest, reply: FastifyReply) {
  const user = request.user;
  const session = request.tsession;
  if (!user || !session) return reply.redirect('/login/index.php', 303);
  try {
    if (param(request, 'sesskey') !== session.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    if (loginAsState(session)) {
      await destroySession(platform, session.sid);
      clearSessionCookie(reply);
      return reply.redirect('/login/index.php', 303);
    }
    const courseid = intParam(request, 'id', SITEID);
    const userid = intParam(request, 'user');
    const ctx: Omit<CallContext, 'db' | 'access'> = { platform, user, session, lang: user.lang || 'en', ip: request.ip };
    const grant = await platform.db.transaction().execute(async (trx) => {
      const granted = await grantLoginAs({ ...ctx, db: trx, access: createAccess(trx, user.id) }, courseid, userid);
      // Logged in the real user's own session, before the switch: they are the one who acts.
      await logEvent(trx, eventActor(ctx), {
        eventname: '\\core\\event\\user_loggedinas',
        component: 'core',
        action: 'loggedinas',
        target: 'user',
        objecttable: 'user',
        objectid: granted.target.id,
        crud: 'r',
        contextid: granted.context.id,
        contextlevel: granted.context.contextlevel,
        contextinstanceid: granted.context.instanceid,
        courseid: granted.limitedTo,
        relateduserid: granted.target.id,
        other: { originalusername: `${user.firstname} ${user.lastname}`.trim(), loggedinasusername: `${granted.target.firstname} ${granted.target.lastname}`.trim() },
      });
      return granted;
    });
    const fresh = await startLoginAsSession(platform, request, reply, grant.target.id, { realuser: user.id, contextid: grant.context.id, courseid: grant.limitedTo });
    const name = `${grant.target.firstname} ${grant.target.lastname}`.trim();
    await addNotification(platform.db, fresh.sid, platform.strings.get('loginasstarted', 'core_user', name, user.lang || 'en'), 'info');
    return reply.redirect(grant.course.id === SITEID ? '/my/' : `/course/view.php?id=${grant.course.id}`, 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = platform.strings.errorMessage(error.errorcode, error.component, error.a, user.lang || 'en');
    return sendShell(platform, request, reply, error.status, { errorcode: error.errorcode, message });
  }
}

export function registerLoginAsRoutes(app: FastifyInstance, platform: Platform): void {
  app.get('/course/loginas.php', (request, reply) => loginAs(platform, request, reply));
  app.post('/course/loginas.php', (request, reply) => loginAs(platform, request, reply));
}
