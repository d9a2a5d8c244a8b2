import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { IdentityField } from '../../../api/identity';
import type { DB } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { identityColumns, identityRefs, identityValues, isIdentityField } from '../user/identity';

export interface ParticipantFilter {
  courseid: number;
  search: string;
  roleid: number;
  status: 'all' | 'active' | 'suspended';
  groupid: number;
  /** Separate groups: only members of these groups (undefined = no restriction). */
  visibleGroups?: readonly number[];
  sort: 'firstname' | 'lastname' | 'lastaccess' | IdentityField;
  direction: 'asc' | 'desc';
  page: number;
  perpage: number;
  /** The identity fields the caller sees here (visibleIdentityFields): the only ones searched and sorted by. */
  identity: readonly IdentityField[];
}

type UserScope = ExpressionBuilder<DB & { u: DB['user'] }, 'u'>;

/** A lower-case LIKE pattern for the text with LIKE's wildcards taken literally (escape character `\`). */
export function likePattern(text: string, anywhere = true) {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`${anywhere ? `%${escaped}%` : `${escaped}%`} escape '\\'`;
}

/** Every word of the search must match a name or one of the identity fields the caller sees. */
export function matchesSearch(eb: UserScope, search: string, identity: readonly IdentityField[]) {
  const words = search.split(/\s+/).filter((w) => w !== '');
  const columns = [sql.ref<string>('u.firstname'), sql.ref<string>('u.lastname'), ...identityRefs(identity, 'u')];
  return eb.and(
    words.map((word) => {
      const pattern = likePattern(word);
      return eb.or(columns.map((column) => eb(eb.fn('lower', [column]), 'like', pattern)));
    }),
  );
}

/** The user has an enrolment in the course, active (instance and enrolment on, within dates) when asked. */
function enrolledIn(eb: UserScope, courseid: number, activeOnly: boolean) {
  const t = now();
  let sub = eb
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('ue.id')
    .whereRef('ue.userid', '=', 'u.id')
    .where('e.courseid', '=', courseid);
  if (activeOnly) {
    sub = sub
      .where('ue.status', '=', 0)
      .where('e.status', '=', 0)
      .where('ue.timestart', '<=', t)
      .where((w) => w.or([w('ue.timeend', '=', 0), w('ue.timeend', '>', t)]));
  }
  return eb.exists(sub);
}

function filtered(db: Kysely<DB>, filter: ParticipantFilter, context: Context) {
  let query = db
    .selectFrom('user as u')
    .leftJoin('user_lastaccess as ula', (join) => join.onRef('ula.userid', '=', 'u.id').on('ula.courseid', '=', filter.courseid))
    // Driven by the course's enrolments (a few rows), not by every user on the site: the unary plus
    // keeps SQLite from walking an index on `deleted` (which all live users share) to answer this.
    .where(sql<number>`+u.deleted`, '=', 0)
    .where('u.id', 'in', (eb) =>
      eb.selectFrom('user_enrolments as ue').innerJoin('enrol as e', 'e.id', 'ue.enrolid').select('ue.userid').where('e.courseid', '=', filter.courseid),
    );
  if (filter.status === 'active') query = query.where((eb) => enrolledIn(eb, filter.courseid, true));
  if (filter.status === 'suspended') query = query.where((eb) => eb.not(enrolledIn(eb, filter.courseid, true)));
  if (filter.search.trim() !== '') query = query.where((eb) => matchesSearch(eb, filter.search, filter.identity));
  if (filter.roleid > 0) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_assignments as ra')
          .select('ra.id')
          .whereRef('ra.userid', '=', 'u.id')
          .where('ra.contextid', '=', context.id)
          .where('ra.roleid', '=', filter.roleid),
      ),
    );
  }
  if (filter.groupid > 0) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('groups_members as gm').select('gm.id').whereRef('gm.userid', '=', 'u.id').where('gm.groupid', '=', filter.groupid)),
    );
  }
  if (filter.visibleGroups) {
    const groups = filter.visibleGroups;
    query =
      groups.length === 0
        ? query.where(sql<boolean>`1 = 0`)
        : query.where((eb) => eb.exists(eb.selectFrom('groups_members as gv').select('gv.id').whereRef('gv.userid', '=', 'u.id').where('gv.groupid', 'in', groups)));
  }
  return query;
}

export interface ParticipantRow {
  id: number;
  fullname: string;
  /** The picture's revision (0: none). */
  picture: number;
  /** Exactly the identity fields of the filter. */
  identity: Partial<Record<IdentityField, string>>;
  lastaccess: number;
}

/** One page of the course's participants and how many match in all: two queries. */
export async function participantPage(db: Kysely<DB>, filter: ParticipantFilter, context: Context): Promise<{ total: number; rows: ParticipantRow[] }> {
  if (filter.groupid > 0) {
    const group = await db.selectFrom('groups').select('id').where('id', '=', filter.groupid).where('courseid', '=', filter.courseid).executeTakeFirst();
    if (!group) throw invalidRecord('groups', `group ${filter.groupid} in course ${filter.courseid}`);
  }
  const counted = await filtered(db, filter, context)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  // Sorting by a field the caller cannot see would reveal its order.
  const sort = isIdentityField(filter.sort) && !filter.identity.includes(filter.sort) ? 'lastname' : filter.sort;
  const column = sort === 'lastaccess' ? sql<number>`coalesce(ula.timeaccess, 0)` : sql.ref(`u.${sort}`);
  const rows = await filtered(db, filter, context)
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.picture', ...identityColumns('u'), sql<number>`coalesce(ula.timeaccess, 0)`.as('lastaccess')])
    .orderBy(column, filter.direction)
    .orderBy(sort === 'firstname' ? 'u.lastname' : 'u.firstname', filter.direction)
    .orderBy('u.id')
    .limit(filter.perpage)
    .offset(filter.page * filter.perpage)
    .execute();
  return {
    total: Number(counted.n),
    rows: rows.map((r) => ({ id: r.id, fullname: formatString(`${r.firstname} ${r.lastname}`.trim()), picture: r.picture, identity: identityValues(r, filter.identity), lastaccess: Number(r.lastaccess) })),
  };
}

/** Each user's roles in the course context, in one query. */
export async function rolesOfUsers(db: Kysely<DB>, contextid: number, userids: readonly number[]) {
  const out = new Map<number, Array<{ id: number; shortname: string; name: string; sortorder: number }>>();
  if (userids.length === 0) return out;
  const rows = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .select(['ra.userid', 'r.id', 'r.shortname', 'r.name', 'r.sortorder'])
    .distinct()
    .where('ra.contextid', '=', contextid)
    .where('ra.userid', 'in', userids)
    .orderBy('r.sortorder')
    .execute();
  for (const row of rows) {
    const list = out.get(row.userid) ?? [];
    list.push({ id: row.id, shortname: row.shortname, name: row.name, sortorder: row.sortorder });
    out.set(row.userid, list);
  }
  return out;
}

/** Each user's groups in the course, in one query. */
export async function groupsOfUsers(db: Kysely<DB>, courseid: number, userids: readonly number[]) {
  const out = new Map<number, Array<{ id: number; name: string }>>();
  if (userids.length === 0) return out;
  const rows = await db
    .selectFrom('groups_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.groupid')
    .select(['gm.userid', 'g.id', 'g.name'])
    .where('g.courseid', '=', courseid)
    .where('gm.userid', 'in', userids)
    .orderBy('g.name')
    .execute();
  for (const row of rows) {
    const list = out.get(row.userid) ?? [];
    list.push({ id: row.id, name: formatString(row.name) });
    out.set(row.userid, list);
  }
  return out;
}

/** Each user's enrolments in the course, in one query. */
export async function enrolmentsOfUsers(db: Kysely<DB>, courseid: number, userids: readonly number[]) {
  const out = new Map<number, Array<{ id: number; method: string; status: number; timestart: number; timeend: number }>>();
  if (userids.length === 0) return out;
  const rows = await db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select(['ue.userid', 'ue.id', 'e.enrol', 'ue.status', 'e.status as instancestatus', 'ue.timestart', 'ue.timeend'])
    .where('e.courseid', '=', courseid)
    .where('ue.userid', 'in', userids)
    .orderBy('e.sortorder')
    .orderBy('ue.id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.userid) ?? [];
    // A disabled instance suspends every enrolment in it, as Moodle shows it.
    const status = row.status === 0 && row.instancestatus === 0 ? 0 : 1;
    list.push({ id: row.id, method: row.enrol, status, timestart: Number(row.timestart), timeend: Number(row.timeend) });
    out.set(row.userid, list);
  }
  return out;
}
