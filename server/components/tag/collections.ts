import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { COMPONENT, defaultCollection, deleteUnusedNonStandard, findTags, getCollection, type TagAreaRow, type TagCollRow } from './service';

const MAX_COLLECTION_NAME = 255;

/** Every collection in display order: the default first, then by sortorder and id. */
export async function listCollections(db: Kysely<DB>): Promise<TagCollRow[]> {
  return db.selectFrom('tag_coll').selectAll().orderBy('isdefault', 'desc').orderBy('sortorder').orderBy('id').execute();
}

function cleanCollectionName(raw: string): string {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name === '') throw new AppError('collnameempty', { component: COMPONENT });
  if ([...name].length > MAX_COLLECTION_NAME) throw new AppError('collnametoolong', { component: COMPONENT, a: MAX_COLLECTION_NAME });
  return name;
}

/** Sortorders 0..n-1 in display order, so moving swaps neighbours. */
async function renumber(db: Kysely<DB>): Promise<void> {
  const all = await listCollections(db);
  for (const [sortorder, coll] of all.entries()) {
    if (coll.sortorder !== sortorder) await db.updateTable('tag_coll').set({ sortorder }).where('id', '=', coll.id).execute();
  }
}

export async function createCollection(db: Kysely<DB>, name: string, searchable: boolean): Promise<number> {
  const clean = cleanCollectionName(name);
  const count = await db.selectFrom('tag_coll').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('tag_coll')
    .values({ name: clean, searchable: searchable ? 1 : 0, sortorder: Number(count.n), isdefault: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCollection(db: Kysely<DB>, coll: TagCollRow, name: string): Promise<TagCollRow> {
  const clean = cleanCollectionName(name);
  await db.updateTable('tag_coll').set({ name: clean }).where('id', '=', coll.id).execute();
  return { ...coll, name: clean };
}

/** The default collection stays searchable; plugin-owned ones are locked. */
export async function setCollectionSearchable(db: Kysely<DB>, coll: TagCollRow, searchable: boolean): Promise<TagCollRow> {
  if (coll.isdefault || coll.component) throw new AppError('collectionlocked', { component: COMPONENT });
  await db.updateTable('tag_coll').set({ searchable: searchable ? 1 : 0 }).where('id', '=', coll.id).execute();
  return { ...coll, searchable: searchable ? 1 : 0 };
}

/** Moves a collection one place up or down; the default collection stays first. */
export async function moveCollection(db: Kysely<DB>, id: number, direction: 'up' | 'down'): Promise<void> {
  const coll = await getCollection(db, id);
  if (coll.isdefault) throw new AppError('collectionlocked', { component: COMPONENT });
  await renumber(db);
  const all = (await listCollections(db)).filter((c) => !c.isdefault);
  const at = all.findIndex((c) => c.id === id);
  const other = all[direction === 'up' ? at - 1 : at + 1];
  const self = all[at];
  if (!other || !self) return;
  await db.updateTable('tag_coll').set({ sortorder: other.sortorder }).where('id', '=', self.id).execute();
  await db.updateTable('tag_coll').set({ sortorder: self.sortorder }).where('id', '=', other.id).execute();
}

/**
 * Deletes a collection: its areas move to the default collection (with their tags), the tags left
 * behind are deleted with their instances, then the row; the default and locked ones cannot go.
 */
export async function deleteCollection(db: Kysely<DB>, id: number): Promise<void> {
  const coll = await getCollection(db, id);
  if (coll.isdefault || coll.component) throw new AppError('collectionlocked', { component: COMPONENT });
  const target = await defaultCollection(db);
  const areas = await db.selectFrom('tag_area').selectAll().where('tagcollid', '=', id).execute();
  for (const area of areas) await moveAreaToCollection(db, area, target.id);
  const leftover = db.selectFrom('tag').select('id').where('tagcollid', '=', id);
  await db.deleteFrom('tag_instance').where('tagid', 'in', leftover).execute();
  await db.deleteFrom('tag').where('tagcollid', '=', id).execute();
  await db.deleteFrom('tag_coll').where('id', '=', id).execute();
  await renumber(db);
}

/**
 * Moves an area to another collection: each tag its items use is found or created (same name, same
 * standard flag and description) in the target, the area's instances are re-pointed there, and
 * non-standard tags left unused in the old collection are deleted.
 */
export async function moveAreaToCollection(db: Kysely<DB>, area: TagAreaRow, tagcollid: number): Promise<TagAreaRow> {
  await getCollection(db, tagcollid);
  if (area.tagcollid === tagcollid) return area;
  const used = await db
    .selectFrom('tag as t')
    .selectAll('t')
    .where((eb) =>
      eb.exists(eb.selectFrom('tag_instance as ti').select('ti.id').whereRef('ti.tagid', '=', 't.id').where('ti.component', '=', area.component).where('ti.itemtype', '=', area.itemtype)),
    )
    .execute();
  const targets = await findTags(db, tagcollid, used.map((u) => u.name));
  const t = now();
  const missing = used.filter((u) => !targets.has(u.name));
  if (missing.length) {
    const created = await db
      .insertInto('tag')
      .values(missing.map((u) => ({ tagcollid, name: u.name, rawname: u.rawname, userid: u.userid, isstandard: u.isstandard, description: u.description, descriptionformat: u.descriptionformat, flag: u.flag, timemodified: t })))
      .returningAll()
      .execute();
    for (const row of created) targets.set(row.name, row);
  }
  for (const old of used) {
    const target = targets.get(old.name);
    if (!target || target.id === old.id) continue;
    await db.updateTable('tag_instance').set({ tagid: target.id, timemodified: t }).where('tagid', '=', old.id).where('component', '=', area.component).where('itemtype', '=', area.itemtype).execute();
  }
  await db.updateTable('tag_area').set({ tagcollid }).where('id', '=', area.id).execute();
  await deleteUnusedNonStandard(db, used.map((u) => u.id));
  return { ...area, tagcollid };
}

export async function setAreaEnabled(db: Kysely<DB>, area: TagAreaRow, enabled: boolean): Promise<TagAreaRow> {
  await db.updateTable('tag_area').set({ enabled: enabled ? 1 : 0 }).where('id', '=', area.id).execute();
  return { ...area, enabled: enabled ? 1 : 0 };
}

export async function setAreaShowStandard(db: Kysely<DB>, area: TagAreaRow, showstandard: number): Promise<TagAreaRow> {
  if (![0, 1, 2].includes(showstandard)) throw new AppError('invalidparameter', { debuginfo: `showstandard=${showstandard}` });
  await db.updateTable('tag_area').set({ showstandard }).where('id', '=', area.id).execute();
  return { ...area, showstandard };
}

/** A collection's name as people see it: the default one is "Default collection" unless renamed. */
export function collectionDisplayName(coll: Pick<TagCollRow, 'name' | 'isdefault'>, defaultName: string): string {
  return coll.name === '' && coll.isdefault ? defaultName : coll.name;
}
