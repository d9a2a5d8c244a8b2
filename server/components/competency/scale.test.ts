import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREE_FIRST_LOAD_MAX, type Competency, type TreeNode } from '../../../api/competency';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import type { Session } from '../tag/fixtures';
import { competenceScale, frameworkArgs, insertTree, ok } from './fixtures';

/**
 * A framework of 10,010 competencies (10 domains × 100 competencies × 9 indicators): the manage page
 * answers its domains only, branches load one by one, a search finds a branch, and a move of a whole
 * domain keeps every path right.
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
    await insertTree(site, frameworkid, [10, 100, 9], (i) => (i % 7 === 0 ? 'Works with spreadsheets and formulas' : ''));
  }, 120_000);
  afterAll(() => site?.close());

  it('answers the manage page with the domains only, each branch on request, and finds a branch by its idnumber', async () => {
    // How fast is measured by the benchmark (`npm run bench -- --size L --only competencies,competencysearch`), not here.
    const page = await ok<{ competencies: TreeNode[] }>(site, admin, 'tool_lp_data_for_competencies_manage_page', { competencyframeworkid: frameworkid });
    // 10 domains fit the first load; with their 1,000 competencies they would not.
    expect(10 + 1000).toBeGreaterThan(TREE_FIRST_LOAD_MAX);
    expect(page.competencies.map((c) => c.idnumber)).toEqual(Array.from({ length: 10 }, (_, i) => `R.${i}`));
    expect(page.competencies.every((c) => c.childcount === 100)).toBe(true);
    // A few KB instead of the 1.6 MB the whole tree took.
    expect(JSON.stringify(page).length).toBeLessThan(8_000);
    const domain = page.competencies[3]!;
    const branch = await ok<TreeNode[]>(site, admin, 'tool_lp_list_competency_tree_branch', { competencyframeworkid: frameworkid, parentid: domain.id });
    expect(branch.map((c) => c.idnumber)).toEqual(Array.from({ length: 100 }, (_, i) => `R.3.${i}`));
    expect(branch.every((c) => c.childcount === 9 && c.parentid === domain.id)).toBe(true);
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
