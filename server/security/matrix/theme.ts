import { ADMIN_ONLY, COURSE_MEMBERS, LOGGED_IN, REAL_USERS, type MatrixFixture, type PermissionDeclarations } from './types';

const SEARCHED_SECTION = 'Matrix searchable week';
const SITE_CONFIG = 'Theme settings need moodle/site:config in the system context, which only the site administrator holds.';

/** The current settings' revision, read by the admin, so a save is based on the latest settings. */
async function currentRevision(fx: MatrixFixture): Promise<number> {
  return (await fx.admin<{ revision: number }>('theme_essential_get_settings', {})).revision;
}

export const themeDeclarations: PermissionDeclarations = {
  theme_essential_get_carousel: {
    allowed: LOGGED_IN,
    why: 'The front page (and its carousel) is for everyone who is logged in, the guest included.',
    args: () => ({}),
  },
  theme_essential_get_settings: { allowed: ADMIN_ONLY, why: SITE_CONFIG, args: () => ({}) },
  theme_essential_save_settings: {
    allowed: ADMIN_ONLY,
    why: SITE_CONFIG,
    args: async (fx) => ({
      revision: await currentRevision(fx),
      slideinterval: 6000,
      slideright: false,
      oldnavbar: false,
      navbarscrollupamount: 250,
      defaultcolours: 'default',
      colourswitcher: true,
      slides: [{ id: 0, title: `Matrix slide ${fx.unique()}`, caption: 'Welcome', url: '/my/' }],
    }),
  },
  theme_essential_set_colour_scheme: {
    allowed: REAL_USERS,
    why: "Each person's own preference. The guest account is shared by every visitor, so it keeps the site's scheme (noguestcolours).",
    refusals: ['noguestcolours'],
    args: () => ({ scheme: 'alternative2' }),
  },
  theme_essential_course_item_search: {
    allowed: COURSE_MEMBERS,
    why: 'The course page search answers those who may open MX101: its members, managers and the admin.',
    // Other declarations rename MX101's sections; name the first one afresh before each call.
    args: async (fx) => {
      await fx.site.platform.db.updateTable('course_sections').set({ name: SEARCHED_SECTION }).where('course', '=', fx.courseid).where('section', '=', 1).execute();
      return { courseid: fx.courseid, term: 'searchable' };
    },
    check: (data) => {
      const { items } = data as { items: Array<{ name: string; type: string }> };
      return items.some((i) => i.name === SEARCHED_SECTION && i.type === 'section') ? null : `the section "${SEARCHED_SECTION}" is not found`;
    },
  },
};
