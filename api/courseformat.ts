import { z } from 'zod';
import { contract } from './contract';
import { wsInt } from './types';

/**
 * The common module settings every activity's add and update methods take: the group mode (0 no
 * groups, 1 separate, 2 visible; refused when the course forces another) and the grouping whose
 * groups the activity works with (0: all). Left out: the course's defaults for a new activity, the
 * stored values for an update.
 */
export const moduleGroupSettings = {
  groupmode: wsInt.pipe(z.number().int().min(0).max(2)).optional(),
  groupingid: wsInt.pipe(z.number().int().min(0)).optional(),
};

export const stateModuleSchema = z.object({
  id: z.number(),
  modname: z.string(),
  instance: z.number(),
  /** Formatted for display. */
  name: z.string(),
  /** As stored, for the in-place editor. */
  rawname: z.string(),
  visible: z.number(),
  url: z.string(),
  /** The group mode the activity runs in (the course's when it forces one). */
  groupmode: z.number(),
});

export const stateSectionSchema = z.object({
  id: z.number(),
  section: z.number(),
  /** Formatted, or the default name ("Topic 2") when none is set. */
  name: z.string(),
  rawname: z.string(),
  visible: z.number(),
  modules: z.array(stateModuleSchema),
});

/** The course as the editing page sees it: what the user may change, and every section and module in order. */
export const courseStateSchema = z.object({
  courseid: z.number(),
  canedit: z.boolean(),
  /** What the course page's "More" menu may offer this user. */
  can: z.object({
    viewparticipants: z.boolean(),
    managegroups: z.boolean(),
    update: z.boolean(),
    assignroles: z.boolean(),
    /** moodle/grade:viewall: the course grades (grader report). */
    viewallgrades: z.boolean(),
    /** moodle/grade:view: one's own grades (user report). */
    viewowngrades: z.boolean(),
  }),
  /** The course's context, for links to pages that take a contextid (assign roles). */
  contextid: z.number(),
  sections: z.array(stateSectionSchema),
  /** Module types that can be added here (empty for users who cannot add). */
  modtypes: z.array(z.object({ modname: z.string(), name: z.string() })),
});
export type CourseState = z.infer<typeof courseStateSchema>;

export const coreCourseformatGetState = contract({
  name: 'core_courseformat_get_state',
  component: 'core_courseformat',
  description: "The course's sections and modules as the user may see them, and whether the user may edit the course page.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:manageactivities', 'moodle/course:viewhiddensections', 'moodle/course:viewhiddenactivities'],
  args: z.strictObject({ courseid: wsInt }),
  returns: courseStateSchema,
});

export const updateCourseActions = [
  'section_add',
  'section_delete',
  'section_hide',
  'section_show',
  'section_move_after',
  'cm_hide',
  'cm_show',
  'cm_delete',
  'cm_move',
] as const;
export type UpdateCourseAction = (typeof updateCourseActions)[number];

export const coreCourseformatUpdateCourse = contract({
  name: 'core_courseformat_update_course',
  component: 'core_courseformat',
  description:
    'Change the course page: add, delete, hide, show or move sections (section_move_after places them after targetsectionid; 0 = first) and hide, show, delete or move modules (cm_move places them before targetcmid, or at the end of targetsectionid). Section 0 cannot be deleted or moved. Answers the new course state.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:sectionvisibility', 'moodle/course:manageactivities', 'moodle/course:activityvisibility'],
  args: z.strictObject({
    action: z.enum(updateCourseActions),
    courseid: wsInt,
    ids: z.array(wsInt).default([]),
    targetsectionid: wsInt.optional(),
    targetcmid: wsInt.optional(),
  }),
  returns: courseStateSchema,
});

export const coreCourseformatRename = contract({
  name: 'core_courseformat_rename',
  component: 'core_courseformat',
  description: 'Rename a section (an empty name restores the default) or a course module in place. Answers the new course state.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:manageactivities'],
  args: z.strictObject({
    type: z.enum(['section', 'cm']),
    id: wsInt,
    name: z.string().max(255),
  }),
  returns: courseStateSchema,
});

export const coreCourseformatGetModule = contract({
  name: 'core_courseformat_get_module',
  component: 'core_courseformat',
  description: 'One course module the user may see, with its course: what an activity page needs for its title and breadcrumb.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewhiddenactivities'],
  args: z.strictObject({ cmid: wsInt }),
  returns: z.object({
    id: z.number(),
    courseid: z.number(),
    coursename: z.string(),
    modname: z.string(),
    instance: z.number(),
    name: z.string(),
    sectionnum: z.number(),
    visible: z.number(),
    /** The group mode the activity runs in (the course's when it forces one). */
    groupmode: z.number(),
    groupingid: z.number(),
  }),
});

export const coreCourseformatGetModuleForm = contract({
  name: 'core_courseformat_get_module_form',
  component: 'core_courseformat',
  description:
    "What an activity settings form needs: the course's group mode (and whether it is forced) and groupings, and for an existing module (cmid) its stored settings and the values of its own fields. A new module's form gives courseid instead.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ courseid: wsInt.default(0), cmid: wsInt.default(0) }),
  returns: z.object({
    course: z.object({ id: z.number(), fullname: z.string(), groupmode: z.number(), groupmodeforce: z.number(), defaultgroupingid: z.number() }),
    groupings: z.array(z.object({ id: z.number(), name: z.string() })),
    cm: z
      .object({
        id: z.number(),
        modname: z.string(),
        /** The type's name, for the page title. */
        modulename: z.string(),
        instance: z.number(),
        /** The name as stored, for the title. */
        name: z.string(),
        sectionnum: z.number(),
        groupmode: z.number(),
        groupingid: z.number(),
        /** The module's own fields as stored, for editing (name, intro, content, externalurl, …). */
        values: z.record(z.string(), z.string()),
      })
      .optional(),
  }),
});
