import { GUIDE_STATUS_DRAFT, GUIDE_STATUS_READY, validateGuideInput, type GuideDefinitionInfo } from '../../../api/grading';

/** A criterion as the editor holds it; `key` tells rows apart before they have an id. */
export interface CriterionDraft {
  key: string;
  id: number;
  shortname: string;
  description: string;
  descriptionmarkers: string;
  /** As typed. */
  maxscore: string;
}

export interface CommentDraft {
  key: string;
  id: number;
  description: string;
}

export interface GuideDraft {
  name: string;
  description: string;
  criteria: CriterionDraft[];
  comments: CommentDraft[];
}

let counter = 0;
/** A key for a row added in the editor. */
export function newKey(): string {
  counter += 1;
  return `new-${counter}`;
}

/** The editor's starting point: the stored guide, or a new one named after the activity. */
export function draftOf(definition: GuideDefinitionInfo | undefined, defaultName: string): GuideDraft {
  if (!definition) return { name: defaultName, description: '', criteria: [emptyCriterion()], comments: [] };
  return {
    name: definition.name,
    description: definition.description,
    criteria: definition.guide.criteria.map((c) => ({
      key: `c${c.id}`,
      id: c.id,
      shortname: c.shortname,
      description: c.description,
      descriptionmarkers: c.descriptionmarkers,
      maxscore: String(c.maxscore),
    })),
    comments: definition.guide.comments.map((c) => ({ key: `m${c.id}`, id: c.id, description: c.description })),
  };
}

export function emptyCriterion(): CriterionDraft {
  return { key: newKey(), id: 0, shortname: '', description: '', descriptionmarkers: '', maxscore: '' };
}

/** A typed maximum as a number (NaN when it is not one). */
export function scoreValue(typed: string): number {
  return typed.trim() === '' ? Number.NaN : Number(typed.trim());
}

/** The sum of the criteria's maximum scores (those typed as numbers). */
export function guideMaximum(draft: GuideDraft): number {
  return draft.criteria.reduce((sum, c) => sum + (Number.isFinite(scoreValue(c.maxscore)) ? scoreValue(c.maxscore) : 0), 0);
}

/** The problems the server would refuse, as field name → string id (core_grading). */
export function draftErrors(draft: GuideDraft, status: number): Map<string, string> {
  const errors = validateGuideInput({ name: draft.name, status, criteria: draft.criteria.map((c) => ({ shortname: c.shortname, maxscore: scoreValue(c.maxscore) })) });
  const out = new Map<string, string>();
  for (const e of errors) if (!out.has(e.field)) out.set(e.field, e.errorcode);
  return out;
}

/** The arguments of core_grading_save_guide for the draft. */
export function saveArgs(cmid: number, draft: GuideDraft, status: number) {
  return {
    cmid,
    areaname: 'submissions',
    name: draft.name.trim(),
    description: draft.description,
    criteria: draft.criteria.map((c) => ({
      id: c.id,
      shortname: c.shortname.trim(),
      description: c.description,
      descriptionmarkers: c.descriptionmarkers,
      maxscore: scoreValue(c.maxscore),
    })),
    comments: draft.comments.map((c) => ({ id: c.id, description: c.description })),
    status: status === GUIDE_STATUS_READY ? GUIDE_STATUS_READY : GUIDE_STATUS_DRAFT,
  };
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  if (item !== undefined) out.splice(target, 0, item);
  return out;
}

/** Whether two drafts say the same (row keys aside). */
export function sameDraft(a: GuideDraft, b: GuideDraft): boolean {
  const strip = (d: GuideDraft) => JSON.stringify({ ...d, criteria: d.criteria.map(({ key: _k, ...c }) => c), comments: d.comments.map(({ key: _k, ...c }) => c) });
  return strip(a) === strip(b);
}
