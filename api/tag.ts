import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsBool, wsInt } from './types';

const COMPONENT = 'core_tag';
const MANAGE = 'moodle/tag:manage';

/** The in-place editable element of a tag field, as core_update_inplace_editable answers it (reference §5). */
export const tagInplaceSchema = z.object({
  component: z.string(),
  itemtype: z.string(),
  itemid: z.string(),
  displayvalue: z.string(),
  value: z.string(),
  edithint: z.string(),
  editlabel: z.string(),
  type: z.enum(['text', 'toggle', 'select']),
  options: z.string(),
  linkeverything: z.number(),
  editable: z.boolean(),
});
export type TagInplace = z.infer<typeof tagInplaceSchema>;

/** A tag as lists show it; `displayname` is the escaped rawname, `url` the tag index page. */
export const tagSummarySchema = z.object({
  id: z.number(),
  tagcollid: z.number(),
  name: z.string(),
  rawname: z.string(),
  displayname: z.string(),
  isstandard: z.boolean(),
  flag: z.number(),
  url: z.string(),
});

/** 0: suggest standard tags, 1: standard tags only, 2: hide standard tags. */
const showStandard = wsInt.pipe(z.number().int().min(0).max(2));

/** The three areas people tag: courses, activities (course modules) and users' interests. */
const itemArea = {
  component: z.enum(['core']),
  itemtype: z.enum(['course', 'course_modules', 'user']),
};

export const coreTagGetTagindex = contract({
  name: 'core_tag_get_tagindex',
  component: COMPONENT,
  description: 'One page of the items of one tag area tagged with a tag (the tag index page reloads an area with it). The query string of a tag index link becomes `tagindex`.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({
    tagindex: z.strictObject({
      tag: z.string(),
      tc: wsInt,
      ta: wsInt,
      excl: wsBool.default(false),
      from: wsInt.default(0),
      ctx: wsInt.default(0),
      rec: wsBool.default(true),
      page: wsInt.pipe(z.number().int().min(0)).default(0),
    }),
  }),
  returns: z.object({
    tagid: z.number(),
    ta: z.number(),
    component: z.string(),
    itemtype: z.string(),
    nextpageurl: z.string().optional(),
    prevpageurl: z.string().optional(),
    exclusiveurl: z.string().optional(),
    exclusivetext: z.string().optional(),
    title: z.string(),
    content: z.string(),
    hascontent: z.number(),
    anchor: z.string().optional(),
  }),
});

export const coreTagGetTag = contract({
  name: 'core_tag_get_tag',
  component: COMPONENT,
  description:
    'A tag by name in a collection (tc 0: the default collection) with the tag areas of that collection that are enabled, for the tag index page; each area is then loaded with core_tag_get_tagindex.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ tag: z.string(), tc: wsInt.default(0) }),
  returns: z.object({
    tag: tagSummarySchema.extend({ description: z.string(), timemodified: z.number() }),
    collection: z.object({ id: z.number(), displayname: z.string() }),
    areas: z.array(z.object({ ta: z.number(), component: z.string(), itemtype: z.string(), displayname: z.string() })),
    canmanage: z.boolean(),
    canflag: z.boolean(),
  }),
});

export const coreTagUpdateTags = contract({
  name: 'core_tag_update_tags',
  component: COMPONENT,
  description:
    'Change tags: name, standard, flag (needs moodle/tag:manage) and description (needs moodle/tag:edit). Problems come back as warnings (nothingtoupdate, tagnotfound, namesalreadybeeingused).',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE, 'moodle/tag:edit'],
  args: z.strictObject({
    tags: z
      .array(
        z.strictObject({
          id: wsInt,
          rawname: z.string().optional(),
          description: z.string().max(65535).optional(),
          descriptionformat: wsInt.optional(),
          flag: wsInt.optional(),
          /** Moodle 3.0's name for isstandard. */
          official: wsBool.optional(),
          isstandard: wsBool.optional(),
        }),
      )
      .min(1),
  }),
  returns: z.object({ warnings: z.array(warningSchema) }),
});

export const tagSortSchema = z.enum(['name', 'count', 'flag', 'isstandard', 'timemodified']);

export const coreTagListTags = contract({
  name: 'core_tag_list_tags',
  component: COMPONENT,
  description: 'The tags of a collection for the management page: searchable by name, sortable, paged, with instance counts and in-place editable name, flag and standard fields.',
  type: 'read',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({
    tc: wsInt,
    search: z.string().max(255).default(''),
    page: wsInt.pipe(z.number().int().min(0)).default(0),
    perpage: wsInt.pipe(z.number().int().min(1).max(500)).default(30),
    sort: tagSortSchema.default('name'),
    direction: z.enum(['asc', 'desc']).default('asc'),
  }),
  returns: z.object({
    total: z.number(),
    collection: z.object({ id: z.number(), displayname: z.string(), isdefault: z.boolean() }),
    tags: z.array(
      tagSummarySchema.extend({
        count: z.number(),
        timemodified: z.number(),
        inplacename: tagInplaceSchema,
        inplaceflag: tagInplaceSchema,
        inplaceisstandard: tagInplaceSchema,
      }),
    ),
  }),
});

export const tagCollectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayname: z.string(),
  isdefault: z.boolean(),
  component: z.string(),
  sortorder: z.number(),
  searchable: z.boolean(),
  customurl: z.string(),
  tagcount: z.number(),
  /** Names of the enabled areas in this collection (disabled ones are hidden here). */
  areanames: z.array(z.string()),
  candelete: z.boolean(),
  canmoveup: z.boolean(),
  canmovedown: z.boolean(),
  inplacename: tagInplaceSchema,
  inplacesearchable: tagInplaceSchema,
});

export const tagAreaSchema = z.object({
  id: z.number(),
  component: z.string(),
  itemtype: z.string(),
  displayname: z.string(),
  enabled: z.boolean(),
  tagcollid: z.number(),
  showstandard: z.number(),
  multiplecontexts: z.boolean(),
  inplaceenabled: tagInplaceSchema,
  inplacecollection: tagInplaceSchema,
  inplaceshowstandard: tagInplaceSchema,
});

export const coreTagGetCollectionsAndAreas = contract({
  name: 'core_tag_get_collections_and_areas',
  component: COMPONENT,
  description: 'Every tag collection (default first) and every tag area, for the tag management page.',
  type: 'read',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({}),
  returns: z.object({ collections: z.array(tagCollectionSchema), areas: z.array(tagAreaSchema) }),
});

const itemTagsResult = z.object({
  /** false: the area is disabled, no tags are shown or saved. */
  enabled: z.boolean(),
  tagcollid: z.number(),
  showstandard: z.number(),
  canedit: z.boolean(),
  /** May the caller add tags that are not standard (moodle/tag:create, and the area allows them)? */
  cancreate: z.boolean(),
  tags: z.array(tagSummarySchema),
});

export const coreTagGetItemTags = contract({
  name: 'core_tag_get_item_tags',
  component: COMPONENT,
  description: "The tags of a course (itemid: course id), an activity (core/course_modules, itemid: course module id) or a user's interests (core/user, itemid: user id), in order.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ ...itemArea, itemid: wsInt }),
  returns: itemTagsResult,
});

export const coreTagSetItemTags = contract({
  name: 'core_tag_set_item_tags',
  component: COMPONENT,
  description:
    "Replace the tags of a course (moodle/course:update), an activity (moodle/course:manageactivities) or a user's interests (own profile edit or moodle/user:update), in the given order. New names become tags when the caller has moodle/tag:create.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:manageactivities', 'moodle/user:editownprofile', 'moodle/user:update', 'moodle/tag:create'],
  args: z.strictObject({ ...itemArea, itemid: wsInt, tags: z.array(z.string()).max(100) }),
  returns: itemTagsResult,
});

export const coreTagSearchTags = contract({
  name: 'core_tag_search_tags',
  component: COMPONENT,
  description: "Suggestions for tagging an item of an area: tags of the area's collection whose name contains the query, standard first, honouring the area's showstandard.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ ...itemArea, query: z.string().max(100).default(''), limit: wsInt.pipe(z.number().int().min(1).max(100)).default(20) }),
  /** `enabled` false: the area is disabled, nothing is suggested and tagging forms leave the field out. */
  returns: z.object({ tags: z.array(tagSummarySchema), cancreate: z.boolean(), enabled: z.boolean() }),
});

export const coreTagDeleteTags = contract({
  name: 'core_tag_delete_tags',
  component: COMPONENT,
  description: 'Delete tags with their instances; every id must exist.',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ tagids: z.array(wsInt).min(1).max(1000) }),
  returns: z.object({ deleted: z.number() }),
});

export const coreTagCombineTags = contract({
  name: 'core_tag_combine_tags',
  component: COMPONENT,
  description:
    'Combine two or more tags of one collection into the main tag (maintag if it is among them, else the first): instances move to it without duplicates, it becomes standard if any was, the others are deleted.',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ tagids: z.array(wsInt).min(2).max(1000), maintag: wsInt.optional() }),
  returns: z.object({ maintagid: z.number() }),
});

export const coreTagRenameCombine = contract({
  name: 'core_tag_rename_combine',
  component: COMPONENT,
  description: 'Rename a tag; when another tag of its collection already has that name, combine the tag into that one instead.',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ tagid: wsInt, newname: z.string() }),
  returns: z.object({ tagid: z.number(), combined: z.boolean() }),
});

export const coreTagAddStandardTags = contract({
  name: 'core_tag_add_standard_tags',
  component: COMPONENT,
  description: 'Add standard tags to a collection from a comma-separated list: missing ones are created, existing ones become standard.',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ tc: wsInt, tagslist: z.string().max(10000) }),
  returns: z.object({ count: z.number() }),
});

export const coreTagCreateCollection = contract({
  name: 'core_tag_create_collection',
  component: COMPONENT,
  description: 'Add a tag collection at the end of the list.',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ name: z.string(), searchable: wsBool.default(true) }),
  returns: z.object({ id: z.number() }),
});

export const coreTagDeleteCollection = contract({
  name: 'core_tag_delete_collection',
  component: COMPONENT,
  description: "Delete a tag collection (not the default one): its areas move to the default collection with their tags, tags left unused are deleted.",
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ tcid: wsInt }),
  returns: z.null(),
});

export const coreTagMoveCollection = contract({
  name: 'core_tag_move_collection',
  component: COMPONENT,
  description: 'Move a tag collection up or down the list; the default collection stays first.',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ tcid: wsInt, direction: z.enum(['up', 'down']) }),
  returns: z.null(),
});

export const coreTagUpdateArea = contract({
  name: 'core_tag_update_area',
  component: COMPONENT,
  description: "Enable or disable a tag area, move it to another collection (its tags are copied there and its instances re-pointed), or change which standard tags it offers.",
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ taid: wsInt, enabled: wsBool.optional(), tagcollid: wsInt.optional(), showstandard: showStandard.optional() }),
  returns: tagAreaSchema,
});

export const coreTagFlagTag = contract({
  name: 'core_tag_flag_tag',
  component: COMPONENT,
  description: 'Flag a tag as inappropriate (from the tag index page); managers then see it marked.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/tag:flag'],
  args: z.strictObject({ tagid: wsInt }),
  returns: z.object({ flag: z.number() }),
});
