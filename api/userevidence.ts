import { z } from 'zod';
import { CAP_COMPETENCY_VIEW, competencySchema } from './competency';
import { baseFields, CAP_USEREVIDENCE_MANAGE, CAP_USEREVIDENCE_MANAGE_OWN, CAP_USEREVIDENCE_VIEW, userCompetencySchema, userSummarySchema } from './competencyshapes';
import { contract } from './contract';
import { wsInt } from './types';

const CORE = 'core_competency';
const TOOL = 'tool_lp';
const READ = [CAP_USEREVIDENCE_VIEW, CAP_USEREVIDENCE_MANAGE, CAP_USEREVIDENCE_MANAGE_OWN];
const MANAGE = [CAP_USEREVIDENCE_MANAGE, CAP_USEREVIDENCE_MANAGE_OWN];

export const evidenceFileSchema = z.object({ filename: z.string(), filesize: z.number(), mimetype: z.string(), url: z.string() });

export const userEvidenceSchema = z.object({
  id: z.number(),
  userid: z.number(),
  name: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  url: z.string(),
  ...baseFields,
  canmanage: z.boolean(),
  competencycount: z.number(),
  competencies: z.array(competencySchema),
  filecount: z.number(),
  files: z.array(evidenceFileSchema),
  hasurlorfiles: z.boolean(),
  urlshort: z.string(),
});
export type UserEvidence = z.infer<typeof userEvidenceSchema>;

/** Empty, or an http(s) address. */
const url = z
  .string()
  .trim()
  .max(255)
  .refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), { message: 'invalidurl' });

const evidenceFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1_000_000).default(''),
  descriptionformat: wsInt.pipe(z.number().int().refine((f) => [0, 1, 2, 4].includes(f))).default(1),
  url: url.default(''),
  /** A draft area of the caller's whose files become the evidence's files (0: leave the files as they are). */
  draftitemid: wsInt.pipe(z.number().int().min(0)).default(0),
};

export const coreCompetencyCreateUserEvidence = contract({
  name: 'core_competency_create_user_evidence',
  component: CORE,
  description: "Beyond Moodle's web services (its evidence form): add evidence of prior learning for a user, with files from a draft area and, optionally, linked competencies.",
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ userevidence: z.strictObject({ userid: wsInt, ...evidenceFields }), competencyids: z.array(wsInt).max(100).default([]) }),
  returns: userEvidenceSchema,
});

export const coreCompetencyUpdateUserEvidence = contract({
  name: 'core_competency_update_user_evidence',
  component: CORE,
  description: "Beyond Moodle's web services (its evidence form): change evidence of prior learning; with a draft area, its files replace the evidence's files.",
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ userevidence: z.strictObject({ id: wsInt, ...evidenceFields }) }),
  returns: userEvidenceSchema,
});

export const coreCompetencyPrepareUserEvidenceFiles = contract({
  name: 'core_competency_prepare_user_evidence_files',
  component: CORE,
  description: "Beyond Moodle's web services: a new draft area of the caller's holding a copy of the evidence's files (id 0: an empty one), for the edit form.",
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ id: wsInt }),
  returns: z.object({ itemid: z.number(), files: z.array(evidenceFileSchema) }),
});

export const coreCompetencyReadUserEvidence = contract({
  name: 'core_competency_read_user_evidence',
  component: CORE,
  description: 'One piece of evidence of prior learning with its files and linked competencies.',
  type: 'read',
  loginRequired: true,
  capabilities: READ,
  args: z.strictObject({ id: wsInt }),
  returns: userEvidenceSchema,
});

export const coreCompetencyDeleteUserEvidence = contract({
  name: 'core_competency_delete_user_evidence',
  component: CORE,
  description: 'Delete evidence of prior learning with its files and links; each unlink is logged as evidence on the competency.',
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyCreateUserEvidenceCompetency = contract({
  name: 'core_competency_create_user_evidence_competency',
  component: CORE,
  description: 'Link a competency to evidence of prior learning (logged as evidence on the competency); answers the link, also when it existed.',
  type: 'write',
  loginRequired: true,
  capabilities: [...MANAGE, CAP_COMPETENCY_VIEW],
  args: z.strictObject({ userevidenceid: wsInt, competencyid: wsInt }),
  returns: z.object({ id: z.number(), userevidenceid: z.number(), competencyid: z.number(), ...baseFields }),
});

export const coreCompetencyDeleteUserEvidenceCompetency = contract({
  name: 'core_competency_delete_user_evidence_competency',
  component: CORE,
  description: 'Unlink a competency from evidence of prior learning; true also when it was not linked.',
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ userevidenceid: wsInt, competencyid: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyRequestReviewOfUserEvidenceLinkedCompetencies = contract({
  name: 'core_competency_request_review_of_user_evidence_linked_competencies',
  component: CORE,
  description: 'Send every competency linked to the evidence for review (those already waiting or in review are left as they are).',
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const userEvidenceSummarySchema = userEvidenceSchema.extend({
  usercompetencies: z.array(z.object({ competency: competencySchema, usercompetency: userCompetencySchema })),
  userhasplan: z.boolean(),
});

export const toolLpDataForUserEvidenceListPage = contract({
  name: 'tool_lp_data_for_user_evidence_list_page',
  component: TOOL,
  description: "A user's evidence of prior learning, newest first, and whether the caller may add and change it.",
  type: 'read',
  loginRequired: true,
  capabilities: READ,
  args: z.strictObject({ userid: wsInt }),
  returns: z.object({ canmanage: z.boolean(), userid: z.number(), user: userSummarySchema, pluginbaseurl: z.string(), evidence: z.array(userEvidenceSchema), navigation: z.array(z.string()) }),
});

export const toolLpDataForUserEvidencePage = contract({
  name: 'tool_lp_data_for_user_evidence_page',
  component: TOOL,
  description: 'One piece of evidence of prior learning with its linked competencies and the user’s ratings of them.',
  type: 'read',
  loginRequired: true,
  capabilities: READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.object({ userevidence: userEvidenceSummarySchema, user: userSummarySchema, pluginbaseurl: z.string() }),
});
