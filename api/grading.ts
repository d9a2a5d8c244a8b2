import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsBool, wsFloat, wsInt } from './types';

const COMPONENT = 'core_grading';

/** Definition status: 10 draft (not used for grading yet), 20 ready. */
export const GUIDE_STATUS_DRAFT = 10;
export const GUIDE_STATUS_READY = 20;

export const guideCriterionSchema = z.object({
  id: z.number(),
  sortorder: z.number(),
  shortname: z.string(),
  description: z.string(),
  descriptionmarkers: z.string(),
  maxscore: z.number(),
});

export const guideCommentSchema = z.object({ id: z.number(), sortorder: z.number(), description: z.string() });

export const guideDefinitionSchema = z.object({
  id: z.number(),
  method: z.literal('guide'),
  name: z.string(),
  description: z.string(),
  status: z.number(),
  timemodified: z.number(),
  guide: z.object({ criteria: z.array(guideCriterionSchema), comments: z.array(guideCommentSchema) }),
});
export type GuideDefinitionInfo = z.infer<typeof guideDefinitionSchema>;

export const gradingAreaSchema = z.object({
  cmid: z.number(),
  contextid: z.number(),
  component: z.string(),
  areaname: z.string(),
  /** '' = simple direct grading, 'guide' = marking guide. */
  activemethod: z.string(),
  definitions: z.array(guideDefinitionSchema),
});

export const coreGradingGetDefinitions = contract({
  name: 'core_grading_get_definitions',
  component: COMPONENT,
  description:
    "The grading areas of the given course modules with their marking-guide definitions (activeonly: only the definition of the area's active method). The markers' descriptions are included only for users with moodle/grade:managegradingforms in the module context; others need it to see any definition.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/grade:managegradingforms'],
  args: z.strictObject({
    cmids: z.array(wsInt).min(1).max(100),
    areaname: z.string().max(100).default('submissions'),
    activeonly: wsBool.default(false),
  }),
  returns: z.object({ areas: z.array(gradingAreaSchema), warnings: z.array(warningSchema) }),
});

export const guideCriterionInput = z.strictObject({
  id: wsInt.default(0),
  shortname: z.string().max(1000),
  description: z.string().max(65535).default(''),
  descriptionmarkers: z.string().max(65535).default(''),
  maxscore: wsFloat,
});

export const guideCommentInput = z.strictObject({ id: wsInt.default(0), description: z.string().max(65535) });

export const coreGradingSaveGuide = contract({
  name: 'core_grading_save_guide',
  component: COMPONENT,
  description:
    "Saves the marking guide of an activity's grading area (component mod_assign, area 'submissions' by default) and makes 'guide' its active method. Criteria and comments with id 0 are added, those left out are deleted, the rest updated in the given order; comments with empty text are skipped. Invalid input (see validateGuideInput) is refused with 'invalidguide' and nothing is saved. Needs moodle/grade:managegradingforms in the module context.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/grade:managegradingforms'],
  args: z.strictObject({
    cmid: wsInt,
    areaname: z.string().max(100).default('submissions'),
    name: z.string().max(1000),
    description: z.string().max(65535).default(''),
    criteria: z.array(guideCriterionInput).max(200),
    comments: z.array(guideCommentInput).max(500).default([]),
    status: wsInt.pipe(z.union([z.literal(GUIDE_STATUS_DRAFT), z.literal(GUIDE_STATUS_READY)])).default(GUIDE_STATUS_READY),
  }),
  returns: guideDefinitionSchema,
});

/** One problem of a guide being saved; `field` names the form field, errorcode a core_grading string. */
export interface GuideInputError {
  field: string;
  /** Index in `criteria`, or -1 for a guide-wide error. */
  index: number;
  errorcode: 'err_shortnamerequired' | 'err_shortnametoolong' | 'err_shortnameunique' | 'err_maxscorepositive' | 'err_nocriteria' | 'err_namerequired';
}

/** The editor's input, as much as validation needs. */
export interface GuideInput {
  name: string;
  status: number;
  criteria: ReadonlyArray<{ shortname: string; maxscore: number }>;
}

/**
 * Validates a guide before it is saved; the server refuses what this refuses and the editor uses it to show
 * the same errors by field (`criteria[<index>][shortname]`, `criteria[<index>][maxscore]`, `name`, `criteria`).
 * Short names are required, at most 255 characters and unique within the guide (ignoring case and surrounding
 * spaces); maximum scores are positive; a ready guide has at least one criterion.
 */
export function validateGuideInput(input: GuideInput): GuideInputError[] {
  const errors: GuideInputError[] = [];
  if (input.name.trim() === '') errors.push({ field: 'name', index: -1, errorcode: 'err_namerequired' });
  const seen = new Set<string>();
  input.criteria.forEach((c, index) => {
    const shortname = c.shortname.trim();
    const key = shortname.toLowerCase();
    if (shortname === '') errors.push({ field: `criteria[${index}][shortname]`, index, errorcode: 'err_shortnamerequired' });
    else if (shortname.length > 255) errors.push({ field: `criteria[${index}][shortname]`, index, errorcode: 'err_shortnametoolong' });
    else if (seen.has(key)) errors.push({ field: `criteria[${index}][shortname]`, index, errorcode: 'err_shortnameunique' });
    if (shortname !== '') seen.add(key);
    if (!(Number.isFinite(c.maxscore) && c.maxscore > 0 && c.maxscore < 1e10)) errors.push({ field: `criteria[${index}][maxscore]`, index, errorcode: 'err_maxscorepositive' });
  });
  if (input.status === GUIDE_STATUS_READY && input.criteria.length === 0) errors.push({ field: 'criteria', index: -1, errorcode: 'err_nocriteria' });
  return errors;
}
