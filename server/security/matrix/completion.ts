import { COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, type MatrixFixture, type PermissionDeclarations } from './types';

interface Added {
  cmid: number;
  instance: number;
}

/** MX101 with completion tracking on and a page learners tick by hand. */
function manualPage(fx: MatrixFixture): Promise<Added> {
  return fx.once('completion:manualpage', async () => {
    await fx.admin('core_course_update_courses', { courses: [{ id: fx.courseid, enablecompletion: 1 }] });
    const page = await fx.admin<Added>('mod_page_add_instance', { courseid: fx.courseid, section: 1, name: 'Matrix completion page', content: '<p>Tick me</p>' });
    await fx.admin('core_completion_update_module_settings', { courseid: fx.courseid, cmids: [page.cmid], completion: 1 });
    return page;
  });
}

const viewedUrl = (fx: MatrixFixture) =>
  fx.once('completion:url', () => fx.admin<Added>('mod_url_add_instance', { courseid: fx.courseid, section: 1, name: 'Matrix viewed link', externalurl: 'https://example.org/viewed' }));

const viewedAssign = (fx: MatrixFixture) =>
  fx.once('completion:assign', () => fx.admin<Added>('mod_assign_add_instance', { courseid: fx.courseid, section: 1, name: 'Matrix viewed assignment', grade: 10, onlinetext_enabled: 1 }));

export const completionDeclarations: PermissionDeclarations = {
  core_completion_update_activity_completion_status_manually: {
    allowed: ['student'],
    why: 'Only tracked users (enrolled with moodle/course:isincompletionreports: learners) tick activities; staff are not tracked.',
    refusals: ['nottracked'],
    args: async (fx) => ({ cmid: (await manualPage(fx)).cmid, completed: true }),
  },
  core_completion_get_activities_completion_status: {
    allowed: COURSE_MEMBERS,
    why: "The MX101 student reads their own; staff, managers and the admin read it with report/progress:view.",
    args: async (fx) => {
      await manualPage(fx);
      return { courseid: fx.courseid, userid: fx.users.student };
    },
  },
  core_completion_get_course_completion_status: {
    allowed: COURSE_MEMBERS,
    why: "The MX101 student reads their own; staff, managers and the admin read it with report/progress:view.",
    args: async (fx) => {
      await manualPage(fx);
      return { courseid: fx.courseid, userid: fx.users.student };
    },
  },
  core_completion_override_activity_completion_status: {
    allowed: COURSE_STAFF,
    why: 'moodle/course:overridecompletion: teachers, managers and the admin.',
    args: async (fx) => ({ userid: fx.users.student, cmid: (await manualPage(fx)).cmid, newstate: 1 }),
  },
  core_completion_get_module_settings: {
    allowed: COURSE_EDITORS,
    args: async (fx) => {
      await manualPage(fx);
      return { courseid: fx.courseid };
    },
  },
  core_completion_update_module_settings: {
    allowed: COURSE_EDITORS,
    why: 'Changing activities needs moodle/course:manageactivities.',
    args: async (fx) => ({ courseid: fx.courseid, cmids: [(await manualPage(fx)).cmid], completion: 1 }),
  },
  mod_page_view_page: {
    allowed: COURSE_MEMBERS,
    why: 'Everyone who may enter MX101 may view its visible page (mod/page:view); guests may not write to the log.',
    args: async (fx) => ({ pageid: (await manualPage(fx)).instance }),
  },
  mod_url_view_url: {
    allowed: COURSE_MEMBERS,
    why: 'Everyone who may enter MX101 may view its visible link (mod/url:view); guests may not write to the log.',
    args: async (fx) => ({ urlid: (await viewedUrl(fx)).instance }),
  },
  mod_assign_view_assign: {
    allowed: COURSE_MEMBERS,
    args: async (fx) => ({ assignid: (await viewedAssign(fx)).instance }),
  },
};
