import { z } from 'zod';
import { contract } from './contract';
import { wsInt } from './types';

/** Node types of the navigation and settings trees (Moodle's navigation_node constants). */
export const NAV_TYPE = {
  ROOTNODE: 0,
  SYSTEM: 1,
  CATEGORY: 10,
  MY_CATEGORY: 11,
  COURSE: 20,
  SECTION: 30,
  ACTIVITY: 40,
  RESOURCE: 50,
  CUSTOM: 60,
  SETTING: 70,
  SITE_ADMIN: 71,
  USER: 80,
  CONTAINER: 90,
} as const;
export type NavType = (typeof NAV_TYPE)[keyof typeof NAV_TYPE];

/** The block names this component serves. */
export const BLOCK_NAVIGATION = 'navigation';
export const BLOCK_SETTINGS = 'settings';

/** The POST endpoints that answer one branch of a tree as node JSON. */
export const NAV_BRANCH_URL = '/lib/ajax/getnavbranch.php';
export const SITE_ADMIN_BRANCH_URL = '/lib/ajax/getsiteadminbranch.php';

/** User preferences the blocks keep (Moodle's names for hidden and docked). */
export const blockHiddenPreference = (instanceid: number) => `block${instanceid}hidden`;
export const blockDockedPreference = (instanceid: number) => `docked_block_instance_${instanceid}`;
export const blockExpandedPreference = (instanceid: number) => `block${instanceid}expanded`;
/** How many expanded branches a tree remembers; older ones are forgotten first. */
export const EXPANDED_MEMORY = 40;

export const navIconSchema = z.object({
  /** The icon's name in its component (`monologo` for an activity type, `i/…` for core icons). */
  pix: z.string(),
  component: z.string(),
  alt: z.string(),
  classes: z.array(z.string()),
});
export type NavIcon = z.infer<typeof navIconSchema>;

/** One node as the branch endpoints and the tree methods send it (reference §5.2). */
export interface NavNodeJson {
  /** null, except for nodes whose children load on demand: `expandable_branch_<type>_<key>`. */
  id: string | null;
  name: string;
  type: number | null;
  key: string | number;
  class: string;
  requiresajaxloading: boolean;
  icon?: NavIcon;
  title?: string;
  expandable?: string | number;
  link?: string;
  hidden: boolean;
  haschildren: boolean;
  /** Open when the tree is first shown (the way to the current page). */
  forceopen?: boolean;
  /** A node the user cannot see is sent as an empty string; clients skip anything that is not a node. */
  children?: Array<NavNodeJson | ''>;
}

export const navNodeSchema: z.ZodType<NavNodeJson> = z.object({
  id: z.string().nullable(),
  name: z.string(),
  type: z.number().nullable(),
  key: z.union([z.string(), z.number()]),
  class: z.string(),
  requiresajaxloading: z.boolean(),
  icon: navIconSchema.optional(),
  title: z.string().optional(),
  expandable: z.union([z.string(), z.number()]).optional(),
  link: z.string().optional(),
  hidden: z.boolean(),
  haschildren: z.boolean(),
  forceopen: z.boolean().optional(),
  get children() {
    return z.array(z.union([navNodeSchema, z.literal('')])).optional();
  },
});

/** The top nodes of a tree, described for the documentation page (the node schema refers to itself). */
const treeNodes = z
  .array(navNodeSchema)
  .describe('Nodes: id, name, type, key, class, requiresajaxloading, icon {pix, component, alt, classes}, title, expandable, link, hidden, haschildren, forceopen, children (nodes, or empty strings for hidden ones).');

/** Which page the blocks are shown on: its course, activity or context (0 for none). */
const pageArgs = {
  instanceid: wsInt,
  courseid: wsInt.default(0),
  cmid: wsInt.default(0),
  contextid: wsInt.default(0),
};

export const blockInstanceSchema = z.object({
  instanceid: z.number(),
  blockname: z.string(),
  /** side-pre: the block column beside the page. */
  region: z.string(),
  weight: z.number(),
  /** Collapsed to its header (preference `block<id>hidden`). */
  hidden: z.boolean(),
  /** Moved to the dock (preference `docked_block_instance_<id>`). */
  docked: z.boolean(),
});
export type BlockInstance = z.infer<typeof blockInstanceSchema>;

export const blockNavigationGetPageBlocks = contract({
  name: 'block_navigation_get_page_blocks',
  component: 'block_navigation',
  description: 'The blocks shown beside every page, in order, with whether the caller has collapsed or docked each.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({}),
  returns: z.object({ blocks: z.array(blockInstanceSchema) }),
});

export const blockNavigationGetNavigation = contract({
  name: 'block_navigation_get_navigation',
  component: 'block_navigation',
  description:
    "The navigation tree for a page: dashboard, site home, my courses, courses, and site administration for those who may open any of it. The page's course is opened down to its sections and activities; other branches load on demand from /lib/ajax/getnavbranch.php. Also answers which branches the caller left expanded.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewhiddencourses', 'moodle/course:viewhiddensections', 'moodle/course:viewhiddenactivities'],
  args: z.strictObject(pageArgs),
  returns: z.object({ nodes: treeNodes, expanded: z.array(z.string()) }),
});

export const blockSettingsGetSettings = contract({
  name: 'block_settings_get_settings',
  component: 'block_settings',
  description:
    "The settings tree for a page: activity administration, course administration, the caller's own profile settings and site administration (loaded on demand, or at once and opened on one of its own pages, given by pageurl). Each entry is listed only when its page would admit the caller. Also answers which branches the caller left expanded.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:manageactivities', 'moodle/role:review', 'moodle/site:config'],
  args: z.strictObject({
    ...pageArgs,
    /** The page's path and query on this site, for a page outside any course. */
    pageurl: z.string().max(2000).regex(/^(\/([^/\\][\s\S]*)?)?$/, 'a path on this site').default(''),
  }),
  returns: z.object({ nodes: treeNodes, expanded: z.array(z.string()) }),
});
