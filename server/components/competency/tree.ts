import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { competencyError, type CompetencyRow } from './access';
import { competenciesInUse } from './usage';

/** The path a child of `parent` gets ('/0/' at the top level). */
export function childPath(parent: Pick<CompetencyRow, 'id' | 'path'> | null): string {
  return parent ? `${parent.path}${parent.id}/` : '/0/';
}

/** The path prefix every descendant of a competency has. */
export function descendantPrefix(c: Pick<CompetencyRow, 'id' | 'path'>): string {
  return `${c.path}${c.id}/`;
}

/** The level of a path: '/0/' is 1. */
export function levelOf(path: string): number {
  return path.split('/').filter(Boolean).length;
}

export function isDescendantOf(candidate: Pick<CompetencyRow, 'path'>, ancestor: Pick<CompetencyRow, 'id' | 'path'>): boolean {
  return candidate.path.startsWith(descendantPrefix(ancestor));
}

async function siblingCount(db: Kysely<DB>, frameworkid: number, parentid: number, exceptId = 0): Promise<number> {
  const row = await db
    .selectFrom('competency')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('competencyframeworkid', '=', frameworkid)
    .where('parentid', '=', parentid)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Resets a competency's rule (outcome none, no type, no configuration). */
export async function resetRule(db: Kysely<DB>, id: number): Promise<void> {
  if (id === 0) return;
  await db.updateTable('competency').set({ ruleoutcome: 0, ruletype: null, ruleconfig: null, timemodified: now() }).where('id', '=', id).execute();
}

export interface NewCompetency {
  shortname: string;
  idnumber: string;
  description: string;
  descriptionformat: number;
}

/** Adds a competency last among its siblings, with its path; the parent's rule is reset. */
export async function insertCompetency(db: Kysely<DB>, frameworkid: number, parent: CompetencyRow | null, fields: NewCompetency, userid: number): Promise<number> {
  const t = now();
  const sortorder = await siblingCount(db, frameworkid, parent?.id ?? 0);
  const row = await db
    .insertInto('competency')
    .values({ ...fields, competencyframeworkid: frameworkid, parentid: parent?.id ?? 0, path: childPath(parent), sortorder, ruletype: null, ruleconfig: null, scaleid: null, scaleconfiguration: null, timecreated: t, timemodified: t, usermodified: userid })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (parent) await resetRule(db, parent.id);
  return row.id;
}

/**
 * Moves a competency and its subtree under `parent` (null: top level), last among its new siblings:
 * its path, every descendant's path prefix, and the sort orders of the siblings it leaves.
 */
async function moveUnder(db: Kysely<DB>, node: CompetencyRow, parent: CompetencyRow | null): Promise<void> {
  const newPath = childPath(parent);
  const sortorder = await siblingCount(db, node.competencyframeworkid, parent?.id ?? 0, node.id);
  await db.updateTable('competency').set({ parentid: parent?.id ?? 0, path: newPath, sortorder, timemodified: now() }).where('id', '=', node.id).execute();
  const oldPrefix = descendantPrefix(node);
  const newPrefix = `${newPath}${node.id}/`;
  if (oldPrefix !== newPrefix) {
    await db
      .updateTable('competency')
      // Replace the old prefix of every descendant path in one statement (paths hold only digits and '/').
      .set({ path: sql<string>`CAST(${newPrefix} AS VARCHAR(255)) || substr(path, ${oldPrefix.length + 1})` })
      .where('competencyframeworkid', '=', node.competencyframeworkid)
      .where('path', 'like', `${oldPrefix}%`)
      .execute();
  }
  await db
    .updateTable('competency')
    .set((eb) => ({ sortorder: eb('sortorder', '-', 1) }))
    .where('competencyframeworkid', '=', node.competencyframeworkid)
    .where('parentid', '=', node.parentid)
    .where('sortorder', '>', node.sortorder)
    .where('id', '!=', node.id)
    .execute();
}

async function reread(db: Kysely<DB>, id: number): Promise<CompetencyRow> {
  return db.selectFrom('competency').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Moves a competency under another parent of its framework (0: top level). Moving it under its own
 * descendant first lifts its children to its parent and resets its own rule. The rules of the old and
 * new parents are reset.
 */
export async function setParent(db: Kysely<DB>, node: CompetencyRow, parentid: number): Promise<void> {
  if (parentid === node.id || parentid === node.parentid) throw competencyError('invalidparent');
  let parent: CompetencyRow | null = null;
  if (parentid !== 0) {
    parent = (await db.selectFrom('competency').selectAll().where('id', '=', parentid).executeTakeFirst()) ?? null;
    if (!parent || parent.competencyframeworkid !== node.competencyframeworkid) throw competencyError('invalidparent');
  }
  if (parent && isDescendantOf(parent, node)) {
    const oldParent = node.parentid ? await reread(db, node.parentid) : null;
    const children = await db.selectFrom('competency').selectAll().where('parentid', '=', node.id).orderBy('sortorder').execute();
    for (const child of children) await moveUnder(db, await reread(db, child.id), oldParent);
    await resetRule(db, node.id);
    parent = await reread(db, parent.id);
    node = await reread(db, node.id);
  }
  await resetRule(db, node.parentid);
  await resetRule(db, parentid);
  await moveUnder(db, node, parent);
}

/** Swaps a competency with its sibling one place before (−1) or after (+1); false at either end. */
export async function moveBy(db: Kysely<DB>, node: CompetencyRow, step: -1 | 1): Promise<boolean> {
  const target = node.sortorder + step;
  if (target < 0) return false;
  const sibling = await db
    .selectFrom('competency')
    .select('id')
    .where('competencyframeworkid', '=', node.competencyframeworkid)
    .where('parentid', '=', node.parentid)
    .where('sortorder', '=', target)
    .executeTakeFirst();
  if (!sibling) return false;
  const t = now();
  await db.updateTable('competency').set({ sortorder: node.sortorder, timemodified: t }).where('id', '=', sibling.id).execute();
  await db.updateTable('competency').set({ sortorder: target, timemodified: t }).where('id', '=', node.id).execute();
  return true;
}

/** The competency and everything below it, as a subquery of ids. */
function subtreeIds(db: Kysely<DB>, node: CompetencyRow) {
  return db
    .selectFrom('competency')
    .select('id')
    .where('competencyframeworkid', '=', node.competencyframeworkid)
    .where((eb) => eb.or([eb('id', '=', node.id), eb('path', 'like', `${descendantPrefix(node)}%`)]));
}

/** Deletes a competency with its subtree and their relations; false (nothing deleted) when any is in use. */
export async function deleteSubtree(db: Kysely<DB>, node: CompetencyRow): Promise<boolean> {
  if (await competenciesInUse(db, subtreeIds(db, node))) return false;
  await resetRule(db, node.parentid);
  const ids = (await subtreeIds(db, node).execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.deleteFrom('competency_relatedcomp').where((eb) => eb.or([eb('competencyid', 'in', chunk), eb('relatedcompetencyid', 'in', chunk)])).execute();
    await db.deleteFrom('competency').where('id', 'in', chunk).execute();
  }
  await db
    .updateTable('competency')
    .set((eb) => ({ sortorder: eb('sortorder', '-', 1) }))
    .where('competencyframeworkid', '=', node.competencyframeworkid)
    .where('parentid', '=', node.parentid)
    .where('sortorder', '>', node.sortorder)
    .execute();
  return true;
}

/** Direct children ids of a competency. */
export async function childIds(db: Kysely<DB>, id: number): Promise<Set<number>> {
  return new Set((await db.selectFrom('competency').select('id').where('parentid', '=', id).execute()).map((r) => r.id));
}
