import { NAV_TYPE } from '../../../api/navigation';
import { getSystemContext } from '../../platform/access/contexts';
import type { CallContext } from '../../ws/method';
import { siteUrl } from './coursenodes';
import { pageAdmits } from './guards';
import { coreIcon, node, type NavNode } from './nodes';

/** A site administration page: its name (a core string) and address. */
export interface SiteAdminTool {
  name: string;
  href: string;
  /** Checked in the system context besides the page's guard, for pages that serve more than administration. */
  capability?: string;
}

/**
 * The site administration tree: the same categories and tools, with the same core strings, as the
 * site administration page lists (web/components/admin/tools.ts; a test keeps the two alike).
 */
export const SITE_ADMIN_TREE: ReadonlyArray<{ name: string; tools: readonly SiteAdminTool[] }> = [
  { name: 'adminsearchcategory', tools: [{ name: 'searchadmin', href: '/admin/search.php' }] },
  {
    name: 'users',
    tools: [
      { name: 'userlist', href: '/admin/user.php' },
      { name: 'addnewuser', href: '/user/editadvanced.php?id=-1' },
      { name: 'uploadusers', href: '/admin/tool/uploaduser/index.php' },
      { name: 'cohorts', href: '/cohort/index.php' },
      { name: 'showuseridentity', href: '/admin/settings.php?section=identity' },
    ],
  },
  {
    name: 'permissions',
    tools: [
      { name: 'defineroles', href: '/admin/roles/manage.php' },
      { name: 'assignglobalroles', href: '/admin/roles/assign.php?contextid=1' },
      { name: 'checksystempermissions', href: '/admin/roles/check.php' },
    ],
  },
  {
    name: 'courses',
    tools: [
      { name: 'coursemgmt', href: '/course/management.php' },
      { name: 'addnewcourse', href: '/course/edit.php' },
      { name: 'addcategory', href: '/course/editcategory.php' },
    ],
  },
  {
    name: 'competencies',
    // Everyone may browse frameworks; administering them is for those who manage competencies.
    tools: [
      { name: 'competencyframeworks', href: '/admin/tool/lp/competencyframeworks.php?pagecontextid=1', capability: 'moodle/competency:competencymanage' },
      { name: 'learningplantemplates', href: '/admin/tool/lp/learningplans.php?pagecontextid=1', capability: 'moodle/competency:templatemanage' },
    ],
  },
  { name: 'plugins', tools: [{ name: 'manageexternaltools', href: '/mod/lti/toolconfigure.php' }] },
  {
    name: 'reports',
    // The reports index opens for every user (it lists what each may run); administering reports is for report managers.
    tools: [{ name: 'customsqlreports', href: '/blocks/configurable_reports/managereport.php', capability: 'block/configurable_reports:managereports' }],
  },
  { name: 'language', tools: [{ name: 'languagesettings', href: '/admin/settings.php?section=langsettings' }] },
  {
    name: 'appearance',
    tools: [
      { name: 'themesettings', href: '/theme/essential/settings.php' },
      { name: 'managetags', href: '/tag/manage.php' },
    ],
  },
  { name: 'webservices', tools: [{ name: 'wsdocumentation', href: '/admin/webservice/documentation.php' }] },
  { name: 'development', tools: [{ name: 'templatelibrary', href: '/admin/tool/templatelibrary/index.php' }] },
];

/** The key of the site administration node in both trees. */
export const SITE_ADMIN_KEY = 'siteadministration';

/**
 * The tools the caller may open: each page's guard, and the tool's own capability where it has one.
 * `first` stops at the first one found, for asking whether there is any.
 */
async function admittedTools(ctx: CallContext, first = false): Promise<Set<string>> {
  const system = await getSystemContext(ctx.db);
  const open = new Set<string>();
  for (const tool of SITE_ADMIN_TREE.flatMap((c) => c.tools)) {
    if (tool.capability && !(await ctx.access.hasCapability(tool.capability, system))) continue;
    if (await pageAdmits(ctx, tool.href)) open.add(tool.href);
    if (first && open.size > 0) break;
  }
  return open;
}

function rootNode(ctx: CallContext): NavNode {
  return node(NAV_TYPE.SITE_ADMIN, SITE_ADMIN_KEY, ctx.platform.strings.get('administrationsite', 'moodle', undefined, ctx.lang), {
    link: siteUrl(ctx, '/admin/'),
  });
}

/** Whether the caller may open any site administration page: only then do the trees show the branch. */
export async function mayAdministerSite(ctx: CallContext): Promise<boolean> {
  if (await ctx.access.isSiteAdmin()) return true;
  return (await admittedTools(ctx, true)).size > 0;
}

/** The site administration node, unloaded: it loads from /lib/ajax/getsiteadminbranch.php. */
export function siteAdminBranch(ctx: CallContext): NavNode {
  return rootNode(ctx);
}

/** The tool a page address is (same path, and every parameter of the tool's address), if any. */
function toolAt(pageurl: string): SiteAdminTool | undefined {
  if (!pageurl) return undefined;
  const page = new URL(pageurl, 'http://site.invalid');
  return SITE_ADMIN_TREE.flatMap((c) => c.tools).find((tool) => {
    const url = new URL(tool.href, 'http://site.invalid');
    return url.pathname === page.pathname && [...url.searchParams].every(([key, value]) => page.searchParams.get(key) === value);
  });
}

/**
 * Site administration for the settings tree: on one of its own pages loaded and opened down to that
 * page, elsewhere left to load on demand.
 */
export async function siteAdminForPage(ctx: CallContext, pageurl: string): Promise<NavNode> {
  const tool = toolAt(pageurl);
  if (!tool) return siteAdminBranch(ctx);
  const tree = await siteAdminTree(ctx);
  tree.loaded = true;
  tree.forceopen = true;
  for (const category of tree.children) category.forceopen = category.children.some((t) => t.key === tool.name);
  return tree;
}

/**
 * The whole site administration tree for the caller: the categories that hold a tool they may open,
 * each with those tools. Empty when they may open none.
 */
export async function siteAdminTree(ctx: CallContext): Promise<NavNode> {
  const open = await admittedTools(ctx);
  const root = rootNode(ctx);
  const string = (id: string) => ctx.platform.strings.get(id, 'moodle', undefined, ctx.lang);
  for (const category of SITE_ADMIN_TREE) {
    const tools = category.tools.filter((t) => open.has(t.href));
    if (tools.length === 0) continue;
    root.children.push(
      node(NAV_TYPE.SETTING, category.name, string(category.name), {
        children: tools.map((t) => node(NAV_TYPE.SETTING, t.name, string(t.name), { link: siteUrl(ctx, t.href), icon: coreIcon('i/settings') })),
      }),
    );
  }
  return root;
}
