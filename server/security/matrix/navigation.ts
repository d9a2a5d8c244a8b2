import { BLOCK_NAVIGATION, BLOCK_SETTINGS, type NavNodeJson } from '../../../api/navigation';
import { LOGGED_IN, SITE_MANAGERS, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

async function instanceOf(fx: MatrixFixture, blockname: string): Promise<number> {
  const row = await fx.site.platform.db.selectFrom('block_instances').select('id').where('blockname', '=', blockname).executeTakeFirstOrThrow();
  return row.id;
}

/** Every node of a tree, depth first. */
function walk(nodes: ReadonlyArray<NavNodeJson | ''>): NavNodeJson[] {
  return nodes.flatMap((n) => (n === '' ? [] : [n, ...walk(n.children ?? [])]));
}

/** Those the course MX101 admits: its members, and managers and admins through moodle/course:view. */
const IN_COURSE: readonly MatrixRole[] = ['student', 'teacher', 'editingteacher', 'manager', 'admin'];

export const navigationDeclarations: PermissionDeclarations = {
  block_navigation_get_page_blocks: {
    allowed: LOGGED_IN,
    args: () => ({}),
  },
  block_navigation_get_navigation: {
    allowed: LOGGED_IN,
    args: async (fx) => ({ instanceid: await instanceOf(fx, BLOCK_NAVIGATION), courseid: fx.courseid }),
    check: (data, role, fx) => {
      const nodes = walk((data as { nodes: NavNodeJson[] }).nodes);
      const course = nodes.find((n) => n.type === 20 && n.key === fx.courseid);
      if ((course?.forceopen === true) !== IN_COURSE.includes(role)) return 'the page course is opened for the wrong callers';
      const admin = nodes.some((n) => n.key === 'siteadministration');
      return admin === SITE_MANAGERS.includes(role) ? null : 'site administration is offered to the wrong callers';
    },
  },
  block_settings_get_settings: {
    allowed: LOGGED_IN,
    args: async (fx) => ({ instanceid: await instanceOf(fx, BLOCK_SETTINGS), courseid: fx.courseid }),
    check: (data, role) => {
      const nodes = walk((data as { nodes: NavNodeJson[] }).nodes);
      const edit = nodes.some((n) => n.key === 'editsettings');
      const editors: readonly MatrixRole[] = ['editingteacher', 'manager', 'admin'];
      return edit === editors.includes(role) ? null : "the course's settings page is offered to the wrong callers";
    },
  },
};
