import { sql, type ExpressionBuilder, type Kysely, type ReferenceExpression } from 'kysely';
import { TREE_FIRST_LOAD_MAX, type TreeNode } from '../../../api/competency';
import type { DB } from '../../db/schema';
import { containsPattern, plainName } from './access';

/**
 * How many '/' a path holds: 2 at the top level ('/0/'), one more per level below, so it orders
 * competencies by level without reading their ancestors.
 */
function slashes<D, T extends keyof D>(eb: ExpressionBuilder<D, T>, path: ReferenceExpression<D, T>) {
  return eb(eb.fn<number>('length', [path]), '-', eb.fn<number>('length', [eb.fn<string>('replace', [path, eb.val('/'), eb.val('')])]));
}

/** A framework's competencies as tree nodes, each with its number of children counted through the parentid index. */
function nodeQuery(db: Kysely<DB>, frameworkid: number) {
  return db
    .selectFrom('competency as c')
    .select(['c.id', 'c.shortname', 'c.idnumber', 'c.parentid', 'c.sortorder', 'c.path', 'c.ruleoutcome', 'c.ruletype'])
    .select((eb) => eb.selectFrom('competency as k').select((k) => k.fn.countAll<number | string>().as('n')).whereRef('k.parentid', '=', 'c.id').as('childcount'))
    .where('c.competencyframeworkid', '=', frameworkid);
}

type NodeRow = Omit<TreeNode, 'childcount'> & { childcount: number | string | null };

function toNode(row: NodeRow): TreeNode {
  return { ...row, shortname: plainName(row.shortname), idnumber: plainName(row.idnumber), childcount: Number(row.childcount ?? 0) };
}

/** Ordered by path, then sort order among siblings. */
export function byPath(a: { path: string; sortorder: number }, b: { path: string; sortorder: number }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.sortorder - b.sortorder;
}

/** Runs `select` over all the framework's competencies, or over the ids in chunks the database takes. */
export async function inChunks<R extends { path: string; sortorder: number }>(ids: number[] | null, select: (ids: number[] | null) => Promise<R[]>): Promise<R[]> {
  if (ids === null) return (await select(null)).sort(byPath);
  const rows: R[] = [];
  for (let i = 0; i < ids.length; i += 1000) rows.push(...(await select(ids.slice(i, i + 1000))));
  return rows.sort(byPath);
}

/** Ids of a framework's competencies matching the text, with their ancestors; null when the text is empty (all of them). */
export async function matchingIds(db: Kysely<DB>, frameworkid: number, searchtext: string): Promise<number[] | null> {
  const text = searchtext.trim().toLowerCase();
  if (!text) return null;
  const matches = await db
    .selectFrom('competency')
    .select(['id', 'path'])
    .where('competencyframeworkid', '=', frameworkid)
    // searchtext holds short name, id number and description already lower-cased.
    .where(sql<boolean>`searchtext like ${containsPattern(text)} escape '\\'`)
    .execute();
  const ids = new Set<number>();
  for (const m of matches) {
    ids.add(m.id);
    for (const part of m.path.split('/')) if (part && part !== '0') ids.add(Number(part));
  }
  return [...ids];
}

/** The tree nodes with these ids, ordered by path. */
export async function nodesByIds(db: Kysely<DB>, frameworkid: number, ids: number[]): Promise<TreeNode[]> {
  const rows = await inChunks(ids, (chunk) => nodeQuery(db, frameworkid).where('c.id', 'in', chunk ?? []).execute());
  return rows.map(toNode);
}

/** How many competencies each level of a framework holds, top level first, in one grouped query. */
async function levelSizes(db: Kysely<DB>, frameworkid: number): Promise<Array<{ depth: number; size: number }>> {
  const levels = db
    .selectFrom('competency')
    .select((eb) => slashes(eb, 'competency.path').as('depth'))
    .where('competencyframeworkid', '=', frameworkid)
    .as('levels');
  const rows = await db
    .selectFrom(levels)
    .select((eb) => ['levels.depth', eb.fn.countAll<number | string>().as('size')])
    .groupBy('levels.depth')
    .orderBy('levels.depth')
    .execute();
  return rows.map((r) => ({ depth: Number(r.depth), size: Number(r.size) }));
}

/**
 * The first load of a framework's tree: the top level, then each further level while it fits with the
 * levels above within TREE_FIRST_LOAD_MAX nodes. Whole levels only, so a competency's children are
 * either all there or none of them.
 */
export async function firstLevels(db: Kysely<DB>, frameworkid: number): Promise<TreeNode[]> {
  let total = 0;
  let deepest = 0;
  for (const { depth, size } of await levelSizes(db, frameworkid)) {
    if (deepest > 0 && total + size > TREE_FIRST_LOAD_MAX) break;
    total += size;
    deepest = depth;
  }
  if (deepest === 0) return [];
  const rows = await nodeQuery(db, frameworkid)
    .where((eb) => eb(slashes(eb, 'c.path'), '<=', deepest))
    .execute();
  return rows.map(toNode).sort(byPath);
}

/** The children of a competency (0: the top level) by sort order. */
export async function branchNodes(db: Kysely<DB>, frameworkid: number, parentid: number): Promise<TreeNode[]> {
  const rows = await nodeQuery(db, frameworkid).where('c.parentid', '=', parentid).orderBy('c.sortorder').orderBy('c.id').execute();
  return rows.map(toNode);
}
