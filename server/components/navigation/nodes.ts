import { NAV_TYPE, type NavIcon, type NavNodeJson, type NavType } from '../../../api/navigation';

/** One node of a navigation or settings tree while it is built. */
export interface NavNode {
  key: string | number;
  type: NavType;
  /** Display text, already cleaned (HTML-escaped plain text). */
  name: string;
  link?: string;
  icon?: NavIcon;
  /** A longer name for the tooltip (a course's full name beside its short name). */
  title?: string;
  /** Hidden from students but shown to this user: drawn dimmed. */
  hidden?: boolean;
  classes?: string[];
  children: NavNode[];
  /** A branch whose children were not loaded: the client asks the branch endpoint for them. */
  expandable?: boolean;
  /** Open when the tree is first drawn: the way down to the current page. */
  forceopen?: boolean;
  /** Its children were fetched: not lazy any more however few it has, so an empty one shows as empty. */
  loaded?: boolean;
}

/** CSS class names per node type (`type_<name>`, reference §5.1). */
const TYPE_CLASS: Partial<Record<NavType, string>> = {
  [NAV_TYPE.SYSTEM]: 'system',
  [NAV_TYPE.CATEGORY]: 'category',
  [NAV_TYPE.MY_CATEGORY]: 'category',
  [NAV_TYPE.COURSE]: 'course',
  [NAV_TYPE.SECTION]: 'structure',
  [NAV_TYPE.ACTIVITY]: 'activity',
  [NAV_TYPE.RESOURCE]: 'resource',
  [NAV_TYPE.CUSTOM]: 'custom',
  [NAV_TYPE.SETTING]: 'setting',
  [NAV_TYPE.SITE_ADMIN]: 'siteadmin',
  [NAV_TYPE.USER]: 'user',
  [NAV_TYPE.CONTAINER]: 'container',
};

/** Categories and site administration are branches even before anything is loaded in them. */
const ALWAYS_BRANCH: ReadonlySet<NavType> = new Set([NAV_TYPE.CATEGORY, NAV_TYPE.MY_CATEGORY, NAV_TYPE.SITE_ADMIN]);

export function node(type: NavType, key: string | number, name: string, fields: Partial<Omit<NavNode, 'type' | 'key' | 'name'>> = {}): NavNode {
  return { type, key, name, children: [], ...fields };
}

/** A core icon (`i/…`) with no text of its own: the node's name labels it. */
export function coreIcon(pix: string): NavIcon {
  return { pix, component: 'core', alt: '', classes: ['navicon'] };
}

/** The id a lazily loaded branch is known by, in the DOM and in the expanded-branches preference. */
export function branchId(type: NavType, key: string | number): string {
  return `expandable_branch_${type}_${key}`;
}

/** The node as the wire carries it (reference §5.2). */
export function toJson(n: NavNode): NavNodeJson {
  const branch = n.children.length > 0 || n.expandable === true || ALWAYS_BRANCH.has(n.type);
  const lazy = n.loaded !== true && branch && n.children.length === 0;
  const children = n.children.map((child) => toJson(child));
  const classes = [`type_${TYPE_CLASS[n.type] ?? 'unknown'}`, ...(n.classes ?? []), ...(children.some((c) => c.requiresajaxloading) ? ['canexpand'] : [])];
  return {
    id: lazy ? branchId(n.type, n.key) : null,
    name: n.name,
    type: n.type,
    key: n.key,
    class: classes.join(' '),
    requiresajaxloading: lazy,
    ...(n.icon ? { icon: n.icon } : {}),
    ...(n.title && n.title !== n.name ? { title: n.title } : {}),
    ...(lazy ? { expandable: n.key } : {}),
    ...(n.link ? { link: n.link } : {}),
    hidden: n.hidden === true,
    haschildren: branch,
    ...(n.forceopen ? { forceopen: true } : {}),
    ...(children.length ? { children } : {}),
  };
}
