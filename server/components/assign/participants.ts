import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { IdentityField } from '../../../api/identity';
import type { DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { identityRefs } from '../user/identity';
import { activeEnrolmentUserIds } from '../group/service';
import { CAP_SUBMIT, capabilityRoles, type AssignAccess } from './access';

/** One participant's row: the user, their latest submission and its grade, and their flags. */
export interface ParticipantRow extends ParticipantStatus {
  id: number;
  firstname: string;
  lastname: string;
  picture: number;
  idnumber: string;
  email: string;
  phone1: string;
  phone2: string;
  department: string;
  institution: string;
}

export const fullnameOf = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

/** Moodle's "submitted": the latest attempt's status is submitted. */
export const isSubmitted = (r: Pick<ParticipantRow, 'status'>) => r.status === 'submitted';

/** Moodle's "requires grading": submitted, and no grade or the submission is as new as the grade. */
export function requiresGrading(r: Pick<ParticipantRow, 'status' | 'grade' | 'submissionmodified' | 'grademodified'>): boolean {
  if (r.status !== 'submitted') return false;
  if (r.grade === null || r.grade < 0) return true;
  return (r.submissionmodified ?? 0) >= (r.grademodified ?? 0);
}

/** The users of a course who hold a capability in a context through their roles there (and are enrolled). */
export async function enrolledWithCapability(db: Kysely<DB>, courseid: number, context: Context, capability: string) {
  const roles = await capabilityRoles(db, context, capability);
  let query = db
    .selectFrom('user as u')
    // `+` keeps SQLite from walking an index on `deleted` across every user instead of the enrolments.
    .where(sql<number>`+u.deleted`, '=', 0)
    .where('u.id', 'in', activeEnrolmentUserIds(db, courseid))
    .where((eb) =>
      roles.allow.length === 0
        ? sql<boolean>`1 = 0`
        : eb.exists(
            eb
              .selectFrom('role_assignments as ra')
              .select('ra.id')
              .whereRef('ra.userid', '=', 'u.id')
              .where('ra.contextid', 'in', roles.path)
              .where('ra.roleid', 'in', roles.allow),
          ),
    );
  if (roles.prohibit.length > 0) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('role_assignments as rp').select('rp.id').whereRef('rp.userid', '=', 'u.id').where('rp.contextid', 'in', roles.path).where('rp.roleid', 'in', roles.prohibit),
        ),
      ),
    );
  }
  return query;
}

/** A participant's latest submission, its grade and their flags (null when there is none). */
export interface ParticipantStatus {
  submissionid: number | null;
  status: string | null;
  attemptnumber: number | null;
  submissionmodified: number | null;
  gradeid: number | null;
  grade: number | null;
  grader: number | null;
  grademodified: number | null;
  extensionduedate: number | null;
}

const NO_STATUS: ParticipantStatus = {
  submissionid: null,
  status: null,
  attemptnumber: null,
  submissionmodified: null,
  gradeid: null,
  grade: null,
  grader: null,
  grademodified: null,
  extensionduedate: null,
};

export interface ParticipantQuery {
  groupid?: number;
  /** list_participants: a part of the full name. */
  filter?: string;
  /** The grading table: every word in the name or a visible identity field. */
  search?: string;
  identity?: readonly IdentityField[];
  userids?: readonly number[];
  limit?: number;
  offset?: number;
}

/**
 * The participants of an assignment (enrolled users who may submit) that the query asks for, by last
 * name, first name and id: one query on the users alone, so its plan does not depend on the
 * assignment's tables. Selects nothing yet.
 */
async function participantQuery(db: Kysely<DB>, dialect: DialectName, a: Pick<AssignAccess, 'course' | 'modcontext'>, q: ParticipantQuery) {
  let query = await enrolledWithCapability(db, a.course.id, a.modcontext, CAP_SUBMIT);
  if (q.groupid && q.groupid > 0) {
    const groupid = q.groupid;
    query = query.where((eb) => eb.exists(eb.selectFrom('groups_members as gm').select('gm.id').whereRef('gm.userid', '=', 'u.id').where('gm.groupid', '=', groupid)));
  }
  if (q.userids) query = q.userids.length ? query.where('u.id', 'in', q.userids) : query.where(sql<boolean>`1 = 0`);
  if (q.filter && q.filter.trim() !== '') query = query.where(fullnameCondition(q.filter, dialect));
  if (q.search && q.search.trim() !== '') query = query.where(searchCondition(q.search, dialect, q.identity ?? []));
  query = query.orderBy('u.lastname').orderBy('u.firstname').orderBy('u.id');
  if (q.limit && q.limit > 0) query = query.limit(q.limit);
  if (q.offset && q.offset > 0) query = (q.limit && q.limit > 0 ? query : query.limit(2 ** 31 - 1)).offset(q.offset);
  return query;
}

/** The participants with the user fields a row shows. */
export async function participantUsers(db: Kysely<DB>, dialect: DialectName, a: Pick<AssignAccess, 'course' | 'modcontext'>, q: ParticipantQuery = {}) {
  return (await participantQuery(db, dialect, a, q))
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.picture', 'u.idnumber', 'u.email', 'u.phone1', 'u.phone2', 'u.department', 'u.institution'])
    .execute();
}

/**
 * The latest submissions, their grades and the extensions of an assignment (of some users, or all),
 * in one query of three single-table parts, merged by user: fast for thousands whatever the planner
 * knows about the tables.
 */
export async function participantStatuses(db: Kysely<DB>, assignid: number, userids?: readonly number[]): Promise<Map<number, ParticipantStatus>> {
  const out = new Map<number, ParticipantStatus>();
  if (userids && userids.length === 0) return out;
  const only = (column: string) => (userids ? sql` and ${sql.ref(column)} in (${sql.join(userids)})` : sql``);
  const rows = await sql<{ kind: string; id: number; userid: number; attemptnumber: number; status: string; time: number; grade: number | null; grader: number }>`
    select 's' as kind, id, userid, attemptnumber, status, timemodified as time, null as grade, 0 as grader
      from assign_submission where assignment = ${assignid} and latest = 1 and groupid = 0${only('userid')}
    union all
    select 'g' as kind, id, userid, attemptnumber, '' as status, timemodified as time, grade, grader
      from assign_grades where assignment = ${assignid}${only('userid')}
    union all
    select 'f' as kind, id, userid, 0 as attemptnumber, '' as status, extensionduedate as time, null as grade, 0 as grader
      from assign_user_flags where assignment = ${assignid} and extensionduedate > 0${only('userid')}`.execute(db);
  const grades = new Map<string, (typeof rows.rows)[number]>();
  for (const r of rows.rows) {
    const userid = Number(r.userid);
    const entry = out.get(userid) ?? { ...NO_STATUS };
    if (r.kind === 's') Object.assign(entry, { submissionid: Number(r.id), status: r.status, attemptnumber: Number(r.attemptnumber), submissionmodified: Number(r.time) });
    else if (r.kind === 'f') entry.extensionduedate = Number(r.time);
    else grades.set(`${userid}:${Number(r.attemptnumber)}`, r);
    out.set(userid, entry);
  }
  // The grade of the latest attempt (attempt 0 when nothing was submitted).
  for (const [userid, entry] of out) {
    const g = grades.get(`${userid}:${entry.attemptnumber ?? 0}`);
    if (g) Object.assign(entry, { gradeid: Number(g.id), grade: g.grade === null ? null : Number(g.grade), grader: Number(g.grader), grademodified: Number(g.time) });
  }
  return out;
}

export type ParticipantUser = Awaited<ReturnType<typeof participantUsers>>[number];

/** Participants with their statuses: two queries. */
export async function participantRows(db: Kysely<DB>, dialect: DialectName, a: Pick<AssignAccess, 'assign' | 'course' | 'modcontext'>, q: ParticipantQuery = {}): Promise<ParticipantRow[]> {
  return withStatuses(db, a, q, await participantUsers(db, dialect, a, q));
}

/** A participant's name and statuses, without the rest of their details. */
export type ParticipantSummary = Pick<ParticipantRow, 'id' | 'firstname' | 'lastname'> & ParticipantStatus;

/**
 * Participants by name with their statuses, for lists that show no other detail (the grader's id
 * list, the grading summary): a 5,000-participant list reads three columns of each user instead of ten,
 * which halves the time spent turning database rows into objects.
 */
export async function participantSummaries(db: Kysely<DB>, dialect: DialectName, a: Pick<AssignAccess, 'assign' | 'course' | 'modcontext'>, q: ParticipantQuery = {}): Promise<ParticipantSummary[]> {
  const users = await (await participantQuery(db, dialect, a, q)).select(['u.id', 'u.firstname', 'u.lastname']).execute();
  return withStatuses(db, a, q, users);
}

async function withStatuses<U extends { id: number }>(db: Kysely<DB>, a: Pick<AssignAccess, 'assign'>, q: ParticipantQuery, users: U[]): Promise<Array<U & ParticipantStatus>> {
  const paged = q.limit !== undefined && q.limit > 0;
  const statuses = await participantStatuses(db, a.assign.id, paged || q.userids ? users.map((u) => u.id) : undefined);
  // Object.assign, not spread: measured 0.15 ms against 4 ms for 500 rows (database rows spread slowly).
  return users.map((u) => Object.assign({}, u, statuses.get(u.id) ?? NO_STATUS));
}

/** The grader's and the grading table's filters: a participant must meet every one. */
export function meetsFilters(r: ParticipantRow, filters: readonly string[]): boolean {
  return filters.every((f) => (f === 'submitted' ? isSubmitted(r) : f === 'notsubmitted' ? !isSubmitted(r) : f === 'requiregrading' ? requiresGrading(r) : true));
}

/** The grading summary's counts over participant rows. */
export function countsOf(rows: readonly ParticipantSummary[]) {
  return {
    participants: rows.length,
    submitted: rows.filter(isSubmitted).length,
    drafts: rows.filter((r) => r.status === 'draft').length,
    needsgrading: rows.filter(requiresGrading).length,
    graded: rows.filter((r) => r.grade !== null && r.grade >= 0).length,
  };
}

/**
 * Each word of the search must appear in the first name, last name or one of the identity fields the
 * caller sees. Case-insensitive: ILIKE on PostgreSQL, LIKE on SQLite.
 */
export function searchCondition(search: string, dialect: DialectName, identity: readonly IdentityField[]) {
  const words = search.trim().split(/\s+/).filter(Boolean);
  const columns = [sql.ref('u.firstname'), sql.ref('u.lastname'), ...identityRefs(identity, 'u')];
  const operator = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return (eb: ExpressionBuilder<DB & { u: DB['user'] }, 'u'>) =>
    eb.and(
      words.map((word) => {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return sql<boolean>`(${sql.join(
          columns.map((column) => sql`${column} ${operator} ${pattern} escape '\\'`),
          sql` or `,
        )})`;
      }),
    );
}

/** Moodle's list_participants filter: a case-insensitive part of the displayed full name. */
export function fullnameCondition(filter: string, dialect: DialectName) {
  const pattern = `%${filter.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const operator = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<boolean>`(u.firstname || ' ' || u.lastname) ${operator} ${pattern} escape '\\'`;
}
