import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { deleteUnusedNonStandard, ensureTags, findTags, getArea, parseTagList, type TagRow } from './service';

/** The item a set of tags belongs to, and who is tagging it. */
export interface TaggedItem {
  component: string;
  itemtype: string;
  itemid: number;
  contextid: number;
}

/** The tags of an item, in order; none when its area is disabled. */
export async function getItemTags(db: Kysely<DB>, item: Omit<TaggedItem, 'contextid'>): Promise<TagRow[]> {
  const area = await getArea(db, item.component, item.itemtype);
  if (!area.enabled) return [];
  return db
    .selectFrom('tag_instance as ti')
    .innerJoin('tag as t', 't.id', 'ti.tagid')
    .selectAll('t')
    .where('ti.component', '=', item.component)
    .where('ti.itemtype', '=', item.itemtype)
    .where('ti.itemid', '=', item.itemid)
    .orderBy('ti.ordering')
    .orderBy('ti.id')
    .execute();
}

/**
 * Replaces an item's tags with these names, in this order. Names without a tag become non-standard
 * tags when `cancreate`, and are skipped otherwise (or when the area takes standard tags only).
 * Non-standard tags the item no longer uses and nothing else uses are deleted. A disabled area
 * ignores the write. Answers the item's tags afterwards.
 */
export async function setItemTags(db: Kysely<DB>, item: TaggedItem, rawnames: readonly string[], userid: number, cancreate: boolean): Promise<TagRow[]> {
  const area = await getArea(db, item.component, item.itemtype);
  if (!area.enabled) return [];
  const names = parseTagList(rawnames);
  const allowCreate = cancreate && area.showstandard !== 1;
  const existing = allowCreate ? await ensureTags(db, area.tagcollid, names, userid, 0) : await findTags(db, area.tagcollid, names);
  const wanted = names
    .map((n) => existing.get(n.toLowerCase()))
    .filter((t): t is TagRow => t !== undefined && (area.showstandard !== 1 || t.isstandard === 1));

  const current = await db
    .selectFrom('tag_instance')
    .select(['id', 'tagid', 'ordering'])
    .where('component', '=', item.component)
    .where('itemtype', '=', item.itemtype)
    .where('itemid', '=', item.itemid)
    .execute();
  const wantedIds = new Set(wanted.map((t) => t.id));
  const gone = current.filter((c) => !wantedIds.has(c.tagid));
  if (gone.length) await db.deleteFrom('tag_instance').where('id', 'in', gone.map((c) => c.id)).execute();

  const t = now();
  const have = new Map(current.map((c) => [c.tagid, c]));
  const inserts = [];
  for (const [ordering, tag] of wanted.entries()) {
    const instance = have.get(tag.id);
    if (!instance) inserts.push({ tagid: tag.id, component: item.component, itemtype: item.itemtype, itemid: item.itemid, contextid: item.contextid, tiuserid: 0, ordering, timecreated: t, timemodified: t });
    else if (instance.ordering !== ordering) await db.updateTable('tag_instance').set({ ordering, timemodified: t }).where('id', '=', instance.id).execute();
  }
  if (inserts.length) await db.insertInto('tag_instance').values(inserts).execute();
  await deleteUnusedNonStandard(db, gone.map((c) => c.tagid));
  return wanted;
}
