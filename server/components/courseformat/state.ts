import type { CourseState } from '../../../api/courseformat';
import type { Context } from '../../platform/access/types';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { hiddenModulesSeen } from '../course/access';
import { courseSections } from '../course/service';
import { effectiveGroupMode } from '../group/service';
import { addableModnames } from './modules';

/** The course page as this user sees it, with what they may edit. */
export async function courseState(ctx: CallContext, courseid: number, context: Context): Promise<CourseState> {
  const [canUpdate, canManage, seeHiddenSections, viewParticipants, manageGroups, assignRoles, viewAllGrades, viewOwnGrades] = await Promise.all([
    ctx.access.hasCapability('moodle/course:update', context),
    ctx.access.hasCapability('moodle/course:manageactivities', context),
    ctx.access.hasCapability('moodle/course:viewhiddensections', context),
    ctx.access.hasCapability('moodle/course:viewparticipants', context),
    ctx.access.hasCapability('moodle/course:managegroups', context),
    ctx.access.hasCapability('moodle/role:assign', context),
    ctx.access.hasCapability('moodle/grade:viewall', context),
    ctx.access.hasCapability('moodle/grade:view', context),
  ]);
  const sections = await courseSections(ctx.db, courseid, ctx.platform.components);
  const seenHidden = await hiddenModulesSeen(ctx, sections.flatMap((s) => s.modules.filter((m) => !m.visible).map((m) => m.id)));
  const course = await ctx.db.selectFrom('course').select(['groupmode', 'groupmodeforce']).where('id', '=', courseid).executeTakeFirstOrThrow();
  const wwwroot = ctx.platform.config.wwwroot;
  let modtypes: CourseState['modtypes'] = [];
  if (canManage) {
    const names = addableModnames(ctx.platform.components);
    const installed = names.length ? await ctx.db.selectFrom('modules').select('name').where('visible', '=', 1).where('name', 'in', names).orderBy('name').execute() : [];
    modtypes = installed.map((m) => ({ modname: m.name, name: ctx.platform.strings.get('modulename', `mod_${m.name}`, undefined, ctx.lang) }));
  }
  return {
    courseid,
    canedit: canUpdate || canManage,
    can: { viewparticipants: viewParticipants, managegroups: manageGroups, update: canUpdate, assignroles: assignRoles, viewallgrades: viewAllGrades, viewowngrades: viewOwnGrades },
    contextid: context.id,
    modtypes,
    sections: sections
      .filter((s) => s.visible || seeHiddenSections)
      .map((s) => ({
        id: s.id,
        section: s.section,
        name: formatString(s.name) || ctx.platform.strings.get(s.section === 0 ? 'general' : 'topic', 'moodle', s.section, ctx.lang),
        rawname: s.name,
        visible: s.visible,
        modules: s.modules
          .filter((m) => m.visible || seenHidden.has(m.id))
          .map((m) => ({
            id: m.id,
            modname: m.modname,
            instance: m.instance,
            name: formatString(m.name),
            rawname: m.name,
            visible: m.visible,
            url: `${wwwroot}/mod/${m.modname}/view.php?id=${m.id}`,
            groupmode: effectiveGroupMode(course, m),
          })),
      })),
  };
}
