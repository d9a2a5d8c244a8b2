import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setConfig } from '../../platform/config-store';
import { ADMIN_ONLY, COURSE_EDITORS, LOGGED_IN, type MatrixFixture, type PermissionDeclarations } from './types';

/** A site LTI 1.1 tool made by the admin; a fresh one per call for methods that consume it. */
async function newTool(fx: MatrixFixture): Promise<number> {
  const card = await fx.admin<{ id: number }>('mod_lti_save_tool_type', { name: `Matrix tool ${fx.unique()}`, baseurl: 'https://tool.example/launch', ltiversion: 'LTI-1p0', resourcekey: 'k', password: 's' });
  return card.id;
}

/** A tool of MX101 made by the admin (course tools are per course). */
const courseTool = (fx: MatrixFixture) =>
  fx.once('lti:coursetool', async () => (await fx.admin<{ id: number }>('mod_lti_save_course_tool_type', { courseid: fx.courseid, name: 'Matrix course tool', baseurl: 'https://tool.example/course', ltiversion: 'LTI-1p0' })).id);

const sharedTool = (fx: MatrixFixture) => fx.once('lti:tool', () => newTool(fx));

/** An external tool activity in MX101 using the shared tool. */
const activity = (fx: MatrixFixture) =>
  fx.once('lti:activity', async () => fx.admin<{ cmid: number }>('mod_lti_add_instance', { courseid: fx.courseid, section: 1, name: 'Matrix tool activity', typeid: await sharedTool(fx) }));

/** A cartridge served on 127.0.0.1 (allowed for the matrix site), so creating a tool from it can succeed. */
const cartridgeUrl = (fx: MatrixFixture) =>
  fx.once('lti:cartridge', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/xml' }).end('<cartridge_basiclti_link><title>Matrix cartridge</title><launch_url>https://tool.example/launch</launch_url></cartridge_basiclti_link>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    await setConfig(fx.site.platform.db, 'mod_lti_allowedhosts', '127.0.0.1');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/cartridge`;
  });

const newProxy = (fx: MatrixFixture) => fx.admin<{ id: number }>('mod_lti_create_tool_proxy', { regurl: `https://tool.example/register/${fx.unique()}` });
const sharedProxy = (fx: MatrixFixture) => fx.once('lti:proxy', () => newProxy(fx));

const TOOL_ADMIN = 'Tool administration needs moodle/site:config in the system context, which only the site administrator holds.';

export const ltiDeclarations: PermissionDeclarations = {
  mod_lti_get_tool_types: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: () => ({}) },
  mod_lti_create_tool_type: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: async (fx) => ({ cartridgeurl: await cartridgeUrl(fx) }) },
  mod_lti_update_tool_type: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: async (fx) => ({ id: await sharedTool(fx), name: `Matrix tool renamed ${fx.unique()}` }) },
  mod_lti_delete_tool_type: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: async (fx) => ({ id: await newTool(fx) }) },
  mod_lti_is_cartridge: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: () => ({ url: 'https://tool.example/cartridge.xml' }) },
  mod_lti_get_tool_proxies: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: () => ({}) },
  mod_lti_create_tool_proxy: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: (fx) => ({ regurl: `https://tool.example/register/new/${fx.unique()}` }) },
  mod_lti_delete_tool_proxy: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: async (fx) => ({ id: (await newProxy(fx)).id }) },
  mod_lti_get_tool_proxy_registration_request: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: async (fx) => ({ id: (await sharedProxy(fx)).id }) },
  mod_lti_save_tool_type: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: (fx) => ({ name: `Matrix manual tool ${fx.unique()}`, baseurl: 'https://tool.example/manual', ltiversion: 'LTI-1p0' }) },
  mod_lti_get_tool_type_settings: { allowed: ADMIN_ONLY, why: TOOL_ADMIN, args: async (fx) => ({ id: await sharedTool(fx) }) },
  mod_lti_get_course_tools: {
    allowed: COURSE_EDITORS,
    why: 'Offered to those who may add an external tool (mod/lti:addinstance) in the course.',
    args: async (fx) => {
      await sharedTool(fx);
      return { courseid: fx.courseid };
    },
  },
  mod_lti_get_course_tool_types: { allowed: COURSE_EDITORS, why: 'Course tools are managed with mod/lti:addcoursetool in the course.', args: (fx) => ({ courseid: fx.courseid }) },
  mod_lti_save_course_tool_type: {
    allowed: COURSE_EDITORS,
    why: 'Course tools are managed with mod/lti:addcoursetool in the course.',
    args: (fx) => ({ courseid: fx.courseid, name: `Matrix course tool ${fx.unique()}`, baseurl: 'https://tool.example/course', ltiversion: 'LTI-1p0' }),
  },
  mod_lti_get_course_tool_type_settings: {
    allowed: COURSE_EDITORS,
    why: 'Course tools are managed with mod/lti:addcoursetool in the course.',
    args: async (fx) => ({ courseid: fx.courseid, id: await courseTool(fx) }),
  },
  mod_lti_delete_course_tool_type: {
    allowed: COURSE_EDITORS,
    why: "Checked with mod/lti:addcoursetool in the tool's own course.",
    args: async (fx) => ({ tooltypeid: (await fx.admin<{ id: number }>('mod_lti_save_course_tool_type', { courseid: fx.courseid, name: `Matrix course tool ${fx.unique()}`, baseurl: 'https://tool.example/course', ltiversion: 'LTI-1p0' })).id }),
  },
  mod_lti_add_instance: { allowed: COURSE_EDITORS, args: async (fx) => ({ courseid: fx.courseid, section: 1, name: `Matrix tool ${fx.unique()}`, typeid: await sharedTool(fx) }) },
  mod_lti_update_instance: {
    allowed: COURSE_EDITORS,
    why: 'Editing an activity needs moodle/course:manageactivities in its context.',
    args: async (fx) => ({ cmid: (await activity(fx)).cmid, name: `Matrix tool activity ${fx.unique()}`, typeid: await sharedTool(fx) }),
  },
  mod_lti_get_ltis_by_courses: {
    allowed: LOGGED_IN,
    why: 'Courses the caller cannot enter become warnings, not errors, so every logged-in caller succeeds.',
    args: async (fx) => {
      await activity(fx);
      return { courseids: [fx.courseid] };
    },
    check: async (data, role, fx) => {
      const { ltis } = data as { ltis: Array<{ coursemodule: number }> };
      const sees = ltis.some((l) => l.coursemodule === 0 || l.coursemodule > 0);
      const member = (await activity(fx)).cmid > 0 && ['student', 'teacher', 'editingteacher', 'admin', 'manager'].includes(role);
      return sees === member ? null : sees ? 'a caller outside the course sees its tool activities' : 'a course member does not see the tool activity';
    },
  },
};
