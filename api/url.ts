import { z } from 'zod';
import { contract } from './contract';
import { moduleGroupSettings } from './courseformat';
import { warningSchema, wsInt } from './types';

const name = z.string().trim().min(1).max(255);

/** Only absolute http and https addresses: no javascript:, data: or relative links. */
const externalUrl = z
  .string()
  .trim()
  .max(1333)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:';
  }, 'An http or https address is required');

export const modUrlAddInstance = contract({
  name: 'mod_url_add_instance',
  component: 'mod_url',
  description: 'Add a link to an external http or https address to a section of a course (by section number).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities', 'mod/url:addinstance'],
  args: z.strictObject({ courseid: wsInt, section: wsInt, name, intro: z.string().default(''), externalurl: externalUrl, ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const modUrlUpdateInstance = contract({
  name: 'mod_url_update_instance',
  component: 'mod_url',
  description: "Change a URL resource's name, description, address and common module settings (group mode, grouping).",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ cmid: wsInt, name, intro: z.string().default(''), externalurl: externalUrl, ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const urlSchema = z.object({
  id: z.number(),
  coursemodule: z.number(),
  course: z.number(),
  name: z.string(),
  intro: z.string(),
  introformat: z.number(),
  externalurl: z.string(),
  section: z.number(),
  visible: z.boolean(),
  timemodified: z.number(),
});

export const modUrlGetUrlsByCourses = contract({
  name: 'mod_url_get_urls_by_courses',
  component: 'mod_url',
  description: 'The URL resources the user can see in the given courses (all their courses when none are given); refused courses become warnings.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewhiddenactivities'],
  args: z.strictObject({ courseids: z.array(wsInt).default([]) }),
  returns: z.object({ urls: z.array(urlSchema), warnings: z.array(warningSchema) }),
});

export const modUrlViewUrl = contract({
  name: 'mod_url_view_url',
  component: 'mod_url',
  description: 'Log that the user viewed the URL resource (which counts for completion that requires viewing). Needs mod/url:view.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/url:view'],
  args: z.strictObject({ urlid: wsInt }),
  returns: z.object({ status: z.boolean(), warnings: z.array(warningSchema) }),
});
