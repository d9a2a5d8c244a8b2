import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Competency, TreeNode } from '../../../api/competency';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import type { Session } from '../tag/fixtures';
import { competenceScale, frameworkArgs, ok } from './fixtures';

/**
 * A framework of 10,010 competencies (10 domains × 100 competencies × 9 indicators): the manage page
 * answers all of them, a search finds a branch, and a move of a whole domain keeps every path right.
 */
describe.each(testDialects)('a 10,000-competency framework on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let frameworkid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    const scaleid = await competenceScale(site);
    frameworkid = (await ok<{ id: number }>(site, admin, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'BIG' }))).id;
    const db = site.platform.db;
    // Level by level, in batches, keeping each parent's id and path for its children.
    let parents: Array<{ id: number; path: string; idnumber: string }> = [{ id: 0, path: '', idnumber: 'R' }];
    for (const width of [10, 100, 9]) {
      const values = parents.flatMap((p) =>
        Array.from({ length: width }, (_, i) => ({
          competencyframeworkid: frameworkid,
          parentid: p.id,
          path: p.id ? `${p.path}${p.id}/` : '/0/',
          sortorder: i,
          idnumber: `${p.idnumber}.${i}`,
          shortname: `Competency ${p.idnumber}.${i}`,
          description: i % 7 === 0 ? 'Works with spreadsheets and formulas' : '',
          ruletype: null,
          ruleconfig: null,
          scaleid: null,
          scaleconfiguration: null,
        })),
      );
      const next: typeof parents = [];
      for (let i = 0; i < values.length; i += 500) next.push(...(await db.insertInto('competency').values(values.slice(i, i + 500)).returning(['id', 'path', 'idnumber']).execute()));
      parents = next;
    }
  }, 120_000);
  afterAll(() => site?.close());

  it('answers the manage page with every competency and finds a branch by its idnumber', async () => {
    // How fast is measured by the benchmark (`npm run bench -- --size L --only competencies,competencysearch`), not here.
    const page = await ok<{ competencies: TreeNode[] }>(site, admin, 'tool_lp_data_for_competencies_manage_page', { competencyframeworkid: frameworkid });
    expect(page.competencies).toHaveLength(10_010);
    const found = await ok<Competency[]>(site, admin, 'core_competency_search_competencies', { competencyframeworkid: frameworkid, searchtext: 'R.3.42.' });
    expect(found.map((c) => c.idnumber).slice(0, 2)).toEqual(['R.3', 'R.3.42']);
  });

  it('moves a domain with its 900 descendants under another domain in one call, every path right', async () => {
    const db = site.platform.db;
    const domain = (idnumber: string) => db.selectFrom('competency').select(['id', 'path']).where('competencyframeworkid', '=', frameworkid).where('idnumber', '=', idnumber).executeTakeFirstOrThrow();
    const [moved, target] = [await domain('R.1'), await domain('R.2')];
    expect(await ok(site, admin, 'core_competency_set_parent_competency', { competencyid: moved.id, parentid: target.id })).toBe(true);
    const rows = await db.selectFrom('competency').select(['id', 'parentid', 'path']).where('competencyframeworkid', '=', frameworkid).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const wrong = rows.filter((r) => r.path !== (r.parentid ? `${byId.get(r.parentid)?.path}${r.parentid}/` : '/0/'));
    expect(wrong).toEqual([]);
    expect(byId.get(moved.id)?.path).toBe(`/0/${target.id}/`);
  });
});
