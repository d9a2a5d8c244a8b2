import { NAV_TYPE } from '../../../api/navigation';
import type { Context } from '../../platform/access/types';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { hiddenModulesSeen, type CourseRow } from '../course/access';
import { courseSections, type SectionWithModules } from '../course/service';
import { pageAdmits } from './guards';
import { hasModuleLinks, moduleLinks } from './modulelinks';
import { coreIcon, node, type NavNode } from './nodes';

export const COMPONENT = 'block_navigation';

/** Module types that hold content rather than ask for work: Moodle's resource archetype (node type 50). */
const RESOURCE_MODULES: ReadonlySet<string> = new Set(['page', 'url', 'resource', 'folder', 'book', 'label', 'imscp']);

type ModuleEntry = SectionWithModules['modules'][number] & { shown: boolean };
type SectionEntry = Omit<SectionWithModules, 'modules'> & { modules: ModuleEntry[] };

/** A site path as an absolute address, as every node link is sent. */
export function siteUrl(ctx: CallContext, path: string): string {
  return `${ctx.platform.config.wwwroot}${path}`;
}

export function navString(ctx: CallContext, identifier: string, a?: unknown): string {
  return ctx.platform.strings.get(identifier, COMPONENT, a, ctx.lang);
}

/**
 * The course's sections and activities as the caller may see them: hidden sections only with
 * moodle/course:viewhiddensections; an activity that is hidden, or sits in a hidden section, only with
 * moodle/course:viewhiddenactivities in its own context (requireModuleAccess's rule, so nothing listed
 * refuses to open). `shown` is false for what the caller sees although students do not.
 */
export async function visibleSections(ctx: CallContext, courseid: number, context: Context): Promise<SectionEntry[]> {
  const sections = await courseSections(ctx.db, courseid, ctx.platform.components);
  const seeHiddenSections = await ctx.access.hasCapability('moodle/course:viewhiddensections', context);
  const hidden = sections.flatMap((s) => s.modules.filter((m) => !m.visible || !s.visible).map((m) => m.id));
  const seen = await hiddenModulesSeen(ctx, hidden);
  return sections
    .filter((s) => s.visible || seeHiddenSections)
    .map((s) => ({
      ...s,
      modules: s.modules.filter((m) => (m.visible && s.visible) || seen.has(m.id)).map((m) => ({ ...m, shown: Boolean(m.visible && s.visible) })),
    }));
}

export function sectionName(ctx: CallContext, section: { section: number; name: string }): string {
  return formatString(section.name) || ctx.platform.strings.get(section.section === 0 ? 'general' : 'topic', 'moodle', section.section, ctx.lang);
}

export function activityNode(ctx: CallContext, m: ModuleEntry): NavNode {
  return node(RESOURCE_MODULES.has(m.modname) ? NAV_TYPE.RESOURCE : NAV_TYPE.ACTIVITY, m.id, formatString(m.name), {
    link: siteUrl(ctx, `/mod/${m.modname}/view.php?id=${m.id}`),
    icon: { pix: 'monologo', component: `mod_${m.modname}`, alt: ctx.platform.strings.get('modulename', `mod_${m.modname}`, undefined, ctx.lang), classes: ['activityicon'] },
    hidden: !m.shown,
    expandable: hasModuleLinks(m.modname),
  });
}

/** The activity's own pages the caller may open, as children of its node. */
export async function activityChildren(ctx: CallContext, modname: string, cmid: number, modcontext: Context): Promise<NavNode[]> {
  const links = await moduleLinks(ctx, modname, cmid, modcontext);
  return links.map((l) => node(NAV_TYPE.SETTING, l.key, navString(ctx, l.string), { link: siteUrl(ctx, l.href), icon: coreIcon('i/settings') }));
}

export function sectionNode(ctx: CallContext, courseid: number, s: SectionEntry, children: NavNode[] | null): NavNode {
  return node(NAV_TYPE.SECTION, s.id, sectionName(ctx, s), {
    link: siteUrl(ctx, `/course/view.php?id=${courseid}#section-${s.section}`),
    hidden: !s.visible,
    icon: coreIcon('i/section'),
    children: children ?? [],
    // Not yet loaded: a branch when it holds something the caller may see.
    expandable: children === null && s.modules.length > 0,
  });
}

export function courseNode(ctx: CallContext, row: CourseRow, canenter: boolean): NavNode {
  return node(NAV_TYPE.COURSE, row.id, formatString(row.shortname), {
    title: formatString(row.fullname),
    link: siteUrl(ctx, `/course/view.php?id=${row.id}`),
    hidden: !row.visible,
    icon: coreIcon('i/course'),
    expandable: canenter,
  });
}

/** Participants and grades: the course pages listed above its sections, when they would open. */
async function courseEssentials(ctx: CallContext, courseid: number): Promise<NavNode[]> {
  const out: NavNode[] = [];
  const participants = `/user/index.php?id=${courseid}`;
  if (await pageAdmits(ctx, participants)) {
    out.push(node(NAV_TYPE.CONTAINER, 'participants', navString(ctx, 'participants'), { link: siteUrl(ctx, participants), icon: coreIcon('i/users') }));
  }
  for (const grades of [`/grade/report/grader/index.php?id=${courseid}`, `/grade/report/user/index.php?id=${courseid}`]) {
    if (await pageAdmits(ctx, grades)) {
      out.push(node(NAV_TYPE.SETTING, 'grades', navString(ctx, 'grades'), { link: siteUrl(ctx, grades), icon: coreIcon('i/grades') }));
      break;
    }
  }
  return out;
}

/** How much of a course to load: everything for the page's own course (opening the way to its activity), else sections only. */
export type CourseDepth = { kind: 'sections' } | { kind: 'all'; cm?: { id: number; context: Context } };

/**
 * What a course holds: its essentials and its sections. For the page's own course every section
 * comes with its activities, the current activity's section opens and the activity itself opens with
 * its own pages; otherwise sections load on demand.
 */
export async function courseChildren(ctx: CallContext, course: CourseRow, context: Context, depth: CourseDepth): Promise<NavNode[]> {
  const [essentials, sections] = await Promise.all([courseEssentials(ctx, course.id), visibleSections(ctx, course.id, context)]);
  const nodes: NavNode[] = [];
  for (const s of sections) {
    if (depth.kind === 'sections') {
      nodes.push(sectionNode(ctx, course.id, s, null));
      continue;
    }
    const cm = depth.cm;
    const activities: NavNode[] = [];
    for (const m of s.modules) {
      const activity = activityNode(ctx, m);
      if (cm && m.id === cm.id) {
        activity.children = await activityChildren(ctx, m.modname, m.id, cm.context);
        activity.loaded = true;
        activity.forceopen = true;
      }
      activities.push(activity);
    }
    const section = sectionNode(ctx, course.id, s, activities);
    section.forceopen = cm !== undefined && s.modules.some((m) => m.id === cm.id);
    nodes.push(section);
  }
  return [...essentials, ...nodes];
}
