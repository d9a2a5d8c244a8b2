import type { Kysely, Selectable } from 'kysely';
import type { DB, TagAreaTable, TagCollTable, TagTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';

export const COMPONENT = 'core_tag';
export const MAX_TAG_LENGTH = 100;

export type TagRow = Selectable<TagTable>;
export type TagAreaRow = Selectable<TagAreaTable>;
export type TagCollRow = Selectable<TagCollTable>;

/** Lists of ids in one statement stay under both dialects' parameter limits. */
const CHUNK = 500;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * A tag name as typed: surrounding and repeated white space removed. Empty names, names over 100
 * characters and names with a comma (the separator of tag lists) are refused. HTML is kept as text.
 */
export function cleanTagName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name === '') throw new AppError('tagnameempty', { component: COMPONENT });
  if ([...name].length > MAX_TAG_LENGTH) throw new AppError('tagnametoolong', { component: COMPONENT, a: MAX_TAG_LENGTH });
  if (name.includes(',')) throw new AppError('tagnamecomma', { component: COMPONENT });
  return name;
}

/** The names of a comma-separated list, cleaned, without repeats (case-insensitively), in order. */
export function parseTagList(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of list) {
    if (raw.trim() === '') continue;
    const name = cleanTagName(raw);
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

export async function getTag(db: Kysely<DB>, id: number): Promise<TagRow> {
  const tag = await db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tag) throw new AppError('tagnotfound', { component: COMPONENT, a: id, status: 404 });
  return tag;
}

/** Tags by id; every id must exist. */
export async function getTags(db: Kysely<DB>, ids: readonly number[]): Promise<TagRow[]> {
  const unique = [...new Set(ids)];
  const rows: TagRow[] = [];
  for (const part of chunks(unique)) rows.push(...(await db.selectFrom('tag').selectAll().where('id', 'in', part).execute()));
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id));
    throw new AppError('tagnotfound', { component: COMPONENT, a: unique.find((id) => !found.has(id)), status: 404 });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id) as TagRow);
}

export async function getCollection(db: Kysely<DB>, id: number): Promise<TagCollRow> {
  const coll = await db.selectFrom('tag_coll').selectAll().where('id', '=', id).executeTakeFirst();
  if (!coll) throw new AppError('tagcollnotfound', { component: COMPONENT, a: id, status: 404 });
  return coll;
}

export async function defaultCollection(db: Kysely<DB>): Promise<TagCollRow> {
  return db.selectFrom('tag_coll').selectAll().where('isdefault', '=', 1).orderBy('id').executeTakeFirstOrThrow();
}

export async function getArea(db: Kysely<DB>, component: string, itemtype: string): Promise<TagAreaRow> {
  const area = await db.selectFrom('tag_area').selectAll().where('component', '=', component).where('itemtype', '=', itemtype).executeTakeFirst();
  if (!area) throw new AppError('tagareanotfound', { component: COMPONENT, a: `${component}/${itemtype}`, status: 404 });
  return area;
}

export async function getAreaById(db: Kysely<DB>, id: number): Promise<TagAreaRow> {
  const area = await db.selectFrom('tag_area').selectAll().where('id', '=', id).executeTakeFirst();
  if (!area) throw new AppError('tagareanotfound', { component: COMPONENT, a: id, status: 404 });
  return area;
}

/** Another tag of the same collection with this name (case-insensitive), if any. */
async function namesake(db: Kysely<DB>, tagcollid: number, name: string, exceptId: number): Promise<TagRow | undefined> {
  return db.selectFrom('tag').selectAll().where('tagcollid', '=', tagcollid).where('name', '=', name.toLowerCase()).where('id', '<>', exceptId).executeTakeFirst();
}

/** Renames a tag; a case-only change is allowed, a name used by another tag of the collection is not. */
export async function renameTag(db: Kysely<DB>, tag: TagRow, newname: string): Promise<TagRow> {
  const rawname = cleanTagName(newname);
  if (rawname === tag.rawname) return tag;
  if (await namesake(db, tag.tagcollid, rawname, tag.id)) throw new AppError('namesalreadybeeingused', { component: COMPONENT });
  const changes = { rawname, name: rawname.toLowerCase(), timemodified: now() };
  await db.updateTable('tag').set(changes).where('id', '=', tag.id).execute();
  return { ...tag, ...changes };
}

/** Deletes tags with all their instances. */
export async function deleteTags(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  const tags = await getTags(db, ids);
  for (const part of chunks(tags.map((t) => t.id))) {
    await db.deleteFrom('tag_instance').where('tagid', 'in', part).execute();
    await db.deleteFrom('tag').where('id', 'in', part).execute();
  }
  return tags.length;
}

/**
 * Combines tags of one collection into the main one (maintag when among them, else the first): each
 * instance moves to the main tag unless its item already has it (then it is dropped); the main tag
 * becomes standard when any combined tag was; the others are deleted.
 */
export async function combineTags(db: Kysely<DB>, ids: readonly number[], maintag?: number): Promise<TagRow> {
  const tags = await getTags(db, ids);
  const main = tags.find((t) => t.id === maintag) ?? tags[0];
  if (!main || tags.length < 2) throw new AppError('selectmultipletags', { component: COMPONENT });
  if (tags.some((t) => t.tagcollid !== main.tagcollid)) throw new AppError('combinesamecollection', { component: COMPONENT });
  const others = tags.filter((t) => t.id !== main.id).map((t) => t.id);
  const columns = ['ti.id', 'ti.component', 'ti.itemtype', 'ti.itemid', 'ti.tiuserid', 'ti.ordering'] as const;
  for (const part of chunks(others)) {
    // Items that already carry the main tag keep that instance and lose the merged one.
    const carried = await db
      .selectFrom('tag_instance as ti')
      .select(columns)
      .where('ti.tagid', 'in', part)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('tag_instance as m')
            .select('m.id')
            .where('m.tagid', '=', main.id)
            .whereRef('m.component', '=', 'ti.component')
            .whereRef('m.itemtype', '=', 'ti.itemtype')
            .whereRef('m.itemid', '=', 'ti.itemid')
            .whereRef('m.tiuserid', '=', 'ti.tiuserid'),
        ),
      )
      .execute();
    // An item may carry several of the merged tags: the first instance of each item stays.
    const repeated = await db
      .selectFrom('tag_instance as ti')
      .innerJoin('tag_instance as b', (join) =>
        join.onRef('ti.component', '=', 'b.component').onRef('ti.itemtype', '=', 'b.itemtype').onRef('ti.itemid', '=', 'b.itemid').onRef('ti.tiuserid', '=', 'b.tiuserid').onRef('b.id', '<', 'ti.id'),
      )
      .select(columns)
      .distinct()
      .where('ti.tagid', 'in', part)
      .where('b.tagid', 'in', others)
      .execute();
    await dropInstances(db, [...carried, ...repeated]);
    await db.updateTable('tag_instance').set({ tagid: main.id, timemodified: now() }).where('tagid', 'in', part).execute();
  }
  const isstandard = tags.some((t) => t.isstandard) ? 1 : main.isstandard;
  await db.updateTable('tag').set({ isstandard, timemodified: now() }).where('id', '=', main.id).execute();
  for (const part of chunks(others)) await db.deleteFrom('tag').where('id', 'in', part).execute();
  return { ...main, isstandard };
}

/** Deletes instances and closes the gaps they leave in their items' tag order. */
async function dropInstances(db: Kysely<DB>, instances: ReadonlyArray<{ id: number; component: string; itemtype: string; itemid: number; tiuserid: number; ordering: number }>): Promise<void> {
  const unique = [...new Map(instances.map((i) => [i.id, i])).values()];
  for (const part of chunks(unique.map((i) => i.id))) await db.deleteFrom('tag_instance').where('id', 'in', part).execute();
  // Highest position first, so each shift sees the positions as they were.
  for (const gone of unique.sort((x, y) => y.ordering - x.ordering)) {
    await db
      .updateTable('tag_instance')
      .set((eb) => ({ ordering: eb('ordering', '-', 1) }))
      .where('component', '=', gone.component)
      .where('itemtype', '=', gone.itemtype)
      .where('itemid', '=', gone.itemid)
      .where('tiuserid', '=', gone.tiuserid)
      .where('ordering', '>', gone.ordering)
      .execute();
  }
}

/** Renames a tag, or combines it into the tag of its collection that already has the new name. */
export async function renameCombine(db: Kysely<DB>, tagid: number, newname: string): Promise<{ tag: TagRow; combined: boolean }> {
  const tag = await getTag(db, tagid);
  const rawname = cleanTagName(newname);
  const existing = await namesake(db, tag.tagcollid, rawname, tag.id);
  if (!existing) return { tag: await renameTag(db, tag, rawname), combined: false };
  return { tag: await combineTags(db, [existing.id, tag.id], existing.id), combined: true };
}

export async function flagTag(db: Kysely<DB>, tag: TagRow): Promise<TagRow> {
  const changes = { flag: tag.flag + 1, timemodified: now() };
  await db.updateTable('tag').set(changes).where('id', '=', tag.id).execute();
  return { ...tag, ...changes };
}

export async function resetFlag(db: Kysely<DB>, tag: TagRow): Promise<TagRow> {
  if (tag.flag === 0) return tag;
  const changes = { flag: 0, timemodified: now() };
  await db.updateTable('tag').set(changes).where('id', '=', tag.id).execute();
  return { ...tag, ...changes };
}

/** Marks a tag standard or not. */
export async function setStandard(db: Kysely<DB>, tag: TagRow, standard: boolean): Promise<TagRow> {
  const isstandard = standard ? 1 : 0;
  if (tag.isstandard === isstandard) return tag;
  const changes = { isstandard, timemodified: now() };
  await db.updateTable('tag').set(changes).where('id', '=', tag.id).execute();
  return { ...tag, ...changes };
}

export async function setDescription(db: Kysely<DB>, tag: TagRow, description: string, descriptionformat: number): Promise<void> {
  await db.updateTable('tag').set({ description, descriptionformat, timemodified: now() }).where('id', '=', tag.id).execute();
}

/** The tags of a collection with these names, by lower-cased name. */
export async function findTags(db: Kysely<DB>, tagcollid: number, names: readonly string[]): Promise<Map<string, TagRow>> {
  const byName = new Map<string, TagRow>();
  for (const part of chunks(names.map((n) => n.toLowerCase()))) {
    const rows = await db.selectFrom('tag').selectAll().where('tagcollid', '=', tagcollid).where('name', 'in', part).execute();
    for (const row of rows) byName.set(row.name, row);
  }
  return byName;
}

/** Finds the tags of a collection by name, creating the missing ones with the given standard flag. */
export async function ensureTags(db: Kysely<DB>, tagcollid: number, names: readonly string[], userid: number, isstandard: number): Promise<Map<string, TagRow>> {
  const byName = await findTags(db, tagcollid, names);
  const missing = names.filter((n) => !byName.has(n.toLowerCase()));
  const t = now();
  for (const part of chunks(missing)) {
    // Someone else may create the same tag meanwhile: keep theirs rather than fail.
    await db
      .insertInto('tag')
      .values(part.map((rawname) => ({ tagcollid, name: rawname.toLowerCase(), rawname, userid, isstandard, timemodified: t })))
      .onConflict((oc) => oc.columns(['tagcollid', 'name']).doNothing())
      .execute();
  }
  if (missing.length) for (const [name, row] of await findTags(db, tagcollid, missing)) byName.set(name, row);
  return byName;
}

/** Adds standard tags to a collection from a comma-separated list: creates missing ones, marks existing ones standard. */
export async function addStandardTags(db: Kysely<DB>, tagcollid: number, tagslist: string, userid: number): Promise<number> {
  await getCollection(db, tagcollid);
  const names = parseTagList(tagslist.split(','));
  if (names.length === 0) throw new AppError('tagnameempty', { component: COMPONENT });
  const tags = await ensureTags(db, tagcollid, names, userid, 1);
  const nonstandard = [...tags.values()].filter((t) => !t.isstandard).map((t) => t.id);
  for (const part of chunks(nonstandard)) await db.updateTable('tag').set({ isstandard: 1, timemodified: now() }).where('id', 'in', part).execute();
  return names.length;
}

/** Deletes the non-standard tags among these that no instance uses any more. */
export async function deleteUnusedNonStandard(db: Kysely<DB>, tagids: readonly number[]): Promise<void> {
  for (const part of chunks([...new Set(tagids)])) {
    await db
      .deleteFrom('tag')
      .where('id', 'in', part)
      .where('isstandard', '=', 0)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('tag_instance').select('tag_instance.id').whereRef('tag_instance.tagid', '=', 'tag.id'))))
      .execute();
  }
}
