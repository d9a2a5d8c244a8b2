import type { Context } from '../../platform/access/types';
import { invalidParameter, invalidRecord } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { inplaceText, lockRow, type InplaceCallbacks, type InplaceCurrent, type InplaceElement } from '../../platform/inplace';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { getModuleRecord, moduleContext } from './access';
import { renameModule } from './cms';
import { renameSection } from './sections';

const COMPONENT = 'core_courseformat';
const MAX_NAME = 255;

async function logRename(ctx: CallContext, context: Context, courseid: number, action: string, objecttable: string, id: number) {
  await logContextEvent(ctx, context, {
    eventname: `\\core_courseformat\\event\\${action}`,
    component: COMPONENT,
    action,
    target: objecttable,
    objecttable,
    objectid: id,
    crud: 'u',
    courseid,
    other: { ids: [id] },
  });
}

function checkLength(value: string) {
  if (value.trim().length > MAX_NAME) throw invalidParameter(`a name may have at most ${MAX_NAME} characters`);
}

/** The section's name as an in-place element: an empty stored name shows the default ("Topic 2"). */
export function sectionNameElement(ctx: CallContext, section: { id: number; section: number; name: string }, editable: boolean): InplaceElement {
  const shown = formatString(section.name) || ctx.platform.strings.get(section.section === 0 ? 'general' : 'topic', 'moodle', section.section, ctx.lang);
  return inplaceText({
    component: COMPONENT,
    itemtype: 'sectionname',
    itemid: section.id,
    editable,
    displayvalue: shown,
    value: section.name,
    edithint: ctx.platform.strings.get('edittitle', COMPONENT, undefined, ctx.lang),
    editlabel: ctx.platform.strings.get('newvalue', COMPONENT, shown, ctx.lang),
  });
}

/** The activity's name as an in-place element. */
export function activityNameElement(ctx: CallContext, cmid: number, name: string, editable: boolean): InplaceElement {
  const shown = formatString(name);
  return inplaceText({
    component: COMPONENT,
    itemtype: 'activityname',
    itemid: cmid,
    editable,
    displayvalue: shown,
    value: name,
    edithint: ctx.platform.strings.get('edittitle', COMPONENT, undefined, ctx.lang),
    editlabel: ctx.platform.strings.get('newvalue', COMPONENT, shown, ctx.lang),
  });
}

/** Renaming sections (moodle/course:update) and activities (moodle/course:manageactivities) on the course page. */
export const courseformatInplace: InplaceCallbacks = {
  sectionname: async (ctx, itemid, value) => {
    const section = await ctx.db.selectFrom('course_sections').select(['id', 'course']).where('id', '=', itemid).executeTakeFirst();
    if (!section) throw invalidRecord('course_sections', `section ${itemid}`);
    const { context } = await requireCourseAccess(ctx, section.course);
    await ctx.access.requireCapability('moodle/course:update', context);
    checkLength(value);
    await renameSection(ctx, itemid, value);
    await logRename(ctx, context, section.course, 'section_rename', 'course_sections', itemid);
    const saved = await ctx.db.selectFrom('course_sections').select(['id', 'section', 'name']).where('id', '=', itemid).executeTakeFirstOrThrow();
    return sectionNameElement(ctx, saved, true);
  },
  activityname: async (ctx, itemid, value) => {
    const cm = await getModuleRecord(ctx, itemid);
    const { context } = await requireCourseAccess(ctx, cm.course);
    await ctx.access.requireCapability('moodle/course:manageactivities', await moduleContext(ctx, cm.id));
    checkLength(value);
    await renameModule(ctx, cm, value);
    await logRename(ctx, context, cm.course, 'cm_rename', 'course_modules', itemid);
    return activityNameElement(ctx, itemid, value.trim(), true);
  },
};

/** The current names of sections and activities, for the conflict check of a rename (rows locked). */
export const courseformatInplaceCurrent: Record<string, InplaceCurrent> = {
  sectionname: async (ctx, itemid) => {
    await lockRow(ctx, 'course_sections', itemid);
    return (await ctx.db.selectFrom('course_sections').select('name').where('id', '=', itemid).executeTakeFirst())?.name;
  },
  activityname: async (ctx, itemid) => {
    await lockRow(ctx, 'course_modules', itemid);
    const cm = await ctx.db
      .selectFrom('course_modules as cm')
      .innerJoin('modules as m', 'm.id', 'cm.module')
      .select(['cm.instance', 'm.name as modname'])
      .where('cm.id', '=', itemid)
      .executeTakeFirst();
    const activity = cm && ctx.platform.components.find((c) => c.activity?.modname === cm.modname)?.activity;
    return cm && activity ? (await activity.instances(ctx.db, [cm.instance])).get(cm.instance)?.name : undefined;
  },
};
