import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { formatDecimal } from '../../platform/lang/numbers';

/** Grade item types, as Moodle's GRADE_TYPE_* constants. */
export const GRADE_TYPE_NONE = 0;
export const GRADE_TYPE_VALUE = 1;
export const GRADE_TYPE_SCALE = 2;
export const GRADE_TYPE_TEXT = 3;

/** What an activity tells the gradebook about its grade item (itemnumber 0). */
export interface GradeItemSpec {
  courseid: number;
  itemmodule: string;
  iteminstance: number;
  cmid: number;
  itemname: string;
  gradetype: number;
  grademax: number;
  grademin: number;
  scaleid: number | null;
}

/** One user's grade as an activity pushes it (lib/gradelib.php grade_update). A null rawgrade clears the grade. */
export interface GradeUpdate {
  userid: number;
  rawgrade: number | null;
  feedback: string | null;
  feedbackformat: number;
  usermodified: number;
  dategraded: number | null;
  datesubmitted: number | null;
}

/** A scale: its items in order; value k (1-based) is items[k-1]. courseid 0 = a standard (site) scale. */
export interface Scale {
  id: number;
  courseid: number;
  name: string;
  items: string[];
}

/** The items of a stored scale (comma-separated, as Moodle stores them). */
export function scaleItems(scale: string): string[] {
  return scale.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Creates or updates the activity's grade item (itemtype 'mod', itemnumber 0) and answers its id. A new item
 * sorts after the course's existing items.
 */
export async function gradeItemUpdate(db: Kysely<DB>, spec: GradeItemSpec): Promise<number> {
  const t = now();
  const existing = await db
    .selectFrom('grade_items')
    .select('id')
    .where('itemmodule', '=', spec.itemmodule)
    .where('iteminstance', '=', spec.iteminstance)
    .where('itemnumber', '=', 0)
    .executeTakeFirst();
  const details = {
    courseid: spec.courseid,
    cmid: spec.cmid,
    itemname: spec.itemname,
    gradetype: spec.gradetype,
    grademax: spec.grademax,
    grademin: spec.grademin,
    scaleid: spec.gradetype === GRADE_TYPE_SCALE ? spec.scaleid : null,
    timemodified: t,
  };
  if (existing) {
    await db.updateTable('grade_items').set(details).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const last = await db
    .selectFrom('grade_items')
    .select((eb) => eb.fn.max('sortorder').as('m'))
    .where('courseid', '=', spec.courseid)
    .executeTakeFirst();
  const row = await db
    .insertInto('grade_items')
    .values({
      ...details,
      itemtype: 'mod',
      itemmodule: spec.itemmodule,
      iteminstance: spec.iteminstance,
      itemnumber: 0,
      sortorder: Number(last?.m ?? 0) + 1,
      timecreated: t,
    })
    // Another transaction may have created it since the look-up: then this is an update after all.
    .onConflict((oc) => oc.columns(['itemmodule', 'iteminstance', 'itemnumber']).doUpdateSet(details))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the activity's grade items and every grade in them. */
export async function gradeItemDelete(db: Kysely<DB>, itemmodule: string, iteminstance: number): Promise<void> {
  const items = await db.selectFrom('grade_items').select('id').where('itemmodule', '=', itemmodule).where('iteminstance', '=', iteminstance).execute();
  if (items.length === 0) return;
  const ids = items.map((i) => i.id);
  await db.deleteFrom('grade_grades').where('itemid', 'in', ids).execute();
  await db.deleteFrom('grade_items').where('id', 'in', ids).execute();
}

/** Rows per insert statement: 11 columns each keeps a batch under SQLite's 32,766 bound parameters. */
const GRADE_BATCH = 1000;

/**
 * Writes the given users' grades in the item (upsert on (itemid, userid)): one statement per batch, never one
 * per user. finalgrade is rawgrade bounded to the item's range (no overrides or locks in Tessera's gradebook);
 * an item of type text keeps only feedback, and one of type none takes no grades.
 */
export async function gradeUpdate(db: Kysely<DB>, itemid: number, grades: readonly GradeUpdate[]): Promise<void> {
  if (grades.length === 0) return;
  const item = await db.selectFrom('grade_items').select(['gradetype', 'grademin', 'grademax']).where('id', '=', itemid).executeTakeFirst();
  if (!item || item.gradetype === GRADE_TYPE_NONE) return;
  // The last entry for a user wins, and one statement cannot touch the same row twice.
  const byUser = new Map<number, GradeUpdate>();
  for (const g of grades) byUser.set(g.userid, g);
  const t = now();
  const [min, max] = [Number(item.grademin), Number(item.grademax)];
  const bounded = (raw: number | null) => (raw === null || item.gradetype === GRADE_TYPE_TEXT ? null : Math.min(max, Math.max(min, raw)));
  const rows = [...byUser.values()].map((g) => ({
    itemid,
    userid: g.userid,
    rawgrade: g.rawgrade,
    finalgrade: bounded(g.rawgrade),
    feedback: g.feedback,
    feedbackformat: g.feedbackformat,
    usermodified: g.usermodified,
    dategraded: g.dategraded,
    datesubmitted: g.datesubmitted,
    timemodified: t,
  }));
  for (let i = 0; i < rows.length; i += GRADE_BATCH) {
    await db
      .insertInto('grade_grades')
      .values(rows.slice(i, i + GRADE_BATCH))
      .onConflict((oc) =>
        oc.columns(['itemid', 'userid']).doUpdateSet((eb) => ({
          rawgrade: eb.ref('excluded.rawgrade'),
          finalgrade: eb.ref('excluded.finalgrade'),
          feedback: eb.ref('excluded.feedback'),
          feedbackformat: eb.ref('excluded.feedbackformat'),
          usermodified: eb.ref('excluded.usermodified'),
          dategraded: eb.ref('excluded.dategraded'),
          datesubmitted: eb.ref('excluded.datesubmitted'),
          timemodified: eb.ref('excluded.timemodified'),
        })),
      )
      .execute();
  }
}

/** A scale by id, with its items in order. */
export async function getScale(db: Kysely<DB>, id: number): Promise<Scale | undefined> {
  const row = await db.selectFrom('scale').select(['id', 'courseid', 'name', 'scale']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, courseid: row.courseid, name: row.name, items: scaleItems(row.scale) } : undefined;
}

/** Scales by id, in one query. */
export async function getScales(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, Scale>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('scale').select(['id', 'courseid', 'name', 'scale']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, courseid: r.courseid, name: r.name, items: scaleItems(r.scale) }]));
}

/**
 * A grade for display: '-' when there is none; a scale value as its item's name; points as "7.50 / 10.00".
 * Points are written in the reader's language: "7,50 / 10,00" in Spanish.
 * A scale value outside the scale shows as '-'.
 */
export function formatGrade(value: number | null, item: { gradetype: number; grademax: number; scale?: Scale }, lang = 'en'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  if (item.gradetype === GRADE_TYPE_SCALE) {
    const name = item.scale?.items[Math.round(value) - 1];
    return name ?? '-';
  }
  if (item.gradetype === GRADE_TYPE_NONE || item.gradetype === GRADE_TYPE_TEXT) return '-';
  return `${formatDecimal(value, 2, lang)} / ${formatDecimal(Number(item.grademax), 2, lang)}`;
}
