import { NAV_TYPE } from '../../../api/navigation';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { categoryChain, categoryContents, myCourses, type CourseList } from './courses';
import { courseChildren, courseNode, navString, siteUrl } from './coursenodes';
import { coreIcon, node, type NavNode } from './nodes';
import type { PageTarget } from './page';
import { mayAdministerSite, siteAdminBranch } from './siteadmin';

type CategoryRow = Awaited<ReturnType<typeof categoryChain>>[number];

function coreString(ctx: CallContext, identifier: string): string {
  return ctx.platform.strings.get(identifier, 'moodle', undefined, ctx.lang);
}

export function categoryNode(category: CategoryRow): NavNode {
  // Category nodes carry no link: the site has no public category page, and Moodle drops their links by default.
  return node(NAV_TYPE.CATEGORY, category.id, formatString(category.name), { hidden: !category.visible });
}

/** A "more" leaf after a list cut at the course limit. */
function moreNode(ctx: CallContext, href: string): NavNode {
  return node(NAV_TYPE.CUSTOM, 'more', navString(ctx, 'morecourses'), { link: siteUrl(ctx, href), icon: coreIcon('i/more') });
}

/** Course nodes for a list, with a "more" link when the list was cut. */
export function courseListNodes(ctx: CallContext, list: CourseList, moreHref: string): NavNode[] {
  return [...list.courses.map((c) => courseNode(ctx, c.row, c.canenter)), ...(list.more ? [moreNode(ctx, moreHref)] : [])];
}

/** The page's own course, opened down to its sections and activities. */
async function currentCourseNode(ctx: CallContext, page: Required<Pick<PageTarget, 'course'>> & PageTarget): Promise<NavNode> {
  const course = courseNode(ctx, page.course.row, true);
  course.children = await courseChildren(ctx, page.course.row, page.course.context, { kind: 'all', cm: page.cm ? { id: page.cm.record.id, context: page.cm.context } : undefined });
  course.forceopen = true;
  return course;
}

/** A category's contents as nodes, its courses cut at the limit. */
async function categoryChildren(ctx: CallContext, categoryid: number): Promise<NavNode[]> {
  const { categories, courses } = await categoryContents(ctx, categoryid);
  return [...categories.map(categoryNode), ...courseListNodes(ctx, courses, '/course/search.php')];
}

/**
 * "Courses" opened along the categories down to the page's course, each category on the way loaded.
 * Where the way is closed (a hidden category) the course hangs under the last category reached.
 */
async function coursesTowards(ctx: CallContext, page: Required<Pick<PageTarget, 'course'>> & PageTarget): Promise<NavNode[]> {
  const top = await categoryChildren(ctx, 0);
  let level = top;
  for (const category of await categoryChain(ctx, page.course.row.category)) {
    const found = level.find((n) => n.type === NAV_TYPE.CATEGORY && n.key === category.id);
    if (!found) break;
    found.children = await categoryChildren(ctx, category.id);
    found.loaded = true;
    found.forceopen = true;
    level = found.children;
  }
  const current = await currentCourseNode(ctx, page);
  const index = level.findIndex((n) => n.type === NAV_TYPE.COURSE && n.key === page.course.row.id);
  if (index >= 0) level[index] = current;
  else level.push(current);
  return top;
}

/**
 * The navigation tree of a page: dashboard, site home, my courses, all courses and (for those who
 * may open any of it) site administration. The page's course opens under "My courses" when the
 * caller is enrolled in it, otherwise under "Courses" along its categories; everything else loads on
 * demand.
 */
export async function navigationTree(ctx: CallContext, page: PageTarget): Promise<NavNode[]> {
  const nodes: NavNode[] = [
    node(NAV_TYPE.SYSTEM, 'myhome', coreString(ctx, 'dashboard'), { link: siteUrl(ctx, '/my/'), icon: coreIcon('i/dashboard') }),
    node(NAV_TYPE.SYSTEM, 'home', navString(ctx, 'sitehome'), { link: siteUrl(ctx, '/'), icon: coreIcon('i/home') }),
  ];
  const mine = await myCourses(ctx);
  const mycourses = node(NAV_TYPE.ROOTNODE, 'mycourses', coreString(ctx, 'mycourses'), { expandable: true });
  const courses = node(NAV_TYPE.ROOTNODE, 'courses', coreString(ctx, 'courses'), { expandable: true });
  const course = page.course;
  if (course) {
    const withCourse = { ...page, course };
    if (mine.courses.some((c) => c.row.id === course.row.id)) {
      mycourses.children = courseListNodes(ctx, mine, '/my/');
      const index = mycourses.children.findIndex((n) => n.type === NAV_TYPE.COURSE && n.key === course.row.id);
      mycourses.children[index] = await currentCourseNode(ctx, withCourse);
      mycourses.loaded = true;
      mycourses.forceopen = true;
    } else {
      courses.children = await coursesTowards(ctx, withCourse);
      courses.loaded = true;
      courses.forceopen = true;
    }
  }
  nodes.push(mycourses, courses);
  if (await mayAdministerSite(ctx)) nodes.push(siteAdminBranch(ctx));
  return nodes;
}

/** "My courses" loaded: the caller's courses, cut at the limit. */
export async function myCoursesBranch(ctx: CallContext): Promise<NavNode> {
  const mycourses = node(NAV_TYPE.ROOTNODE, 'mycourses', coreString(ctx, 'mycourses'));
  mycourses.children = courseListNodes(ctx, await myCourses(ctx), '/my/');
  return mycourses;
}

/** "Courses" loaded: the top categories and any course outside a category. */
export async function coursesBranch(ctx: CallContext): Promise<NavNode> {
  const courses = node(NAV_TYPE.ROOTNODE, 'courses', coreString(ctx, 'courses'));
  courses.children = await categoryChildren(ctx, 0);
  return courses;
}

/** A category loaded: its subcategories and courses. */
export async function categoryBranch(ctx: CallContext, category: CategoryRow): Promise<NavNode> {
  const n = categoryNode(category);
  n.children = await categoryChildren(ctx, category.id);
  return n;
}
