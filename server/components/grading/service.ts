import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';

/** How an area is graded: simple direct grading, or the marking guide. */
export type GradingMethod = 'simple' | 'guide';

/** Definition status: nothing yet, draft (not usable for grading), ready. */
export const DEFINITION_STATUS_NOTREADY = 0;
export const DEFINITION_STATUS_DRAFT = 10;
export const DEFINITION_STATUS_READY = 20;

/** Instance status: incomplete, active (the current assessment), needs update, archived. */
export const INSTANCE_STATUS_INCOMPLETE = 0;
export const INSTANCE_STATUS_ACTIVE = 1;
export const INSTANCE_STATUS_NEEDUPDATE = 2;
export const INSTANCE_STATUS_ARCHIVE = 3;

export interface GuideCriterion {
  id: number;
  sortorder: number;
  shortname: string;
  description: string;
  descriptionmarkers: string;
  maxscore: number;
}

export interface GuideComment {
  id: number;
  sortorder: number;
  description: string;
}

export interface GuideDefinition {
  id: number;
  areaid: number;
  name: string;
  description: string;
  status: number;
  criteria: GuideCriterion[];
  comments: GuideComment[];
}

export interface GuideFilling {
  criterionid: number;
  score: number;
  remark: string;
}

export type GuideFillingError = { criterionid: number; errorcode: 'err_scoreinvalid' | 'err_scorenegative' | 'err_missing'; maxscore: number };

/** The stored value of `activemethod` for a method ('' is simple direct grading, as in Moodle). */
function storedMethod(method: GradingMethod): string {
  return method === 'simple' ? '' : method;
}

/** The area's row, if any. */
export async function findArea(db: Kysely<DB>, contextid: number, component: string, areaname: string) {
  return db
    .selectFrom('grading_areas')
    .select(['id', 'contextid', 'component', 'areaname', 'activemethod'])
    .where('contextid', '=', contextid)
    .where('component', '=', component)
    .where('areaname', '=', areaname)
    .executeTakeFirst();
}

/** The area's id, creating the area (simple grading) when it does not exist yet. */
export async function ensureArea(db: Kysely<DB>, contextid: number, component: string, areaname: string): Promise<number> {
  await db
    .insertInto('grading_areas')
    .values({ contextid, component, areaname, activemethod: '' })
    .onConflict((oc) => oc.columns(['contextid', 'component', 'areaname']).doNothing())
    .execute();
  const area = await findArea(db, contextid, component, areaname);
  if (!area) throw new Error(`grading area ${contextid}/${component}/${areaname} vanished`);
  return area.id;
}

/** The area's active grading method; 'simple' when the area does not exist or names no known method. */
export async function getActiveMethod(db: Kysely<DB>, contextid: number, component: string, areaname: string): Promise<GradingMethod> {
  const area = await findArea(db, contextid, component, areaname);
  return area?.activemethod === 'guide' ? 'guide' : 'simple';
}

/** Sets the area's active grading method, creating the area when needed. */
export async function setActiveMethod(db: Kysely<DB>, contextid: number, component: string, areaname: string, method: GradingMethod): Promise<void> {
  const areaid = await ensureArea(db, contextid, component, areaname);
  await db.updateTable('grading_areas').set({ activemethod: storedMethod(method) }).where('id', '=', areaid).execute();
}

/** Guide definitions with their criteria and comments (three queries whatever the count), in the order given. */
export async function loadGuides(db: Kysely<DB>, definitionids: readonly number[]): Promise<GuideDefinition[]> {
  if (definitionids.length === 0) return [];
  const ids = [...new Set(definitionids)];
  const defs = await db
    .selectFrom('grading_definitions')
    .select(['id', 'areaid', 'name', 'description', 'status'])
    .where('id', 'in', ids)
    .where('method', '=', 'guide')
    .execute();
  const criteria = await db
    .selectFrom('gradingform_guide_criteria')
    .select(['id', 'definitionid', 'sortorder', 'shortname', 'description', 'descriptionmarkers', 'maxscore'])
    .where('definitionid', 'in', ids)
    .orderBy('sortorder')
    .orderBy('id')
    .execute();
  const comments = await db
    .selectFrom('gradingform_guide_comments')
    .select(['id', 'definitionid', 'sortorder', 'description'])
    .where('definitionid', 'in', ids)
    .orderBy('sortorder')
    .orderBy('id')
    .execute();
  const byId = new Map(defs.map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const d = byId.get(id);
    if (!d) return [];
    return [
      {
        id: d.id,
        areaid: d.areaid,
        name: d.name,
        description: d.description,
        status: d.status,
        criteria: criteria
          .filter((c) => c.definitionid === id)
          .map((c) => ({ id: c.id, sortorder: c.sortorder, shortname: c.shortname, description: c.description, descriptionmarkers: c.descriptionmarkers, maxscore: Number(c.maxscore) })),
        comments: comments.filter((c) => c.definitionid === id).map((c) => ({ id: c.id, sortorder: c.sortorder, description: c.description })),
      },
    ];
  });
}

/** The guide definition of an area, whatever its status; null when the area has none. */
export async function areaGuide(db: Kysely<DB>, areaid: number): Promise<GuideDefinition | null> {
  const def = await db.selectFrom('grading_definitions').select('id').where('areaid', '=', areaid).where('method', '=', 'guide').executeTakeFirst();
  if (!def) return null;
  return (await loadGuides(db, [def.id]))[0] ?? null;
}

/** The marking guide used to grade in the area: null unless the active method is guide and its definition is ready. */
export async function activeGuide(db: Kysely<DB>, contextid: number, component: string, areaname: string): Promise<GuideDefinition | null> {
  const area = await findArea(db, contextid, component, areaname);
  if (!area || area.activemethod !== 'guide') return null;
  const guide = await areaGuide(db, area.id);
  return guide && guide.status === DEFINITION_STATUS_READY ? guide : null;
}

/** The fillings of the active instance of the definition for the graded item (the activity's grade row), in the guide's order; [] when none. */
export async function guideFillings(db: Kysely<DB>, definitionid: number, itemid: number): Promise<GuideFilling[]> {
  const instance = await db
    .selectFrom('grading_instances')
    .select('id')
    .where('definitionid', '=', definitionid)
    .where('itemid', '=', itemid)
    .where('status', '=', INSTANCE_STATUS_ACTIVE)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!instance) return [];
  const rows = await db
    .selectFrom('gradingform_guide_fillings as f')
    .innerJoin('gradingform_guide_criteria as c', 'c.id', 'f.criterionid')
    .select(['f.criterionid', 'f.score', 'f.remark'])
    .where('f.instanceid', '=', instance.id)
    .orderBy('c.sortorder')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ criterionid: r.criterionid, score: Number(r.score), remark: r.remark ?? '' }));
}

/**
 * Checks a filling against the guide (activities.md §2.2): every criterion needs a numeric score between 0 and
 * its maximum (a non-numeric score is invalid). Answers one error per failing criterion, in the guide's order; [] when the filling is valid.
 */
export function validateGuideFillings(guide: GuideDefinition, fillings: readonly GuideFilling[]): GuideFillingError[] {
  const byCriterion = new Map(fillings.map((f) => [f.criterionid, f]));
  const errors: GuideFillingError[] = [];
  for (const c of guide.criteria) {
    const f = byCriterion.get(c.id);
    const score = f?.score;
    if (f === undefined || score === undefined || score === null) {
      errors.push({ criterionid: c.id, errorcode: 'err_missing', maxscore: c.maxscore });
    } else if (typeof score !== 'number' || !Number.isFinite(score) || score > c.maxscore) {
      errors.push({ criterionid: c.id, errorcode: 'err_scoreinvalid', maxscore: c.maxscore });
    } else if (score < 0) {
      errors.push({ criterionid: c.id, errorcode: 'err_scorenegative', maxscore: c.maxscore });
    }
  }
  return errors;
}

/**
 * The activity grade from a guide filling (activities.md §2.3): total / maxtotal × (max − min) + min, rounded
 * to a whole number unless the range allows decimals; −1 when the guide's maximum total is not positive.
 * Scores of criteria not in the guide are ignored.
 */
export function guideGrade(guide: GuideDefinition, fillings: readonly GuideFilling[], range: { grademin: number; grademax: number; decimals: boolean }): number {
  const maxtotal = guide.criteria.reduce((sum, c) => sum + c.maxscore, 0);
  if (!(maxtotal > 0)) return -1;
  const ids = new Set(guide.criteria.map((c) => c.id));
  const total = fillings.filter((f) => ids.has(f.criterionid)).reduce((sum, f) => sum + (Number.isFinite(f.score) ? f.score : 0), 0);
  const grade = (total / maxtotal) * (range.grademax - range.grademin) + range.grademin;
  if (range.decimals) return Math.round(grade * 100000) / 100000;
  return Math.round(grade);
}

/**
 * Records a new assessment of the item with the guide: archives the previous active instance and writes a new
 * active one with its fillings (rawgrade = the criteria total). Fillings of criteria outside the guide are dropped.
 */
export async function saveGuideFillings(db: Kysely<DB>, guide: GuideDefinition, itemid: number, raterid: number, fillings: readonly GuideFilling[]): Promise<void> {
  const ids = new Set(guide.criteria.map((c) => c.id));
  const kept = new Map<number, GuideFilling>();
  for (const f of fillings) if (ids.has(f.criterionid)) kept.set(f.criterionid, f);
  const total = [...kept.values()].reduce((sum, f) => sum + f.score, 0);
  await db
    .updateTable('grading_instances')
    .set({ status: INSTANCE_STATUS_ARCHIVE })
    .where('definitionid', '=', guide.id)
    .where('itemid', '=', itemid)
    .where('status', 'in', [INSTANCE_STATUS_ACTIVE, INSTANCE_STATUS_NEEDUPDATE, INSTANCE_STATUS_INCOMPLETE])
    .execute();
  const instance = await db
    .insertInto('grading_instances')
    .values({ definitionid: guide.id, raterid, itemid, rawgrade: total, status: INSTANCE_STATUS_ACTIVE, feedback: null, timemodified: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (kept.size === 0) return;
  await db
    .insertInto('gradingform_guide_fillings')
    .values([...kept.values()].map((f) => ({ instanceid: instance.id, criterionid: f.criterionid, score: f.score, remark: f.remark, remarkformat: 1 })))
    .execute();
}

/** Deletes every grading area of the context with its definitions, guides, instances and fillings (activity deleted). */
export async function deleteAreasOfContext(db: Kysely<DB>, contextid: number): Promise<void> {
  const areas = await db.selectFrom('grading_areas').select('id').where('contextid', '=', contextid).execute();
  if (areas.length === 0) return;
  const areaids = areas.map((a) => a.id);
  const defs = await db.selectFrom('grading_definitions').select('id').where('areaid', 'in', areaids).execute();
  const defids = defs.map((d) => d.id);
  if (defids.length > 0) {
    await db
      .deleteFrom('gradingform_guide_fillings')
      .where('instanceid', 'in', (eb) => eb.selectFrom('grading_instances').select('id').where('definitionid', 'in', defids))
      .execute();
    await db.deleteFrom('grading_instances').where('definitionid', 'in', defids).execute();
    await db.deleteFrom('gradingform_guide_comments').where('definitionid', 'in', defids).execute();
    await db.deleteFrom('gradingform_guide_criteria').where('definitionid', 'in', defids).execute();
    await db.deleteFrom('grading_definitions').where('id', 'in', defids).execute();
  }
  await db.deleteFrom('grading_areas').where('id', 'in', areaids).execute();
}
