import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { competencyError } from './access';

/** The tables linking competencies to a course, template, plan or activity, each with its owner column and a contiguous sortorder. */
const OWNER = {
  competency_coursecomp: 'courseid',
  competency_templatecomp: 'templateid',
  competency_plancomp: 'planid',
  competency_modulecomp: 'cmid',
} as const;
export type LinkTable = keyof typeof OWNER;

const owner = (table: LinkTable) => sql.ref<number>(OWNER[table]);

/** The linked competency ids in order. */
export async function linkedIds(db: Kysely<DB>, table: LinkTable, ownerid: number): Promise<number[]> {
  const rows = await db.selectFrom(table).select('competencyid').where(owner(table), '=', ownerid).orderBy('sortorder').orderBy('id').execute();
  return rows.map((r) => r.competencyid);
}

export async function linkCount(db: Kysely<DB>, table: LinkTable, ownerid: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(owner(table), '=', ownerid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Appends a link; false when it exists. */
export async function addLink(db: Kysely<DB>, table: LinkTable, ownerid: number, competencyid: number, actorid: number): Promise<boolean> {
  const existing = await db.selectFrom(table).select('id').where(owner(table), '=', ownerid).where('competencyid', '=', competencyid).executeTakeFirst();
  if (existing) return false;
  const t = now();
  const sortorder = await linkCount(db, table, ownerid);
  const base = { competencyid, sortorder, timecreated: t, timemodified: t, usermodified: actorid };
  if (table === 'competency_coursecomp') await db.insertInto(table).values({ ...base, courseid: ownerid }).execute();
  else if (table === 'competency_templatecomp') await db.insertInto(table).values({ ...base, templateid: ownerid }).execute();
  else if (table === 'competency_plancomp') await db.insertInto(table).values({ ...base, planid: ownerid }).execute();
  else await db.insertInto(table).values({ ...base, cmid: ownerid }).execute();
  return true;
}

/** Removes a link and closes the gap in the order; false when there was none. */
export async function removeLink(db: Kysely<DB>, table: LinkTable, ownerid: number, competencyid: number): Promise<boolean> {
  const link = await db.selectFrom(table).select(['id', 'sortorder']).where(owner(table), '=', ownerid).where('competencyid', '=', competencyid).executeTakeFirst();
  if (!link) return false;
  await db.deleteFrom(table).where('id', '=', link.id).execute();
  await db
    .updateTable(table)
    .set((eb) => ({ sortorder: eb('sortorder', '-', 1) }))
    .where(owner(table), '=', ownerid)
    .where('sortorder', '>', link.sortorder)
    .execute();
  return true;
}

/**
 * Moves `from` to the place of `to` (reference §2.6): moving down, those in (from, to] move up one;
 * moving up, those in [to, from) move down one. Both must be linked.
 */
export async function reorderLink(db: Kysely<DB>, table: LinkTable, ownerid: number, fromId: number, toId: number): Promise<boolean> {
  const rows = await db.selectFrom(table).select(['id', 'competencyid', 'sortorder']).where(owner(table), '=', ownerid).where('competencyid', 'in', [fromId, toId]).execute();
  const from = rows.find((r) => r.competencyid === fromId);
  const to = rows.find((r) => r.competencyid === toId);
  if (!from || !to) throw competencyError('invalidreorder');
  if (from.id === to.id) return true;
  const t = now();
  if (from.sortorder < to.sortorder) {
    await db
      .updateTable(table)
      .set((eb) => ({ sortorder: eb('sortorder', '-', 1), timemodified: t }))
      .where(owner(table), '=', ownerid)
      .where('sortorder', '>', from.sortorder)
      .where('sortorder', '<=', to.sortorder)
      .execute();
  } else {
    await db
      .updateTable(table)
      .set((eb) => ({ sortorder: eb('sortorder', '+', 1), timemodified: t }))
      .where(owner(table), '=', ownerid)
      .where('sortorder', '>=', to.sortorder)
      .where('sortorder', '<', from.sortorder)
      .execute();
  }
  await db.updateTable(table).set({ sortorder: to.sortorder, timemodified: t }).where('id', '=', from.id).execute();
  return true;
}

/** Refuses competencies of hidden frameworks (they cannot be added to courses, templates or plans). */
export async function requireVisibleFramework(db: Kysely<DB>, competencyid: number): Promise<void> {
  const row = await db
    .selectFrom('competency as c')
    .innerJoin('competency_framework as f', 'f.id', 'c.competencyframeworkid')
    .select('f.visible')
    .where('c.id', '=', competencyid)
    .executeTakeFirst();
  if (!row) throw competencyError('invalidcompetency');
  if (row.visible !== 1) throw competencyError('frameworkhidden');
}
