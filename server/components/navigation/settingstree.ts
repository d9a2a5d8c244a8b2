import { NAV_TYPE, type NavType } from '../../../api/navigation';
import type { Context } from '../../platform/access/types';
import type { CallContext } from '../../ws/method';
import { navString, siteUrl } from './coursenodes';
import { pageAdmits } from './guards';
import { moduleLinks } from './modulelinks';
import { coreIcon, node, type NavNode } from './nodes';
import type { PageTarget } from './page';
import { mayAdministerSite, siteAdminForPage } from './siteadmin';

/** A settings entry: a page, or a group of entries. */
type Entry = { key: string; string: string; href: string; capability?: string; icon?: string } | { key: string; string: string; group: Entry[] };

/**
 * The entries for which the caller may open the page (and holds the entry's capability in
 * `context`), groups kept only when something is left in them.
 */
async function admitted(ctx: CallContext, entries: readonly Entry[], context: Context | null): Promise<NavNode[]> {
  const out: NavNode[] = [];
  for (const entry of entries) {
    if ('group' in entry) {
      const children = await admitted(ctx, entry.group, context);
      if (children.length) out.push(node(NAV_TYPE.CONTAINER, entry.key, navString(ctx, entry.string), { children }));
      continue;
    }
    if (entry.capability && (!context || !(await ctx.access.hasCapability(entry.capability, context)))) continue;
    if (!(await pageAdmits(ctx, entry.href))) continue;
    out.push(node(NAV_TYPE.SETTING, entry.key, navString(ctx, entry.string), { link: siteUrl(ctx, entry.href), icon: coreIcon(entry.icon ?? 'i/settings') }));
  }
  return out;
}

/** Role pages of a context: who holds which role there, its overrides, and a permission check. */
function roleEntries(contextid: number): Entry[] {
  return [
    { key: 'roleassign', string: 'assignedroles', href: `/admin/roles/assign.php?contextid=${contextid}`, icon: 'i/users' },
    { key: 'roleoverride', string: 'permissions', href: `/admin/roles/permissions.php?contextid=${contextid}`, icon: 'i/permissions' },
    { key: 'rolecheck', string: 'checkpermissions', href: `/admin/roles/check.php?contextid=${contextid}`, icon: 'i/checkpermissions' },
  ];
}

function courseEntries(courseid: number, contextid: number): Entry[] {
  return [
    { key: 'editsettings', string: 'editsettings', href: `/course/edit.php?id=${courseid}` },
    {
      key: 'users',
      string: 'users',
      group: [
        { key: 'participants', string: 'participants', href: `/user/index.php?id=${courseid}`, icon: 'i/users' },
        { key: 'groups', string: 'groups', href: `/group/index.php?id=${courseid}`, icon: 'i/group' },
        { key: 'groupings', string: 'groupings', href: `/group/groupings.php?id=${courseid}`, icon: 'i/group' },
        ...roleEntries(contextid),
      ],
    },
    { key: 'gradebook', string: 'grades', href: `/grade/report/grader/index.php?id=${courseid}`, icon: 'i/grades' },
    { key: 'questionbank', string: 'questionbank', href: `/question/edit.php?courseid=${courseid}`, icon: 'i/questions' },
    { key: 'reports', string: 'reports', href: `/blocks/configurable_reports/managereport.php?courseid=${courseid}`, capability: 'block/configurable_reports:viewreports', icon: 'i/report' },
  ];
}

function activityEntries(cmid: number, contextid: number): Entry[] {
  return [{ key: 'modedit', string: 'editsettings', href: `/course/modedit.php?update=${cmid}` }, ...roleEntries(contextid)];
}

const PROFILE_ENTRIES: readonly Entry[] = [
  { key: 'profile', string: 'profile', href: '/user/profile.php', icon: 'i/user' },
  { key: 'editprofile', string: 'editmyprofile', href: '/user/edit.php', icon: 'i/edit' },
  { key: 'preferences', string: 'preferences', href: '/user/preferences.php' },
  { key: 'language', string: 'preferredlanguage', href: '/user/language.php', icon: 'i/language' },
];

function group(type: NavType, key: string, name: string, children: NavNode[], forceopen: boolean): NavNode {
  return node(type, key, name, { children, forceopen });
}

/**
 * The settings tree of a page: the activity's administration, the course's, the caller's own profile
 * settings, and site administration for those who may open any of it (loaded on demand, unless the
 * page is one of its own). The part for the page itself opens; each entry is there only when its
 * page would admit the caller.
 */
export async function settingsTree(ctx: CallContext, page: PageTarget, pageurl: string): Promise<NavNode[]> {
  const nodes: NavNode[] = [];
  if (page.cm) {
    const { record, context } = page.cm;
    const own = await moduleLinks(ctx, record.modname, record.id, context);
    const children = [
      ...own.map((l) => node(NAV_TYPE.SETTING, l.key, navString(ctx, l.string), { link: siteUrl(ctx, l.href), icon: coreIcon('i/settings') })),
      ...(await admitted(ctx, activityEntries(record.id, context.id), context)),
    ];
    if (children.length) nodes.push(group(NAV_TYPE.SETTING, 'modulesettings', navString(ctx, 'activityadministration'), children, true));
  }
  if (page.course) {
    const children = await admitted(ctx, courseEntries(page.course.row.id, page.course.context.id), page.course.context);
    if (children.length) nodes.push(group(NAV_TYPE.COURSE, 'courseadmin', navString(ctx, 'courseadministration'), children, !page.cm));
  }
  const profile = await admitted(ctx, PROFILE_ENTRIES, null);
  const admin = (await mayAdministerSite(ctx)) ? await siteAdminForPage(ctx, pageurl) : undefined;
  if (profile.length) nodes.push(group(NAV_TYPE.USER, 'usercurrentsettings', navString(ctx, 'myprofilesettings'), profile, !page.course && !admin?.forceopen));
  if (admin) nodes.push(admin);
  return nodes;
}
