import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteContext, ensureModuleContext } from '../../platform/access/contexts';
import { CONTEXT_MODULE } from '../../platform/access/types';
import { AppError, invalidParameter } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { getCourse } from '../course/access';
import { resolveGroupSettings, type RequestedGroupSettings } from './groupsettings';
import { courseModuleActivity } from './modules';
import { loadSections, lockCoursePage, parseSequence, pick, writeSequence } from './sequence';

interface CmRow {
  id: number;
  instance: number;
  section: number;
  visible: number;
  modname: string;
}

async function loadCms(db: Kysely<DB>, courseid: number): Promise<CmRow[]> {
  return db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select(['cm.id', 'cm.instance', 'cm.section', 'cm.visible', 'm.name as modname'])
    .where('cm.course', '=', courseid)
    .execute();
}

/** Deletes course modules with their instances and contexts, and takes them out of their sections. */
export async function deleteModules(ctx: CallContext, courseid: number, ids: readonly number[]): Promise<void> {
  const doomed = pick(await loadCms(ctx.db, courseid), ids, 'course module');
  const doomedIds = doomed.map((cm) => cm.id);
  const byType = new Map<string, number[]>();
  for (const cm of doomed) byType.set(cm.modname, [...(byType.get(cm.modname) ?? []), cm.instance]);
  for (const [modname, instances] of byType) {
    const activity = courseModuleActivity(ctx.platform.components, modname);
    if (!activity) throw new AppError('cannotdeletemodule', { component: 'core_courseformat', a: modname });
    await activity.deleteInstances(ctx.db, instances);
  }
  const contexts = await ctx.db.selectFrom('context').selectAll().where('contextlevel', '=', CONTEXT_MODULE).where('instanceid', 'in', doomedIds).execute();
  for (const context of contexts) await deleteContext(ctx.db, context);
  const t = now();
  for (const section of await loadSections(ctx.db, courseid)) {
    const sequence = parseSequence(section.sequence);
    const kept = sequence.filter((id) => !doomedIds.includes(id));
    if (kept.length !== sequence.length) await writeSequence(ctx.db, section.id, kept, t);
  }
  await ctx.db.deleteFrom('course_modules').where('id', 'in', doomedIds).execute();
}

export async function setModulesVisible(ctx: CallContext, courseid: number, ids: readonly number[], visible: boolean): Promise<void> {
  const rows = pick(await loadCms(ctx.db, courseid), ids, 'course module');
  await ctx.db
    .updateTable('course_modules')
    .set({ visible: visible ? 1 : 0 })
    .where('id', 'in', rows.map((cm) => cm.id))
    .execute();
}

/** Moves modules, in the given order, to just before `targetcmid`, or to the end of `targetsectionid`. */
export async function moveModules(ctx: CallContext, courseid: number, ids: readonly number[], targetsectionid?: number, targetcmid?: number): Promise<void> {
  const cms = await loadCms(ctx.db, courseid);
  const moving = pick(cms, ids, 'course module').map((cm) => cm.id);
  const sections = await loadSections(ctx.db, courseid);
  let sectionid = targetsectionid;
  if (targetcmid !== undefined) {
    const [target] = pick(cms, [targetcmid], 'course module');
    if (!target || moving.includes(target.id)) throw invalidParameter('a module cannot move before itself');
    if (sectionid !== undefined && sectionid !== target.section) throw invalidParameter('targetcmid is not in targetsectionid');
    sectionid = target.section;
  }
  if (sectionid === undefined) throw invalidParameter('targetsectionid or targetcmid is required');
  const [targetSection] = pick(sections, [sectionid], 'section');
  if (!targetSection) throw invalidParameter('no target section');
  const t = now();
  for (const section of sections) {
    let sequence = parseSequence(section.sequence).filter((id) => !moving.includes(id));
    if (section.id === targetSection.id) {
      const at = targetcmid === undefined ? sequence.length : sequence.indexOf(targetcmid);
      sequence = [...sequence.slice(0, at < 0 ? sequence.length : at), ...moving, ...sequence.slice(at < 0 ? sequence.length : at)];
    }
    if (sequence.join(',') !== section.sequence) await writeSequence(ctx.db, section.id, sequence, t);
  }
  await ctx.db.updateTable('course_modules').set({ section: targetSection.id }).where('id', 'in', moving).execute();
}

export async function renameModule(ctx: CallContext, cm: { instance: number; modname: string }, name: string): Promise<void> {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidParameter('a module name cannot be empty');
  const activity = courseModuleActivity(ctx.platform.components, cm.modname);
  if (!activity) throw invalidParameter(`modules of type ${cm.modname} cannot be renamed`);
  await activity.setName(ctx.db, cm.instance, trimmed);
}

/**
 * Puts a new instance on the course page: a course-module row at the end of the section (by number),
 * with its group settings (the course's defaults where none are asked for), and its module context.
 * `createInstance` writes the module's own row and answers its id.
 */
export async function addModule(
  ctx: CallContext,
  courseid: number,
  sectionnum: number,
  modname: string,
  createInstance: (db: Kysely<DB>) => Promise<number>,
  groups: RequestedGroupSettings = {},
): Promise<{ cmid: number; instance: number; contextid: number }> {
  await lockCoursePage(ctx.db, courseid);
  const section = (await loadSections(ctx.db, courseid)).find((s) => s.section === sectionnum);
  if (!section) throw invalidParameter(`course ${courseid} has no section ${sectionnum}`);
  const module = await ctx.db.selectFrom('modules').select('id').where('name', '=', modname).executeTakeFirst();
  if (!module) throw invalidParameter(`no module type ${modname}`);
  const settings = await resolveGroupSettings(ctx.db, await getCourse(ctx.db, courseid), groups);
  const instance = await createInstance(ctx.db);
  const t = now();
  const cm = await ctx.db
    .insertInto('course_modules')
    .values({ course: courseid, module: module.id, instance, section: section.id, added: t, ...settings })
    .returning('id')
    .executeTakeFirstOrThrow();
  const context = await ensureModuleContext(ctx.db, cm.id, courseid);
  await writeSequence(ctx.db, section.id, [...parseSequence(section.sequence), cm.id], t);
  await logContextEvent(ctx, context, {
    eventname: '\\core\\event\\course_module_created',
    component: 'core',
    action: 'created',
    target: 'course_module',
    objecttable: 'course_modules',
    objectid: cm.id,
    crud: 'c',
    courseid,
    other: { modulename: modname, instanceid: instance },
  });
  return { cmid: cm.id, instance, contextid: context.id };
}
