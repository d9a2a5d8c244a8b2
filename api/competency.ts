import { z } from 'zod';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

const CORE = 'core_competency';
const TOOL = 'tool_lp';
export const CAP_COMPETENCY_VIEW = 'moodle/competency:competencyview';
export const CAP_COMPETENCY_MANAGE = 'moodle/competency:competencymanage';
const READ_CAPS = [CAP_COMPETENCY_VIEW, CAP_COMPETENCY_MANAGE];

/** Rule outcomes of a competency (reference §1.2). */
export const RULE_OUTCOME_NONE = 0;
export const RULE_OUTCOME_EVIDENCE = 1;
export const RULE_OUTCOME_COMPLETE = 2;
export const RULE_OUTCOME_RECOMMEND = 3;
export const RULE_OUTCOMES = [RULE_OUTCOME_NONE, RULE_OUTCOME_EVIDENCE, RULE_OUTCOME_COMPLETE, RULE_OUTCOME_RECOMMEND] as const;

/** The class identifiers of the two rule types. */
export const RULE_ALL = 'core_competency\\competency_rule_all';
export const RULE_POINTS = 'core_competency\\competency_rule_points';
export const RULE_TYPES = [RULE_ALL, RULE_POINTS] as const;

/** The default points rule: two required points. */
export const DEFAULT_REQUIRED_POINTS = 2;

/** Taxonomy terms, one per framework level (comma list; missing ⇒ competency). */
export const TAXONOMY_TERMS = ['behaviour', 'competency', 'concept', 'domain', 'indicator', 'level', 'outcome', 'practice', 'proficiency', 'skill', 'value'] as const;
export const taxonomyTermSchema = z.enum(TAXONOMY_TERMS);
export type TaxonomyTerm = z.infer<typeof taxonomyTermSchema>;

/** A tree of fewer than this many competencies opens fully; larger ones show the first level only. */
export const TREE_OPEN_ALL_BELOW = 20;

/**
 * The most competencies the manage page answers without a search: whole levels of the tree, top down,
 * while they fit (the top level always). Deeper branches load one at a time when opened.
 */
export const TREE_FIRST_LOAD_MAX = 200;

const shortname = z.string().trim().min(1).max(100);
const idnumber = z.string().trim().min(1).max(100).regex(/^[^\s]/);
const description = z.string().max(1_000_000);
const textFormat = wsInt.pipe(z.number().int().refine((f) => [0, 1, 2, 4].includes(f)));

/** Moodle's context parameter: contextid, or contextlevel + instanceid. */
export const contextParamSchema = z.strictObject({
  contextid: wsInt.default(0),
  contextlevel: z.enum(['', 'system', 'coursecat', 'course', 'module', 'block', 'user']).default(''),
  instanceid: wsInt.default(0),
});

const baseFields = { timecreated: z.number(), timemodified: z.number(), usermodified: z.number() };

export const frameworkSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  idnumber: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  visible: z.boolean(),
  scaleid: z.number(),
  scaleconfiguration: z.string(),
  contextid: z.number(),
  taxonomies: z.string(),
  ...baseFields,
  canmanage: z.boolean(),
  competenciescount: z.number(),
  contextname: z.string(),
  contextnamenoprefix: z.string(),
});
export type Framework = z.infer<typeof frameworkSchema>;

export const competencySchema = z.object({
  id: z.number(),
  shortname: z.string(),
  idnumber: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  sortorder: z.number(),
  parentid: z.number(),
  path: z.string(),
  ruleoutcome: z.number(),
  ruletype: z.string().nullable(),
  ruleconfig: z.string().nullable(),
  scaleid: z.number().nullable(),
  scaleconfiguration: z.string().nullable(),
  competencyframeworkid: z.number(),
  ...baseFields,
});
export type Competency = z.infer<typeof competencySchema>;

const frameworkFields = {
  shortname,
  idnumber,
  description: description.default(''),
  descriptionformat: textFormat.default(1),
  visible: wsBool.default(true),
  scaleid: wsInt,
  scaleconfiguration: z.string().max(10_000),
  /** Comma list of taxonomy terms, one per level. */
  taxonomies: z.string().max(255).default(''),
};

export const coreCompetencyCreateCompetencyFramework = contract({
  name: 'core_competency_create_competency_framework',
  component: CORE,
  description:
    'Create a competency framework in a system or category context. The id number is unique on the site; the scale configuration must name the scale, exactly one default value and at least one proficient value. Refusals carry per-field messages.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ competencyframework: z.strictObject({ ...frameworkFields, contextid: wsInt.default(0), contextlevel: contextParamSchema.shape.contextlevel, instanceid: wsInt.default(0) }) }),
  returns: frameworkSchema,
});

export const coreCompetencyReadCompetencyFramework = contract({
  name: 'core_competency_read_competency_framework',
  component: CORE,
  description: 'One competency framework with its competency count and context name.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: frameworkSchema,
});

export const coreCompetencyUpdateCompetencyFramework = contract({
  name: 'core_competency_update_competency_framework',
  component: CORE,
  description: 'Change a framework (its context never changes). Same checks as creating one.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ competencyframework: z.strictObject({ id: wsInt, ...frameworkFields }) }),
  returns: z.boolean(),
});

export const coreCompetencyDeleteCompetencyFramework = contract({
  name: 'core_competency_delete_competency_framework',
  component: CORE,
  description: 'Delete a framework with its competencies and their related links; answers false (and deletes nothing) when any of its competencies is in use.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyDuplicateCompetencyFramework = contract({
  name: 'core_competency_duplicate_competency_framework',
  component: CORE,
  description: 'Copy a framework with its whole tree, rules (remapped) and related links; the copy is named "<name> (copy)" with the first free id number suffix _1, _2, ….',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ id: wsInt }),
  returns: frameworkSchema,
});

export const frameworkIncludesSchema = z.enum(['children', 'parents', 'self']);

export const coreCompetencyListCompetencyFrameworks = contract({
  name: 'core_competency_list_competency_frameworks',
  component: CORE,
  description:
    "The frameworks in a context and its children (or parents, or itself) that the caller may view, sorted by a column. `query` matches the short name or id number. Errors when the caller may view frameworks in none of those contexts.",
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({
    sort: z.enum(['shortname', 'idnumber', 'id', 'timecreated', 'timemodified', '']).default('shortname'),
    order: z.enum(['', 'ASC', 'DESC']).default(''),
    skip: wsInt.pipe(z.number().int().min(0)).default(0),
    limit: wsInt.pipe(z.number().int().min(0).max(1000)).default(0),
    context: contextParamSchema,
    includes: frameworkIncludesSchema.default('children'),
    onlyvisible: wsBool.default(false),
    query: z.string().max(255).default(''),
  }),
  returns: z.array(frameworkSchema),
});

export const coreCompetencyCountCompetencyFrameworks = contract({
  name: 'core_competency_count_competency_frameworks',
  component: CORE,
  description: 'How many frameworks list_competency_frameworks would answer for the context and includes.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ context: contextParamSchema, includes: frameworkIncludesSchema.default('children') }),
  returns: z.number(),
});

export const coreCompetencyGetScaleValues = contract({
  name: 'core_competency_get_scale_values',
  component: CORE,
  description: 'The values of a scale in order, numbered from 1.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ scaleid: wsInt }),
  returns: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const toolLpDataForCompetencyFrameworksManagePage = contract({
  name: 'tool_lp_data_for_competency_frameworks_manage_page',
  component: TOOL,
  description: 'The frameworks page of a context: every framework the caller may view in it and below, sorted by short name, and whether they may manage them.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ pagecontext: contextParamSchema }),
  returns: z.object({
    competencyframeworks: z.array(frameworkSchema),
    pluginbaseurl: z.string(),
    navigation: z.array(z.string()),
    pagecontextid: z.number(),
    canmanage: z.boolean(),
    contextname: z.string(),
    /** The scales a framework may use (site scales), for the create and edit form. */
    scales: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

// ---- competencies ----

const competencyFields = {
  shortname,
  idnumber,
  description: description.default(''),
  descriptionformat: textFormat.default(1),
};

export const coreCompetencyCreateCompetency = contract({
  name: 'core_competency_create_competency',
  component: CORE,
  description:
    "Add a competency to a framework, last among its siblings (parentid 0: top level). The id number is unique in the framework. A rule on the parent is reset.",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ competency: z.strictObject({ ...competencyFields, competencyframeworkid: wsInt, parentid: wsInt.default(0) }) }),
  returns: competencySchema,
});

export const coreCompetencyReadCompetency = contract({
  name: 'core_competency_read_competency',
  component: CORE,
  description: 'One competency.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: competencySchema,
});

export const coreCompetencyUpdateCompetency = contract({
  name: 'core_competency_update_competency',
  component: CORE,
  description:
    'Change a competency: names, description and its rule (outcome, type, configuration). Parent, order and framework change only through the move methods. An invalid rule is refused with the reason.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({
    competency: z.strictObject({
      id: wsInt,
      shortname: shortname.optional(),
      idnumber: idnumber.optional(),
      description: description.optional(),
      descriptionformat: textFormat.optional(),
      ruleoutcome: wsInt.pipe(z.number().int().min(0).max(3)).optional(),
      ruletype: z.string().max(100).nullable().optional(),
      ruleconfig: z.string().max(100_000).nullable().optional(),
    }),
  }),
  returns: z.boolean(),
});

export const coreCompetencyDeleteCompetency = contract({
  name: 'core_competency_delete_competency',
  component: CORE,
  description: 'Delete a competency and everything below it, resetting the parent rule; answers false (deletes nothing) when any of them is in use.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencySearchCompetencies = contract({
  name: 'core_competency_search_competencies',
  component: CORE,
  description: 'Competencies of a framework whose short name, id number or description contains the text (any case), with all their ancestors, ordered by path and sort order.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ searchtext: z.string().max(255), competencyframeworkid: wsInt }),
  returns: z.array(competencySchema),
});

/** The columns list_competencies and count_competencies filter and sort on (exact matches). */
export const COMPETENCY_FILTER_COLUMNS = ['id', 'shortname', 'description', 'sortorder', 'idnumber', 'parentid', 'competencyframeworkid'] as const;
const competencyFiltersSchema = z
  .array(z.strictObject({ column: z.enum(COMPETENCY_FILTER_COLUMNS), value: z.string().max(1_000_000) }))
  .max(20)
  .default([]);

export const coreCompetencyListCompetencies = contract({
  name: 'core_competency_list_competencies',
  component: CORE,
  description:
    "Competencies whose columns equal the filters' values, sorted by a column. With a competencyframeworkid filter the caller needs to view that framework; without one, to view frameworks at the system level.",
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({
    filters: competencyFiltersSchema,
    sort: z.enum(['', ...COMPETENCY_FILTER_COLUMNS, 'path', 'timecreated', 'timemodified']).default(''),
    order: z.enum(['', 'ASC', 'DESC']).default(''),
    skip: wsInt.pipe(z.number().int().min(0)).default(0),
    limit: wsInt.pipe(z.number().int().min(0).max(10_000)).default(0),
  }),
  returns: z.array(competencySchema),
});

export const coreCompetencyCountCompetencies = contract({
  name: 'core_competency_count_competencies',
  component: CORE,
  description: 'How many competencies list_competencies would answer for the filters.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ filters: competencyFiltersSchema }),
  returns: z.number(),
});

export const coreCompetencyCompetencyFrameworkViewed = contract({
  name: 'core_competency_competency_framework_viewed',
  component: CORE,
  description: 'Logs that the caller viewed a competency framework.',
  type: 'write',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyCountCoursesUsingCompetency = contract({
  name: 'core_competency_count_courses_using_competency',
  component: CORE,
  description: 'How many of the courses linked to a competency the caller can see and view course competencies in.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: z.number(),
});

export const coreCompetencySetParentCompetency = contract({
  name: 'core_competency_set_parent_competency',
  component: CORE,
  description:
    'Move a competency (with its subtree) under another parent of its framework (0: top level). Moving under its own descendant first lifts its children to its parent and resets its rule. Rules of the old and new parents are reset.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ competencyid: wsInt, parentid: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyMoveUpCompetency = contract({
  name: 'core_competency_move_up_competency',
  component: CORE,
  description: 'Swap a competency with its previous sibling; false when it is first.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyMoveDownCompetency = contract({
  name: 'core_competency_move_down_competency',
  component: CORE,
  description: 'Swap a competency with its next sibling; false when it is last.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyAddRelatedCompetency = contract({
  name: 'core_competency_add_related_competency',
  component: CORE,
  description: 'Relate two competencies of the same framework (never one to itself); true also when they already were.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ competencyid: wsInt, relatedcompetencyid: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyRemoveRelatedCompetency = contract({
  name: 'core_competency_remove_related_competency',
  component: CORE,
  description: 'Remove the relation between two competencies; false when there was none.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ competencyid: wsInt, relatedcompetencyid: wsInt }),
  returns: z.boolean(),
});

export const toolLpDataForRelatedCompetenciesSection = contract({
  name: 'tool_lp_data_for_related_competencies_section',
  component: TOOL,
  description: 'The competencies related to one, and whether the caller may remove relations.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ competencyid: wsInt }),
  returns: z.object({ relatedcompetencies: z.array(competencySchema), showdeleterelatedaction: z.boolean() }),
});

export const toolLpDataForCompetencySummary = contract({
  name: 'tool_lp_data_for_competency_summary',
  component: TOOL,
  description: 'A competency with its framework, its related competencies when asked, and the scale configuration that applies to it.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ competencyid: wsInt, includerelated: wsBool.default(false), includecourses: wsBool.default(false) }),
  returns: z.object({
    competency: competencySchema,
    framework: frameworkSchema,
    linkedcourses: z.array(z.object({ id: z.number(), fullname: z.string(), shortname: z.string() })),
    relatedcompetencies: z.array(competencySchema),
    hascourses: z.boolean(),
    hasrelatedcompetencies: z.boolean(),
    scaleconfiguration: z.string(),
    /** The scale's values, numbered from 1, to show the configuration with names. */
    scalevalues: z.array(z.object({ id: z.number(), name: z.string() })),
    /** The taxonomy term of the competency's level. */
    taxonomyterm: taxonomyTermSchema,
  }),
});

/** One competency as the manage tree draws it: just what a row needs. */
export const treeNodeSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  idnumber: z.string(),
  parentid: z.number(),
  sortorder: z.number(),
  path: z.string(),
  ruleoutcome: z.number(),
  ruletype: z.string().nullable(),
  /** How many children the competency has in the framework, whether or not they are in the answer. */
  childcount: z.number(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

export const toolLpDataForCompetenciesManagePage = contract({
  name: 'tool_lp_data_for_competencies_manage_page',
  component: TOOL,
  description:
    "The competencies page of a framework: the framework, whether the caller may manage it, the rule types, and (beyond Moodle) compact tree nodes, each with its number of children. With a search: the matching competencies with their ancestors. Without one: whole levels of the tree from the top (the top level always, each further level only when it fits with those above within TREE_FIRST_LOAD_MAX nodes), so a competency's children are either all there or none; tool_lp_list_competency_tree_branch loads the rest.",
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ competencyframeworkid: wsInt, search: z.string().max(255).default('') }),
  returns: z.object({
    framework: frameworkSchema,
    canmanage: z.boolean(),
    pagecontextid: z.number(),
    search: z.string(),
    rulesmodules: z.string(),
    pluginbaseurl: z.string(),
    competencies: z.array(treeNodeSchema),
  }),
});

export const toolLpListCompetencyTreeBranch = contract({
  name: 'tool_lp_list_competency_tree_branch',
  component: TOOL,
  description:
    "(Beyond Moodle.) One branch of a framework's tree: the children of a competency (parentid 0: the top level) by sort order, as compact tree nodes with their number of children. The caller needs to view the framework; a parent that is not a competency of the framework is refused.",
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ competencyframeworkid: wsInt, parentid: wsInt }),
  returns: z.array(treeNodeSchema),
});

// ---- CSV import and export (tool_lpimportcsv's column layout) ----

/** Moodle's column layout of a framework CSV file. */
export const CSV_COLUMNS = [
  'Parent ID number',
  'ID number',
  'Short name',
  'Description',
  'Description format',
  'Scale values',
  'Scale configuration',
  'Rule type (optional)',
  'Rule outcome (optional)',
  'Rule config (optional)',
  'Cross-referenced competency ID numbers',
  'Exported ID (optional)',
  'Is framework',
  'Taxonomy',
] as const;

export const csvRowErrorSchema = z.object({ row: z.number(), message: z.string() });

export const toolLpImportFrameworkCsv = contract({
  name: 'tool_lp_import_framework_csv',
  component: TOOL,
  description:
    "Read a framework CSV file (tool_lpimportcsv's columns). With preview, answers what would be created and every row's error, writing nothing; without, creates the framework in the context unless there is any error.",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ csv: z.string().min(1).max(20_000_000), contextid: wsInt, preview: wsBool.default(true) }),
  returns: z.object({
    framework: z.object({ shortname: z.string(), idnumber: z.string(), scale: z.string(), taxonomies: z.string() }).nullable(),
    rows: z.array(z.object({ row: z.number(), idnumber: z.string(), shortname: z.string(), parentidnumber: z.string(), depth: z.number() })),
    errors: z.array(csvRowErrorSchema),
    /** The created framework's id (0 on a preview or when there were errors). */
    frameworkid: z.number(),
  }),
});

export const toolLpExportFrameworkCsv = contract({
  name: 'tool_lp_export_framework_csv',
  component: TOOL,
  description: "A framework as a CSV file in tool_lpimportcsv's columns.",
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: z.object({ filename: z.string(), csv: z.string() }),
});

export const toolLpListCoursesUsingCompetency = contract({
  name: 'tool_lp_list_courses_using_competency',
  component: TOOL,
  description: 'The courses a competency is linked to that the caller can see and view course competencies in, by full name.',
  type: 'read',
  loginRequired: true,
  capabilities: READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: z.array(z.object({ id: z.number(), fullname: z.string(), shortname: z.string() })),
});
