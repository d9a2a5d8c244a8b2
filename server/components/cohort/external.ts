import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  coreCohortAddCohortMembers,
  coreCohortCreateCohorts,
  coreCohortDeleteCohortMembers,
  coreCohortDeleteCohorts,
  coreCohortGetCohortMembers,
  coreCohortGetCohorts,
  coreCohortListCohorts,
  coreCohortListMembers,
  coreCohortUpdateCohorts,
  type cohortSortColumns,
} from '../../../api/cohort';
import type { IdentityField } from '../../../api/identity';
import type { Warning } from '../../../api/types';
import type { CohortTable, DB } from '../../db/schema';
import { getContext, getContextById, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_COURSECAT, CONTEXT_SYSTEM, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { identityColumns, identityRefs, identityValues, visibleIdentityFields } from '../user/identity';

const COMPONENT = 'core_cohort';
type CohortRow = Selectable<CohortTable>;

/** The context a `categorytype` names: the system, or a category by id or id number. */
async function contextOf(ctx: CallContext, where: { type: 'id' | 'idnumber' | 'system'; value: string }): Promise<Context> {
  if (where.type === 'system') return getSystemContext(ctx.db);
  const category =
    where.type === 'id'
      ? await ctx.db.selectFrom('course_categories').select('id').where('id', '=', Number(where.value) || 0).executeTakeFirst()
      : await ctx.db.selectFrom('course_categories').select('id').where('idnumber', '=', where.value).where('idnumber', '<>', '').executeTakeFirst();
  const context = category ? await getContext(ctx.db, CONTEXT_COURSECAT, category.id) : undefined;
  if (!context) throw new AppError('unknowncategory', { component: COMPONENT, a: where.value, status: 404 });
  return context;
}

async function loadCohorts(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, CohortRow>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.selectFrom('cohort').selectAll().where('id', 'in', unique).execute() : [];
  if (rows.length !== unique.length) throw new AppError('cohortnotfound', { component: COMPONENT, status: 404 });
  return new Map(rows.map((r) => [r.id, r]));
}

async function requireIn(ctx: CallContext, capability: string, contextids: Iterable<number>): Promise<Map<number, Context>> {
  const contexts = new Map<number, Context>();
  for (const id of new Set(contextids)) {
    const context = await getContextById(ctx.db, id);
    if (!context) throw new AppError('invalidrecord', { a: 'context', status: 404 });
    await ctx.access.requireCapability(capability, context);
    contexts.set(id, context);
  }
  return contexts;
}

/** Viewing a cohort: moodle/cohort:view, or moodle/cohort:manage, which includes it (as in Moodle). */
async function canView(ctx: CallContext, context: Context): Promise<boolean> {
  return (await ctx.access.hasCapability('moodle/cohort:manage', context)) || ctx.access.hasCapability('moodle/cohort:view', context);
}

/** Refuses (for moodle/cohort:view) unless the caller may view cohorts in every one of the contexts. */
async function requireViewIn(ctx: CallContext, contextids: Iterable<number>): Promise<void> {
  for (const id of new Set(contextids)) {
    const context = await getContextById(ctx.db, id);
    if (!context) throw new AppError('invalidrecord', { a: 'context', status: 404 });
    if (!(await canView(ctx, context))) await ctx.access.requireCapability('moodle/cohort:view', context);
  }
}

async function requireUniqueIdnumber(ctx: CallContext, idnumber: string, exceptId = 0): Promise<void> {
  if (idnumber === '') return;
  const clash = await ctx.db.selectFrom('cohort').select('id').where('idnumber', '=', idnumber).where('id', '<>', exceptId).executeTakeFirst();
  if (clash) throw new AppError('cohortidnumberexists', { component: COMPONENT, a: idnumber });
}

function log(ctx: CallContext, context: Context, eventname: string, crud: string, objectid: number, relateduserid = 0) {
  return logContextEvent(ctx, context, {
    eventname,
    component: COMPONENT,
    action: eventname.split('_').pop() ?? '',
    target: eventname.includes('member') ? 'cohort_member' : 'cohort',
    objecttable: 'cohort',
    objectid,
    crud,
    relateduserid,
  });
}

function publicCohort(row: CohortRow) {
  return {
    id: row.id,
    name: formatString(row.name),
    idnumber: row.idnumber,
    description: formatText(row.description, row.descriptionformat),
    descriptionformat: 1,
    visible: row.visible === 1,
  };
}

/** Names of contexts for the list: "System" or the category's name. */
async function contextNames(ctx: CallContext, contexts: readonly Context[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const system = ctx.platform.strings.get('system', COMPONENT, undefined, ctx.lang);
  const categoryIds = contexts.filter((c) => c.contextlevel === CONTEXT_COURSECAT).map((c) => c.instanceid);
  const categories = categoryIds.length ? await ctx.db.selectFrom('course_categories').select(['id', 'name']).where('id', 'in', categoryIds).execute() : [];
  for (const context of contexts) {
    if (context.contextlevel === CONTEXT_SYSTEM) names.set(context.id, system);
    else names.set(context.id, formatString(categories.find((c) => c.id === context.instanceid)?.name ?? ''));
  }
  return names;
}

function searchWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean).map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

type ListArgs = z.output<(typeof coreCohortListCohorts)['args']>;

/**
 * The sort expressions of the list: the chosen columns in order, then name and id so paging is
 * stable. The context sorts by the name the list shows (a category's, or "System"); the member count
 * is counted per cohort through the (cohortid, userid) index.
 */
function cohortOrder(ctx: CallContext, sorts: ListArgs['sorts']) {
  const system = ctx.platform.strings.get('system', COMPONENT, undefined, ctx.lang);
  const expression = (column: (typeof cohortSortColumns)[number]) => {
    switch (column) {
      case 'contextname':
        return sql`coalesce((select cc.name from context ctx join course_categories cc on cc.id = ctx.instanceid where ctx.id = cohort.contextid and ctx.contextlevel = ${CONTEXT_COURSECAT}), ${system})`;
      case 'membercount':
        return sql`(select count(*) from cohort_members m where m.cohortid = cohort.id)`;
      default:
        return sql.ref(`cohort.${column}`);
    }
  };
  return [...sorts.map((s) => ({ by: expression(s.column), direction: s.direction })), { by: sql.ref('cohort.name'), direction: 'asc' as const }, { by: sql.ref('cohort.id'), direction: 'asc' as const }];
}

const listCohorts = defineMethod(coreCohortListCohorts, async (ctx, { contextid, search, page, perpage, sorts }) => {
  // The contexts holding cohorts are few; keep those where the caller may view or manage them.
  let contextQuery = ctx.db.selectFrom('cohort').select('contextid').distinct();
  if (contextid !== 0) contextQuery = contextQuery.where('contextid', '=', contextid);
  const candidates = (await contextQuery.execute()).map((r) => r.contextid);
  const contexts: Context[] = [];
  const rights = new Map<number, { manage: boolean; assign: boolean }>();
  for (const id of candidates) {
    const context = await getContextById(ctx.db, id);
    if (!context) continue;
    const manage = await ctx.access.hasCapability('moodle/cohort:manage', context);
    const view = manage || (await ctx.access.hasCapability('moodle/cohort:view', context));
    if (!view) continue;
    contexts.push(context);
    rights.set(id, { manage, assign: await ctx.access.hasCapability('moodle/cohort:assign', context) });
  }
  if (contextid !== 0 && contexts.length === 0) {
    const context = await getContextById(ctx.db, contextid);
    if (!context) throw new AppError('invalidrecord', { a: 'context', status: 404 });
    if (!(await canView(ctx, context))) await ctx.access.requireCapability('moodle/cohort:view', context);
  }
  if (contexts.length === 0) return { total: 0, cohorts: [] };
  let base = ctx.db.selectFrom('cohort').where('contextid', 'in', contexts.map((c) => c.id));
  for (const pattern of searchWords(search)) {
    base = base.where((eb) =>
      eb.or((['name', 'idnumber', 'description'] as const).map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`))),
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let query = base.selectAll().limit(perpage).offset(page * perpage);
  for (const { by, direction } of cohortOrder(ctx, sorts)) query = query.orderBy(by, direction);
  const rows = await query.execute();
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await ctx.db.selectFrom('cohort_members').select(['cohortid', (eb) => eb.fn.countAll<number>().as('n')]).where('cohortid', 'in', ids).groupBy('cohortid').execute()
    : [];
  const names = await contextNames(ctx, contexts);
  return {
    total,
    cohorts: rows.map((row) => ({
      ...publicCohort(row),
      contextid: row.contextid,
      // 0 for the system; the category otherwise (what core_cohort_update_cohorts' categorytype names).
      categoryid: contexts.find((c) => c.id === row.contextid && c.contextlevel === CONTEXT_COURSECAT)?.instanceid ?? 0,
      contextname: names.get(row.contextid) ?? '',
      membercount: Number(counts.find((c) => c.cohortid === row.id)?.n ?? 0),
      canmanage: rights.get(row.contextid)?.manage ?? false,
      canassign: rights.get(row.contextid)?.assign ?? false,
    })),
  };
});

const getCohorts = defineMethod(coreCohortGetCohorts, async (ctx, { cohortids }) => {
  const rows = cohortids.length ? [...(await loadCohorts(ctx.db, cohortids)).values()] : await ctx.db.selectFrom('cohort').selectAll().orderBy('id').execute();
  const out = [];
  for (const row of rows) {
    const context = await getContextById(ctx.db, row.contextid);
    if (!context) continue;
    if (cohortids.length) await requireViewIn(ctx, [context.id]);
    else if (!(await canView(ctx, context))) continue;
    out.push({ ...publicCohort(row), contextid: row.contextid });
  }
  return out;
});

const createCohorts = defineMethod(coreCohortCreateCohorts, async (ctx, { cohorts }) => {
  const out = [];
  const t = now();
  for (const cohort of cohorts) {
    const context = await contextOf(ctx, cohort.categorytype);
    await ctx.access.requireCapability('moodle/cohort:manage', context);
    await requireUniqueIdnumber(ctx, cohort.idnumber);
    const row = await ctx.db
      .insertInto('cohort')
      .values({ contextid: context.id, name: cohort.name, idnumber: cohort.idnumber, description: cohort.description, descriptionformat: cohort.descriptionformat, visible: cohort.visible ? 1 : 0, timecreated: t, timemodified: t })
      .returningAll()
      .executeTakeFirstOrThrow();
    await log(ctx, context, '\\core\\event\\cohort_created', 'c', row.id);
    out.push(publicCohort(row));
  }
  return out;
});

const updateCohorts = defineMethod(coreCohortUpdateCohorts, async (ctx, { cohorts }) => {
  const rows = await loadCohorts(ctx.db, cohorts.map((c) => c.id));
  await requireIn(ctx, 'moodle/cohort:manage', [...rows.values()].map((r) => r.contextid));
  for (const change of cohorts) {
    const row = rows.get(change.id);
    if (!row) continue;
    const context = await contextOf(ctx, change.categorytype);
    await ctx.access.requireCapability('moodle/cohort:manage', context);
    await requireUniqueIdnumber(ctx, change.idnumber, row.id);
    await ctx.db
      .updateTable('cohort')
      .set({
        contextid: context.id,
        name: change.name,
        idnumber: change.idnumber,
        description: change.description ?? row.description,
        descriptionformat: change.descriptionformat ?? row.descriptionformat,
        visible: change.visible === undefined ? row.visible : change.visible ? 1 : 0,
        timemodified: now(),
      })
      .where('id', '=', row.id)
      .execute();
    await log(ctx, context, '\\core\\event\\cohort_updated', 'u', row.id);
  }
  return null;
});

const deleteCohorts = defineMethod(coreCohortDeleteCohorts, async (ctx, { cohortids }) => {
  const rows = await loadCohorts(ctx.db, cohortids);
  const contexts = await requireIn(ctx, 'moodle/cohort:manage', [...rows.values()].map((r) => r.contextid));
  const ids = [...rows.keys()];
  await ctx.db.deleteFrom('cohort_members').where('cohortid', 'in', ids).execute();
  await ctx.db.deleteFrom('cohort').where('id', 'in', ids).execute();
  for (const row of rows.values()) {
    const context = contexts.get(row.contextid);
    if (context) await log(ctx, context, '\\core\\event\\cohort_deleted', 'd', row.id);
  }
  return null;
});

const addMembers = defineMethod(coreCohortAddCohortMembers, async (ctx, { members }) => {
  const warnings: Warning[] = [];
  // Resolve cohorts and users with one query per kind of reference.
  const cohortIds = members.filter((m) => m.cohorttype.type === 'id').map((m) => Number(m.cohorttype.value) || 0);
  const cohortIdnumbers = members.filter((m) => m.cohorttype.type === 'idnumber').map((m) => m.cohorttype.value);
  const cohortRows = [
    ...(cohortIds.length ? await ctx.db.selectFrom('cohort').selectAll().where('id', 'in', cohortIds).execute() : []),
    ...(cohortIdnumbers.length ? await ctx.db.selectFrom('cohort').selectAll().where('idnumber', 'in', cohortIdnumbers).where('idnumber', '<>', '').execute() : []),
  ];
  const findCohort = (ref: { type: string; value: string }) => cohortRows.find((c) => (ref.type === 'id' ? String(c.id) === ref.value : c.idnumber === ref.value));
  const users = new Map<string, number>();
  for (const field of ['id', 'username', 'idnumber', 'email'] as const) {
    const values = members.filter((m) => m.usertype.type === field).map((m) => (field === 'username' || field === 'email' ? m.usertype.value.trim().toLowerCase() : m.usertype.value.trim()));
    if (values.length === 0) continue;
    const column = field === 'username' || field === 'email' ? sql<string>`lower(${sql.ref(field)})` : sql.ref(field);
    const keys = field === 'id' ? values.map(Number).filter(Number.isInteger) : values;
    if (keys.length === 0) continue;
    const rows = await ctx.db
      .selectFrom('user')
      .select(['id', 'username', 'idnumber', 'email'])
      .where(column, 'in', keys)
      .where('deleted', '=', 0)
      .where('username', '<>', 'guest')
      .execute();
    for (const row of rows) {
      const key = field === 'id' ? String(row.id) : field === 'idnumber' ? row.idnumber : (field === 'username' ? row.username : row.email).toLowerCase();
      if (!users.has(`${field}:${key}`)) users.set(`${field}:${key}`, row.id);
    }
  }
  const checked = await requireIn(ctx, 'moodle/cohort:assign', cohortRows.map((c) => c.contextid));
  const wanted = new Map<string, { cohortid: number; userid: number }>();
  for (const member of members) {
    const cohort = findCohort(member.cohorttype);
    if (!cohort) {
      warnings.push({ item: 'cohort', warningcode: 'cohortnotfound', message: ctx.platform.strings.get('cohortnotfound', COMPONENT, undefined, ctx.lang) });
      continue;
    }
    const value = member.usertype.type === 'username' || member.usertype.type === 'email' ? member.usertype.value.trim().toLowerCase() : member.usertype.value.trim();
    const userid = users.get(`${member.usertype.type}:${value}`);
    if (userid === undefined) {
      warnings.push({ item: member.usertype.value, warningcode: 'usernotfound', message: ctx.platform.strings.get('usernotfound', COMPONENT, member.usertype.value, ctx.lang) });
      continue;
    }
    wanted.set(`${cohort.id}:${userid}`, { cohortid: cohort.id, userid });
  }
  const pairs = [...wanted.values()];
  if (pairs.length === 0) return { added: 0, warnings };
  const existing = await ctx.db
    .selectFrom('cohort_members')
    .select(['cohortid', 'userid'])
    .where('cohortid', 'in', [...new Set(pairs.map((p) => p.cohortid))])
    .where('userid', 'in', [...new Set(pairs.map((p) => p.userid))])
    .execute();
  const fresh = pairs.filter((p) => !existing.some((e) => e.cohortid === p.cohortid && e.userid === p.userid));
  const t = now();
  for (let i = 0; i < fresh.length; i += 500) {
    await ctx.db
      .insertInto('cohort_members')
      .values(fresh.slice(i, i + 500).map((p) => ({ ...p, timeadded: t })))
      .execute();
  }
  for (const pair of fresh) {
    const context = checked.get(cohortRows.find((c) => c.id === pair.cohortid)?.contextid ?? 0);
    if (context) await log(ctx, context, '\\core\\event\\cohort_member_added', 'c', pair.cohortid, pair.userid);
  }
  return { added: fresh.length, warnings };
});

const deleteMembers = defineMethod(coreCohortDeleteCohortMembers, async (ctx, { members }) => {
  const rows = await loadCohorts(ctx.db, members.map((m) => m.cohortid));
  const contexts = await requireIn(ctx, 'moodle/cohort:assign', [...rows.values()].map((r) => r.contextid));
  for (const member of members) {
    await ctx.db.deleteFrom('cohort_members').where('cohortid', '=', member.cohortid).where('userid', '=', member.userid).execute();
    const context = contexts.get(rows.get(member.cohortid)?.contextid ?? 0);
    if (context) await log(ctx, context, '\\core\\event\\cohort_member_removed', 'd', member.cohortid, member.userid);
  }
  return null;
});

const getMembers = defineMethod(coreCohortGetCohortMembers, async (ctx, { cohortids }) => {
  const rows = await loadCohorts(ctx.db, cohortids);
  await requireViewIn(ctx, [...rows.values()].map((r) => r.contextid));
  const members = await ctx.db.selectFrom('cohort_members').select(['cohortid', 'userid']).where('cohortid', 'in', [...rows.keys()]).orderBy('userid').execute();
  return [...rows.keys()].map((cohortid) => ({ cohortid, userids: members.filter((m) => m.cohortid === cohortid).map((m) => m.userid) }));
});

const CANDIDATE_LIMIT = 20;

const listMembers = defineMethod(coreCohortListMembers, async (ctx, { cohortid, search, page, perpage }) => {
  const rows = await loadCohorts(ctx.db, [cohortid]);
  const cohort = rows.get(cohortid);
  if (!cohort) throw new AppError('cohortnotfound', { component: COMPONENT, status: 404 });
  const contexts = await requireIn(ctx, 'moodle/cohort:assign', [cohort.contextid]);
  const context = contexts.get(cohort.contextid);
  const identity = context ? await visibleIdentityFields(ctx.db, ctx.access, context) : [];
  const words = searchWords(search);
  // `+` keeps SQLite from walking an index on `deleted` (every user on the site) instead of the members.
  let members = ctx.db.selectFrom('cohort_members as cm').innerJoin('user as u', 'u.id', 'cm.userid').where('cm.cohortid', '=', cohortid).where(sql<number>`+u.deleted`, '=', 0);
  let candidates = ctx.db
    .selectFrom('user as u')
    .where('u.deleted', '=', 0)
    .where('u.username', '<>', 'guest')
    .where('u.id', 'not in', (eb) => eb.selectFrom('cohort_members').select('userid').where('cohortid', '=', cohortid));
  // Names and the identity fields the caller sees; nothing else, so no hidden field can be probed.
  const searched = [sql.ref<string>('u.firstname'), sql.ref<string>('u.lastname'), ...identityRefs(identity, 'u')];
  for (const pattern of words) {
    const clause = sql<boolean>`(${sql.join(searched.map((column) => sql`lower(${column}) like ${pattern} escape '\\'`), sql` or `)})`;
    members = members.where(clause);
    candidates = candidates.where(clause);
  }
  const total = Number((await members.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const memberRows = await members
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.picture', ...identityColumns('u')])
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .limit(perpage)
    .offset(page * perpage)
    .execute();
  const candidateRows = words.length
    ? await candidates.select(['u.id', 'u.firstname', 'u.lastname', 'u.picture', ...identityColumns('u')]).orderBy('u.lastname').orderBy('u.firstname').orderBy('u.id').limit(CANDIDATE_LIMIT).execute()
    : [];
  const person = (u: { id: number; firstname: string; lastname: string; picture: number } & Record<IdentityField, string>) => ({
    id: u.id,
    fullname: formatString(`${u.firstname} ${u.lastname}`.trim()),
    picture: u.picture,
    ...identityValues(u, identity),
  });
  const names = context ? await contextNames(ctx, [context]) : new Map<number, string>();
  return {
    cohort: { ...publicCohort(cohort), contextid: cohort.contextid, contextname: names.get(cohort.contextid) ?? '' },
    total,
    members: memberRows.map(person),
    candidates: candidateRows.map(person),
    identityfields: identity,
  };
});

export const cohortMethods = [listCohorts, getCohorts, createCohorts, updateCohorts, deleteCohorts, addMembers, deleteMembers, getMembers, listMembers];
