import { z } from 'zod';
import { contract } from './contract';
import { moduleGroupSettings } from './courseformat';
import { warningSchema, wsInt } from './types';

const name = z.string().trim().min(1).max(255);

export const modPageAddInstance = contract({
  name: 'mod_page_add_instance',
  component: 'mod_page',
  description: 'Add a page to a section of a course (by section number), with its group mode and grouping. The content is stored as given and cleaned on output.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities', 'mod/page:addinstance'],
  args: z.strictObject({
    courseid: wsInt,
    section: wsInt,
    name,
    intro: z.string().default(''),
    content: z.string().default(''),
    ...moduleGroupSettings,
  }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const modPageUpdateInstance = contract({
  name: 'mod_page_update_instance',
  component: 'mod_page',
  description: "Change a page's name, description, content and common module settings (group mode, grouping).",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ cmid: wsInt, name, intro: z.string().default(''), content: z.string().default(''), ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const pageSchema = z.object({
  id: z.number(),
  coursemodule: z.number(),
  course: z.number(),
  name: z.string(),
  intro: z.string(),
  introformat: z.number(),
  content: z.string(),
  contentformat: z.number(),
  section: z.number(),
  visible: z.boolean(),
  timemodified: z.number(),
});

export const modPageGetPagesByCourses = contract({
  name: 'mod_page_get_pages_by_courses',
  component: 'mod_page',
  description: 'The pages the user can see in the given courses (all their courses when none are given); refused courses become warnings.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewhiddenactivities'],
  args: z.strictObject({ courseids: z.array(wsInt).default([]) }),
  returns: z.object({ pages: z.array(pageSchema), warnings: z.array(warningSchema) }),
});

export const modPageViewPage = contract({
  name: 'mod_page_view_page',
  component: 'mod_page',
  description: 'Log that the user viewed the page (which counts for completion that requires viewing). Needs mod/page:view.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/page:view'],
  args: z.strictObject({ pageid: wsInt }),
  returns: z.object({ status: z.boolean(), warnings: z.array(warningSchema) }),
});
