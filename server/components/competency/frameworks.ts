import type { Framework, TaxonomyTerm } from '../../../api/competency';
import { TAXONOMY_TERMS } from '../../../api/competency';
import { remapPointsConfig, scaleConfigurationProblem } from '../../../api/competencyrules';
import { CONTEXT_COURSECAT, CONTEXT_SYSTEM, type Context } from '../../platform/access/types';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { scaleItems } from '../grades/service';
import { contextNames } from '../role/context-info';
import { COMPONENT, competencyError, type FrameworkRow } from './access';
import { competenciesInUse } from './usage';

export interface FrameworkFields {
  shortname: string;
  idnumber: string;
  description: string;
  descriptionformat: number;
  visible: boolean;
  scaleid: number;
  scaleconfiguration: string;
  taxonomies: string;
}

/** The values of a site scale (or of a course scale: those are not offered to frameworks), or undefined. */
export async function scaleValues(ctx: CallContext, scaleid: number): Promise<string[] | undefined> {
  const scale = await ctx.db.selectFrom('scale').select('scale').where('id', '=', scaleid).executeTakeFirst();
  return scale ? scaleItems(scale.scale) : undefined;
}

/** The taxonomy term of each level, as stored (comma list; a missing or unknown level is 'competency'). */
export function taxonomyOf(taxonomies: string, level: number): TaxonomyTerm {
  const term = taxonomies.split(',')[level - 1]?.trim() ?? '';
  return (TAXONOMY_TERMS as readonly string[]).includes(term) ? (term as TaxonomyTerm) : 'competency';
}

/** Refuses a framework's fields with a message per field: a taken id number, an unknown scale, a bad scale configuration or taxonomy. */
export async function requireValidFramework(ctx: CallContext, fields: FrameworkFields, exceptId: number): Promise<void> {
  const s = (id: string, a?: unknown) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
  const errors: Record<string, string> = {};
  const taken = await ctx.db.selectFrom('competency_framework').select('id').where('idnumber', '=', fields.idnumber).where('id', '!=', exceptId).executeTakeFirst();
  if (taken) errors.idnumber = s('idnumbertaken');
  const values = await scaleValues(ctx, fields.scaleid);
  if (!values) errors.scaleid = s('invalidscale');
  else {
    const problem = scaleConfigurationProblem(fields.scaleconfiguration, fields.scaleid, values.length);
    if (problem) errors.scaleconfiguration = s(problem);
  }
  const terms = fields.taxonomies === '' ? [] : fields.taxonomies.split(',');
  if (terms.some((t) => !(TAXONOMY_TERMS as readonly string[]).includes(t))) errors.taxonomies = s('invalidtaxonomy');
  const first = Object.keys(errors)[0];
  if (first) throw competencyError(first === 'idnumber' ? 'idnumbertaken' : 'invalidframework', undefined, errors);
}

export function frameworkColumns(fields: FrameworkFields) {
  return { ...fields, visible: fields.visible ? 1 : 0 };
}

/** Frameworks as the web services answer them: counts and context names in one query each. */
export async function exportFrameworks(ctx: CallContext, rows: readonly FrameworkRow[], contexts: ReadonlyMap<number, Context>, canmanage: (contextid: number) => boolean): Promise<Framework[]> {
  if (rows.length === 0) return [];
  const counts = await ctx.db
    .selectFrom('competency')
    .select(['competencyframeworkid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('competencyframeworkid', 'in', rows.map((r) => r.id))
    .groupBy('competencyframeworkid')
    .execute();
  const countOf = new Map(counts.map((c) => [c.competencyframeworkid, Number(c.n)]));
  const names = await contextNames(ctx, [...new Set(rows.map((r) => r.contextid))].flatMap((id) => contexts.get(id) ?? []));
  return rows.map((r) => ({
    id: r.id,
    shortname: formatString(r.shortname),
    idnumber: formatString(r.idnumber),
    description: formatText(r.description, r.descriptionformat),
    descriptionformat: 1,
    visible: r.visible === 1,
    scaleid: r.scaleid,
    scaleconfiguration: r.scaleconfiguration,
    contextid: r.contextid,
    taxonomies: r.taxonomies,
    timecreated: Number(r.timecreated),
    timemodified: Number(r.timemodified),
    usermodified: r.usermodified,
    canmanage: canmanage(r.contextid),
    competenciescount: countOf.get(r.id) ?? 0,
    contextname: names.get(r.contextid)?.label ?? '',
    contextnamenoprefix: names.get(r.contextid)?.name ?? '',
  }));
}

/** Frameworks live in the system context or a category context. */
export function requireFrameworkContext(context: Context): void {
  if (context.contextlevel !== CONTEXT_SYSTEM && context.contextlevel !== CONTEXT_COURSECAT) throw competencyError('invalidcontext');
}

/** Deletes a framework with its competencies and relations; false (nothing deleted) when any competency is in use. */
export async function deleteFramework(ctx: CallContext, framework: FrameworkRow): Promise<boolean> {
  const ids = ctx.db.selectFrom('competency').select('id').where('competencyframeworkid', '=', framework.id);
  if (await competenciesInUse(ctx.db, ids)) return false;
  await ctx.db.deleteFrom('competency_relatedcomp').where('competencyid', 'in', ids).execute();
  await ctx.db.deleteFrom('competency').where('competencyframeworkid', '=', framework.id).execute();
  await ctx.db.deleteFrom('competency_framework').where('id', '=', framework.id).execute();
  return true;
}

/** The first free id number of the form <idnumber>_N, at most 100 characters. */
async function freeIdnumber(ctx: CallContext, idnumber: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${idnumber.slice(0, 100 - suffix.length)}${suffix}`;
    const taken = await ctx.db.selectFrom('competency_framework').select('id').where('idnumber', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

const BATCH = 200;

/**
 * Copies a framework: the tree level by level (parents first, so each child knows its new parent's id
 * and path), the relations whose ends were both copied, then the rules with their ids remapped.
 */
export async function duplicateFramework(ctx: CallContext, framework: FrameworkRow, copyName: string): Promise<number> {
  const t = now();
  const userid = ctx.user?.id ?? 0;
  const { id: _id, ...rest } = framework;
  const copy = await ctx.db
    .insertInto('competency_framework')
    .values({ ...rest, shortname: copyName.slice(0, 100), idnumber: await freeIdnumber(ctx, framework.idnumber), timecreated: t, timemodified: t, usermodified: userid })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await ctx.db.selectFrom('competency').selectAll().where('competencyframeworkid', '=', framework.id).execute();
  rows.sort((a, b) => a.path.length - b.path.length || a.path.localeCompare(b.path) || a.sortorder - b.sortorder);
  const map = new Map<number, number>();
  const newPath = new Map<number, string>();
  // Rows of one depth go in batches once every parent of that depth is copied.
  const byDepth = new Map<number, typeof rows>();
  for (const r of rows) byDepth.set(r.path.split('/').length, [...(byDepth.get(r.path.split('/').length) ?? []), r]);
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    const level = byDepth.get(depth) ?? [];
    for (let i = 0; i < level.length; i += BATCH) {
      const chunk = level.slice(i, i + BATCH);
      const values = chunk.map((r) => {
        const parentid = r.parentid ? (map.get(r.parentid) ?? 0) : 0;
        const path = parentid ? `${newPath.get(parentid) ?? '/0/'}${parentid}/` : '/0/';
        // The id is the copy's own, and searchtext is the database's to fill.
        const { id: _cid, searchtext: _search, ...fields } = r;
        return { ...fields, competencyframeworkid: copy.id, parentid, path, ruleoutcome: 0, ruletype: null, ruleconfig: null, timecreated: t, timemodified: t, usermodified: userid };
      });
      // RETURNING's order is not promised; the id number is unique in the framework, so match on it.
      const inserted = new Map((await ctx.db.insertInto('competency').values(values).returning(['id', 'path', 'idnumber']).execute()).map((row) => [row.idnumber, row]));
      for (const r of chunk) {
        const row = inserted.get(r.idnumber);
        if (!row) continue;
        map.set(r.id, row.id);
        newPath.set(row.id, row.path);
      }
    }
  }
  const oldIds = rows.map((r) => r.id);
  for (let i = 0; i < oldIds.length; i += 500) {
    const related = await ctx.db.selectFrom('competency_relatedcomp').select(['competencyid', 'relatedcompetencyid']).where('competencyid', 'in', oldIds.slice(i, i + 500)).execute();
    const values = related.flatMap((r) => {
      const a = map.get(r.competencyid);
      const b = map.get(r.relatedcompetencyid);
      return a && b ? [{ competencyid: Math.min(a, b), relatedcompetencyid: Math.max(a, b), timecreated: t, timemodified: t, usermodified: userid }] : [];
    });
    if (values.length) await ctx.db.insertInto('competency_relatedcomp').values(values).execute();
  }
  for (const r of rows) {
    if (r.ruleoutcome === 0 || !r.ruletype) continue;
    const id = map.get(r.id);
    if (!id) continue;
    const ruleconfig = r.ruleconfig === null ? null : remapPointsConfig(r.ruleconfig, map);
    if (r.ruleconfig !== null && ruleconfig === null) continue;
    await ctx.db.updateTable('competency').set({ ruleoutcome: r.ruleoutcome, ruletype: r.ruletype, ruleconfig }).where('id', '=', id).execute();
  }
  return copy.id;
}
