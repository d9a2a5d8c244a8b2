import { CSV_COLUMNS, toolLpExportFrameworkCsv, toolLpImportFrameworkCsv } from '../../../api/competency';
import { remapPointsConfig } from '../../../api/competencyrules';
import { getContextById } from '../../platform/access/contexts';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod } from '../../ws/method';
import { scaleItems } from '../grades/service';
import { parseCsv } from '../user/csv';
import { COMPONENT, readableFramework, requireManage } from './access';
import { csvLine, planImport, withScaleId, type CsvCompetency } from './csv';
import { requireFrameworkContext, requireValidFramework } from './frameworks';
import { insertCompetency } from './tree';

const importCsv = defineMethod(toolLpImportFrameworkCsv, async (ctx, { csv, contextid, preview }) => {
  const context = await getContextById(ctx.db, contextid);
  if (!context) throw invalidRecord('context', `context ${contextid}`);
  requireFrameworkContext(context);
  await requireManage(ctx, context);
  const say = (id: string, a?: unknown) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
  const plan = planImport(parseCsv(csv, 'comma'), say);
  const { framework } = plan;
  if (framework) {
    const taken = await ctx.db.selectFrom('competency_framework').select('id').where('idnumber', '=', framework.idnumber).executeTakeFirst();
    if (taken) plan.errors.unshift({ row: 2, message: say('idnumbertaken') });
  }
  const answer = {
    framework: framework ? { shortname: framework.shortname, idnumber: framework.idnumber, scale: framework.scalevalues.join(', '), taxonomies: framework.taxonomies } : null,
    rows: plan.competencies.map((c) => ({ row: c.row, idnumber: c.idnumber, shortname: c.shortname, parentidnumber: c.parentidnumber, depth: c.depth })),
    errors: plan.errors,
    frameworkid: 0,
  };
  if (preview || plan.errors.length > 0 || !framework) return answer;

  // The scale whose values are the file's, or a new site scale named after the framework.
  const scales = await ctx.db.selectFrom('scale').select(['id', 'scale']).where('courseid', '=', 0).execute();
  const wanted = framework.scalevalues.join(',');
  let scaleid = scales.find((s) => scaleItems(s.scale).join(',') === wanted)?.id;
  const t = now();
  if (!scaleid) scaleid = (await ctx.db.insertInto('scale').values({ courseid: 0, userid: ctx.user?.id ?? 0, name: framework.shortname, scale: wanted, timemodified: t }).returning('id').executeTakeFirstOrThrow()).id;
  const fields = { ...framework, visible: true, scaleid, scaleconfiguration: withScaleId(framework.scaleconfiguration, scaleid) };
  await requireValidFramework(ctx, fields, 0);
  const { scalevalues: _values, ...columns } = fields;
  const created = await ctx.db
    .insertInto('competency_framework')
    .values({ ...columns, visible: 1, contextid: context.id, timecreated: t, timemodified: t, usermodified: ctx.user?.id ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userid = ctx.user?.id ?? 0;
  const ids = new Map<string, number>();
  const ordered = [...plan.competencies].sort((a, b) => a.depth - b.depth || a.row - b.row);
  const rows = new Map<number, Awaited<ReturnType<typeof readRow>>>();
  async function readRow(id: number) {
    return ctx.db.selectFrom('competency').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  for (const c of ordered) {
    const parentid = c.parentidnumber ? (ids.get(c.parentidnumber) ?? 0) : 0;
    const parent = parentid ? (rows.get(parentid) ?? (await readRow(parentid))) : null;
    const id = await insertCompetency(ctx.db, created.id, parent, { shortname: c.shortname, idnumber: c.idnumber, description: c.description, descriptionformat: c.descriptionformat }, userid);
    ids.set(c.idnumber, id);
    rows.set(id, await readRow(id));
  }
  const related = new Set<string>();
  for (const c of plan.competencies) {
    for (const r of c.related) {
      const a = ids.get(c.idnumber) ?? 0;
      const b = ids.get(r) ?? 0;
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (a && b && !related.has(key)) {
        related.add(key);
        await ctx.db.insertInto('competency_relatedcomp').values({ competencyid: Math.min(a, b), relatedcompetencyid: Math.max(a, b), timecreated: t, timemodified: t, usermodified: userid }).execute();
      }
    }
  }
  await applyRules(plan.competencies, ids, async (id, rule) => {
    await ctx.db.updateTable('competency').set(rule).where('id', '=', id).execute();
  });
  return { ...answer, frameworkid: created.id };
});

/** Sets the file's rules once every competency exists, with the exported ids of points rules mapped to the new ones. */
async function applyRules(competencies: readonly CsvCompetency[], ids: ReadonlyMap<string, number>, save: (id: number, rule: { ruleoutcome: number; ruletype: string | null; ruleconfig: string | null }) => Promise<void>) {
  const byExported = new Map<number, number>();
  for (const c of competencies) if (c.exportedid) byExported.set(Number(c.exportedid), ids.get(c.idnumber) ?? 0);
  for (const c of competencies) {
    if (c.ruleoutcome === 0 || !c.ruletype) continue;
    const id = ids.get(c.idnumber);
    if (!id) continue;
    await save(id, { ruleoutcome: c.ruleoutcome, ruletype: c.ruletype, ruleconfig: c.ruleconfig ? remapPointsConfig(c.ruleconfig, byExported) : null });
  }
}

const exportCsv = defineMethod(toolLpExportFrameworkCsv, async (ctx, { id }) => {
  const { framework } = await readableFramework(ctx, id);
  const scale = await ctx.db.selectFrom('scale').select('scale').where('id', '=', framework.scaleid).executeTakeFirst();
  const rows = await ctx.db.selectFrom('competency').selectAll().where('competencyframeworkid', '=', framework.id).orderBy('path').orderBy('sortorder').execute();
  const idnumberOf = new Map(rows.map((r) => [r.id, r.idnumber]));
  const related = await ctx.db
    .selectFrom('competency_relatedcomp as r')
    .innerJoin('competency as c', 'c.id', 'r.competencyid')
    .select(['r.competencyid', 'r.relatedcompetencyid'])
    .where('c.competencyframeworkid', '=', framework.id)
    .execute();
  const relatedOf = new Map<number, string[]>();
  for (const r of related) relatedOf.set(r.competencyid, [...(relatedOf.get(r.competencyid) ?? []), idnumberOf.get(r.relatedcompetencyid) ?? '']);
  const lines = [
    csvLine(CSV_COLUMNS),
    csvLine(['', framework.idnumber, framework.shortname, framework.description, framework.descriptionformat, scale ? scaleItems(scale.scale).join(',') : '', framework.scaleconfiguration, '', '', '', '', '', 1, framework.taxonomies]),
    ...rows.map((r) =>
      csvLine([r.parentid ? (idnumberOf.get(r.parentid) ?? '') : '', r.idnumber, r.shortname, r.description, r.descriptionformat, '', '', r.ruletype ?? '', r.ruleoutcome, r.ruleconfig ?? '', (relatedOf.get(r.id) ?? []).join(','), r.id, 0, '']),
    ),
  ];
  return { filename: `${framework.idnumber.replace(/[^\w.-]+/g, '_')}.csv`, csv: `${lines.join('\n')}\n` };
});

export const csvMethods = [importCsv, exportCsv];
