import { invalidParameter } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { deleteModules } from './cms';
import { loadSections, pick, renumberSections, type SectionRow } from './sequence';

function notGeneral(rows: readonly SectionRow[]): SectionRow[] {
  if (rows.some((s) => s.section === 0)) throw invalidParameter('section 0 cannot be changed this way');
  return [...rows];
}

/** Adds an empty section at the end, or after `targetsectionid`; answers its id. */
export async function addSection(ctx: CallContext, courseid: number, targetsectionid?: number): Promise<number> {
  const sections = await loadSections(ctx.db, courseid);
  if (targetsectionid !== undefined) pick(sections, [targetsectionid], 'section');
  const last = sections.at(-1)?.section ?? -1;
  const row = await ctx.db
    .insertInto('course_sections')
    .values({ course: courseid, section: last + 1, timemodified: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (targetsectionid !== undefined) {
    await moveSectionsAfter(ctx, courseid, [row.id], targetsectionid);
  }
  return row.id;
}

/** Deletes sections with every module in them, and closes the gap in the numbering. */
export async function deleteSections(ctx: CallContext, courseid: number, ids: readonly number[]): Promise<void> {
  const sections = await loadSections(ctx.db, courseid);
  const doomed = notGeneral(pick(sections, ids, 'section'));
  const doomedIds = doomed.map((s) => s.id);
  const cms = await ctx.db.selectFrom('course_modules').select('id').where('section', 'in', doomedIds).execute();
  if (cms.length > 0) await deleteModules(ctx, courseid, cms.map((cm) => cm.id));
  await ctx.db.deleteFrom('course_sections').where('id', 'in', doomedIds).execute();
  const remaining = sections.filter((s) => !doomedIds.includes(s.id));
  await renumberSections(ctx.db, remaining, remaining);
}

export async function setSectionsVisible(ctx: CallContext, courseid: number, ids: readonly number[], visible: boolean): Promise<void> {
  const rows = notGeneral(pick(await loadSections(ctx.db, courseid), ids, 'section'));
  await ctx.db
    .updateTable('course_sections')
    .set({ visible: visible ? 1 : 0, timemodified: now() })
    .where('id', 'in', rows.map((s) => s.id))
    .execute();
}

/** Moves sections, in the given order, to just after the target (section 0 as target: to the top). */
export async function moveSectionsAfter(ctx: CallContext, courseid: number, ids: readonly number[], targetsectionid: number | undefined): Promise<void> {
  if (targetsectionid === undefined) throw invalidParameter('targetsectionid is required');
  const sections = await loadSections(ctx.db, courseid);
  const moving = notGeneral(pick(sections, ids, 'section'));
  const [target] = pick(sections, [targetsectionid], 'section');
  if (!target || moving.some((s) => s.id === target.id)) throw invalidParameter('a section cannot move after itself');
  const rest = sections.filter((s) => !moving.some((m) => m.id === s.id));
  const at = rest.findIndex((s) => s.id === target.id) + 1;
  await renumberSections(ctx.db, sections, [...rest.slice(0, at), ...moving, ...rest.slice(at)]);
}

/** An empty name gives the section its default name back. */
export async function renameSection(ctx: CallContext, sectionid: number, name: string): Promise<void> {
  await ctx.db.updateTable('course_sections').set({ name: name.trim(), timemodified: now() }).where('id', '=', sectionid).execute();
}
