import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_ALL, TREE_FIRST_LOAD_MAX, type Competency, type Framework, type TreeNode } from '../../../api/competency';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs as call, type Session } from '../tag/fixtures';
import { competenceScale, frameworkArgs, insertTree, makeManager, ok, pointsConfig } from './fixtures';

type Points = { competencies: Array<{ id: number }> };

describe.each(testDialects)('core_competency on %s', (dialect) => {
  let site: TestSite;
  let manager: Session;
  let learner: Session;
  let scaleid: number;
  let systemContextId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const managerId = await site.createUser('manager1', { firstname: 'Mona', lastname: 'Manager' });
    await makeManager(site, managerId);
    manager = await site.sessionFor(managerId);
    learner = await site.sessionFor(await site.createUser('learner1', { firstname: 'Lee', lastname: 'Learner' }));
    scaleid = await competenceScale(site);
    systemContextId = (await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 10).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => site.close());

  const db = () => site.platform.db;
  const count = async (table: 'competency' | 'competency_framework' | 'competency_relatedcomp') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const createFramework = (overrides: Record<string, unknown> = {}) => ok<Framework>(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, overrides));
  const add = (frameworkid: number, idnumber: string, parentid = 0) =>
    ok<Competency>(site, manager, 'core_competency_create_competency', { competency: { competencyframeworkid: frameworkid, parentid, shortname: `Competency ${idnumber}`, idnumber } });
  const read = (id: number) => ok<Competency>(site, manager, 'core_competency_read_competency', { id });

  it('creates a framework with its scale configuration and refuses bad fields one by one', async () => {
    const fw = await createFramework({ idnumber: 'FW-A' });
    expect(fw).toMatchObject({ shortname: 'Digital skills', idnumber: 'FW-A', visible: true, scaleid, contextid: systemContextId, competenciescount: 0, canmanage: true, taxonomies: 'domain,competency,indicator' });
    const before = await count('competency_framework');
    const taken = await call(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'FW-A' }));
    expect(taken.exception?.errorcode).toBe('idnumbertaken');
    expect(taken.exception?.fielderrors?.map((f) => f.field)).toEqual(['idnumber']);
    const twoDefaults = JSON.stringify([{ scaleid }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 1, proficient: 1 }]);
    const bad = await call(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'FW-B', scaleconfiguration: twoDefaults }));
    expect(bad.exception?.fielderrors).toEqual([{ field: 'scaleconfiguration', message: 'Choose exactly one default scale value.' }]);
    const noProficient = JSON.stringify([{ scaleid }, { id: 1, scaledefault: 1, proficient: 0 }]);
    const bad2 = await call(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'FW-B', scaleconfiguration: noProficient }));
    expect(bad2.exception?.fielderrors?.[0]?.message).toBe('Choose at least one proficient scale value.');
    const otherScale = await call(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'FW-B', scaleconfiguration: JSON.stringify([{ scaleid: scaleid + 99 }, { id: 1, scaledefault: 1, proficient: 1 }]) }));
    expect(otherScale.exception?.fielderrors?.[0]?.field).toBe('scaleconfiguration');
    const badTaxonomy = await call(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'FW-B', taxonomies: 'domain,wizardry' }));
    expect(badTaxonomy.exception?.fielderrors?.[0]?.field).toBe('taxonomies');
    expect(await count('competency_framework')).toBe(before);
  });

  it('lets learners view frameworks and only managers change them', async () => {
    const fw = await createFramework({ idnumber: 'FW-VIEW', shortname: 'Aardvark care' });
    const seen = await ok<Framework>(site, learner, 'core_competency_read_competency_framework', { id: fw.id });
    expect(seen.canmanage).toBe(false);
    const { contextlevel: _l, ...fields } = frameworkArgs(scaleid, { idnumber: 'FW-VIEW', shortname: 'Renamed' }).competencyframework;
    expect((await call(site, learner, 'core_competency_update_competency_framework', { competencyframework: { ...fields, id: fw.id } })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(site, manager, 'core_competency_update_competency_framework', { competencyframework: { ...fields, id: fw.id } })).toBe(true);
    expect((await ok<Framework>(site, manager, 'core_competency_read_competency_framework', { id: fw.id })).shortname).toBe('Renamed');
    expect((await call(site, learner, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'FW-L' }))).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, learner, 'core_competency_create_competency', { competency: { competencyframeworkid: fw.id, shortname: 'x', idnumber: 'x' } })).exception?.errorcode).toBe('nopermissions');
  });

  it('lists frameworks sorted by short name, filters visible ones and by query, and counts them', async () => {
    await createFramework({ idnumber: 'FW-HID', shortname: 'Zebra hidden', visible: 0 });
    const context = { contextid: systemContextId };
    const all = await ok<Framework[]>(site, manager, 'core_competency_list_competency_frameworks', { context });
    const names = all.map((f) => f.shortname);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toContain('Zebra hidden');
    const visible = await ok<Framework[]>(site, learner, 'core_competency_list_competency_frameworks', { context, onlyvisible: 1 });
    expect(visible.map((f) => f.shortname)).not.toContain('Zebra hidden');
    const queried = await ok<Framework[]>(site, manager, 'core_competency_list_competency_frameworks', { context, query: 'zebra' });
    expect(queried.map((f) => f.idnumber)).toEqual(['FW-HID']);
    expect(await ok<number>(site, manager, 'core_competency_count_competency_frameworks', { context })).toBe(all.length);
    const page = await ok<{ competencyframeworks: Framework[]; canmanage: boolean; scales: Array<{ name: string }> }>(site, manager, 'tool_lp_data_for_competency_frameworks_manage_page', { pagecontext: context });
    expect(page.competencyframeworks.length).toBe(all.length);
    expect(page.canmanage).toBe(true);
    expect(page.scales.map((s) => s.name)).toContain('Default competence scale');
    expect((await call(site, manager, 'core_competency_list_competency_frameworks', { context, order: 'sideways' })).exception?.errorcode).toBe('invalidparameter');
  });

  it('answers the values of a scale numbered from 1', async () => {
    expect(await ok(site, learner, 'core_competency_get_scale_values', { scaleid })).toEqual([
      { id: 1, name: 'Not yet competent' },
      { id: 2, name: 'Competent' },
    ]);
    expect((await call(site, learner, 'core_competency_get_scale_values', { scaleid: 999999 })).exception?.errorcode).toBe('invalidrecord');
  });

  it('keeps paths and sort orders right when adding, moving up and down, and moving under another parent', async () => {
    const fw = await createFramework({ idnumber: 'FW-TREE' });
    const a = await add(fw.id, 'A');
    const b = await add(fw.id, 'B');
    const a1 = await add(fw.id, 'A1', a.id);
    const a2 = await add(fw.id, 'A2', a.id);
    const a11 = await add(fw.id, 'A11', a1.id);
    expect([a.path, b.path, a1.path, a11.path]).toEqual(['/0/', '/0/', `/0/${a.id}/`, `/0/${a.id}/${a1.id}/`]);
    expect([a.sortorder, b.sortorder, a1.sortorder, a2.sortorder]).toEqual([0, 1, 0, 1]);
    expect(await ok(site, manager, 'core_competency_move_up_competency', { id: a1.id })).toBe(false);
    expect(await ok(site, manager, 'core_competency_move_down_competency', { id: a2.id })).toBe(false);
    expect(await ok(site, manager, 'core_competency_move_down_competency', { id: a1.id })).toBe(true);
    expect([(await read(a1.id)).sortorder, (await read(a2.id)).sortorder]).toEqual([1, 0]);
    // A1 (with A11) moves under B: paths below it follow, A's remaining child closes the gap.
    expect(await ok(site, manager, 'core_competency_set_parent_competency', { competencyid: a1.id, parentid: b.id })).toBe(true);
    expect(await read(a1.id)).toMatchObject({ parentid: b.id, path: `/0/${b.id}/`, sortorder: 0 });
    expect((await read(a11.id)).path).toBe(`/0/${b.id}/${a1.id}/`);
    expect((await read(a2.id)).sortorder).toBe(0);
    const refused = await call(site, manager, 'core_competency_set_parent_competency', { competencyid: a1.id, parentid: a1.id });
    expect(refused.exception?.errorcode).toBe('invalidparent');
  });

  it('moving under its own descendant lifts its children to its parent and resets the rules', async () => {
    const fw = await createFramework({ idnumber: 'FW-DESC' });
    const root = await add(fw.id, 'R');
    const x = await add(fw.id, 'X', root.id);
    const y = await add(fw.id, 'Y', x.id);
    const z = await add(fw.id, 'Z', y.id);
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: x.id, ruleoutcome: 2, ruletype: RULE_ALL } });
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: root.id, ruleoutcome: 1, ruletype: RULE_ALL } });
    expect(await ok(site, manager, 'core_competency_set_parent_competency', { competencyid: x.id, parentid: z.id })).toBe(true);
    expect(await read(y.id)).toMatchObject({ parentid: root.id, path: `/0/${root.id}/` });
    expect((await read(z.id)).path).toBe(`/0/${root.id}/${y.id}/`);
    expect(await read(x.id)).toMatchObject({ parentid: z.id, path: `/0/${root.id}/${y.id}/${z.id}/`, ruleoutcome: 0, ruletype: null });
    expect((await read(root.id)).ruletype).toBeNull();
  });

  it('validates rules: outcome none always, all on parents only, points per the children', async () => {
    const fw = await createFramework({ idnumber: 'FW-RULE' });
    const p = await add(fw.id, 'P');
    const leaf = await add(fw.id, 'LEAF');
    const c1 = await add(fw.id, 'C1', p.id);
    const c2 = await add(fw.id, 'C2', p.id);
    const update = (id: number, rule: Record<string, unknown>) => call<boolean>(site, manager, 'core_competency_update_competency', { competency: { id, ...rule } });
    expect((await update(leaf.id, { ruleoutcome: 2, ruletype: RULE_ALL })).exception?.errorcode).toBe('rulenochildren');
    expect((await update(leaf.id, { ruleoutcome: 0 })).data).toBe(true);
    expect((await update(p.id, { ruleoutcome: 2, ...pointsConfig(3, [[c1.id, 1, 0], [c2.id, 1, 1]]) })).exception?.errorcode).toBe('pointsnotenough');
    expect((await update(p.id, { ruleoutcome: 2, ...pointsConfig(1, [[c1.id, -1, 0], [c2.id, 3, 1]]) })).exception?.errorcode).toBe('pointsnegative');
    expect((await update(p.id, { ruleoutcome: 2, ...pointsConfig(1, [[leaf.id, 2, 0]]) })).exception?.errorcode).toBe('pointsnotchild');
    expect((await update(p.id, { ruleoutcome: 2, ruletype: 'nonsense' })).exception?.errorcode).toBe('invalidruletype');
    expect((await update(p.id, { ruleoutcome: 3, ...pointsConfig(2, [[c1.id, 1, 1], [c2.id, 1, 0]]) })).data).toBe(true);
    expect(await read(p.id)).toMatchObject({ ruleoutcome: 3, ruletype: pointsConfig(1, []).ruletype });
    // Adding a child resets the parent's rule.
    await add(fw.id, 'C3', p.id);
    expect(await read(p.id)).toMatchObject({ ruleoutcome: 0, ruletype: null, ruleconfig: null });
  });

  it('refuses a competency id number taken in the framework, and searches with ancestors', async () => {
    const fw = await createFramework({ idnumber: 'FW-SEARCH' });
    const top = await add(fw.id, 'TOP');
    const mid = await add(fw.id, 'MID', top.id);
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: mid.id, shortname: 'Spreadsheet formulas' } });
    await add(fw.id, 'OTHER');
    const dup = await call(site, manager, 'core_competency_create_competency', { competency: { competencyframeworkid: fw.id, shortname: 'Again', idnumber: 'TOP' } });
    expect(dup.exception?.errorcode).toBe('idnumbertaken');
    const found = await ok<Competency[]>(site, learner, 'core_competency_search_competencies', { searchtext: 'SPREADSHEET', competencyframeworkid: fw.id });
    expect(found.map((c) => c.idnumber)).toEqual(['TOP', 'MID']);
    expect(await ok<Competency[]>(site, learner, 'core_competency_search_competencies', { searchtext: '100%', competencyframeworkid: fw.id })).toEqual([]);
    // The description is searched too, in any case, and text never matches across two fields.
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: top.id, shortname: 'TOP', description: 'Builds <b>Pivot</b> tables' } });
    const byDescription = await ok<Competency[]>(site, learner, 'core_competency_search_competencies', { searchtext: 'pivot', competencyframeworkid: fw.id });
    expect(byDescription.map((c) => c.idnumber)).toEqual(['TOP']);
    expect(await ok<Competency[]>(site, learner, 'core_competency_search_competencies', { searchtext: 'formulas mid', competencyframeworkid: fw.id })).toEqual([]);
    const page = await ok<{ competencies: TreeNode[]; canmanage: boolean }>(site, learner, 'tool_lp_data_for_competencies_manage_page', { competencyframeworkid: fw.id, search: '' });
    expect(page.competencies.map((c) => c.idnumber)).toEqual(['TOP', 'OTHER', 'MID']);
    expect(page.competencies.map((c) => c.childcount)).toEqual([1, 0, 0]);
    expect(page.canmanage).toBe(false);
  });

  it('answers whole levels of a large tree within the first-load budget, the rest branch by branch, with each node\'s child count', async () => {
    const fw = await createFramework({ idnumber: 'FW-LAZY' });
    // 4 domains × 5 competencies × enough indicators that the third level does not fit the budget.
    const indicators = Math.floor(TREE_FIRST_LOAD_MAX / 20) + 1;
    await insertTree(site, fw.id, [4, 5, indicators]);
    const page = await ok<{ competencies: TreeNode[] }>(site, learner, 'tool_lp_data_for_competencies_manage_page', { competencyframeworkid: fw.id, search: '' });
    const levels = (nodes: TreeNode[]) => nodes.map((c) => c.path.split('/').filter(Boolean).length);
    expect(new Set(levels(page.competencies))).toEqual(new Set([1, 2]));
    expect(page.competencies).toHaveLength(24);
    // No competency has only some of its children in the answer.
    for (const node of page.competencies) {
      const present = page.competencies.filter((c) => c.parentid === node.id).length;
      expect([0, node.childcount]).toContain(present);
    }
    expect(page.competencies.filter((c) => c.parentid === 0).map((c) => c.childcount)).toEqual([5, 5, 5, 5]);
    expect(page.competencies.filter((c) => c.parentid !== 0).every((c) => c.childcount === indicators)).toBe(true);

    const branch = (parentid: number, session = learner, frameworkid = fw.id) => call<TreeNode[]>(site, session, 'tool_lp_list_competency_tree_branch', { competencyframeworkid: frameworkid, parentid });
    const top = (await branch(0)).data ?? [];
    expect(top.map((c) => [c.idnumber, c.childcount])).toEqual([['R.0', 5], ['R.1', 5], ['R.2', 5], ['R.3', 5]]);
    const second = page.competencies.find((c) => c.idnumber === 'R.2.3')!;
    const leaves = (await branch(second.id)).data ?? [];
    // In sort order (the rows were inserted in reverse), none with children.
    expect(leaves.map((c) => c.idnumber)).toEqual(Array.from({ length: indicators }, (_, i) => `R.2.3.${i}`));
    expect(leaves.every((c) => c.childcount === 0 && c.parentid === second.id && c.path === `${second.path}${second.id}/`)).toBe(true);
    expect((await branch(leaves[0]!.id)).data).toEqual([]);

    // A search answers the matches with their ancestors, each with its whole child count.
    const found = await ok<{ competencies: TreeNode[] }>(site, learner, 'tool_lp_data_for_competencies_manage_page', { competencyframeworkid: fw.id, search: 'R.2.3.4' });
    expect(found.competencies.map((c) => [c.idnumber, c.childcount])).toEqual([['R.2', 5], ['R.2.3', indicators], ['R.2.3.4', 0]]);

    // An unknown parent, or one of another framework, is refused as an unknown record, not a server fault.
    const other = await createFramework({ idnumber: 'FW-LAZY-OTHER' });
    const stranger = await add(other.id, 'STRANGER');
    for (const refused of [await branch(999_999), await branch(stranger.id)]) {
      expect(refused.exception?.errorcode).toBe('invalidrecord');
      expect(refused.exception?.message).toBe("Can't find data record in database table competency.");
    }
    expect((await branch(0, learner, 999_999)).exception?.errorcode).toBe('invalidrecord');
  });

  it('lists and counts competencies by exact filters with sorting and paging; refuses bad filters and unreadable frameworks', async () => {
    const fw = await createFramework({ idnumber: 'FW-LIST' });
    const top = await add(fw.id, 'L-TOP');
    const kids = [await add(fw.id, 'L-B', top.id), await add(fw.id, 'L-A', top.id), await add(fw.id, 'L-C', top.id)];
    const filters = [{ column: 'competencyframeworkid', value: String(fw.id) }, { column: 'parentid', value: String(top.id) }];
    const list = (args: Record<string, unknown>, session = learner) => ok<Competency[]>(site, session, 'core_competency_list_competencies', { filters, ...args });
    expect((await list({ sort: 'sortorder' })).map((c) => c.idnumber)).toEqual(['L-B', 'L-A', 'L-C']);
    expect((await list({ sort: 'idnumber', order: 'DESC' })).map((c) => c.idnumber)).toEqual(['L-C', 'L-B', 'L-A']);
    expect((await list({ sort: 'idnumber', skip: 1, limit: 1 })).map((c) => c.idnumber)).toEqual(['L-B']);
    expect((await list({ sort: 'idnumber', skip: 2 })).map((c) => c.idnumber)).toEqual(['L-C']);
    expect(await ok(site, learner, 'core_competency_count_competencies', { filters })).toBe(3);
    expect(await ok(site, learner, 'core_competency_count_competencies', { filters: [...filters, { column: 'idnumber', value: 'L-A' }] })).toBe(1);
    const byId = await ok<Competency[]>(site, learner, 'core_competency_list_competencies', { filters: [{ column: 'id', value: String(kids[0]!.id) }] });
    expect(byId.map((c) => c.id)).toEqual([kids[0]!.id]);
    expect(await ok(site, learner, 'core_competency_count_competencies', { filters: [{ column: 'shortname', value: 'Competency L-TOP' }] })).toBe(1);
    const notNumber = await call(site, learner, 'core_competency_list_competencies', { filters: [{ column: 'parentid', value: 'one' }] });
    expect(notNumber.exception?.errorcode).toBe('invalidparameter');
    const badColumn = await call(site, learner, 'core_competency_count_competencies', { filters: [{ column: 'ruleconfig', value: 'x' }] });
    expect(badColumn.exception?.errorcode).toBe('invalidparameter');
    expect((await call(site, learner, 'core_competency_list_competencies', { filters: [{ column: 'competencyframeworkid', value: '999999' }] })).exception?.errorcode).toBe('invalidrecord');
    // Without competencyview, neither the framework's nor the system's competencies are listed.
    const blocked = await site.createUser('nocompview');
    const role = await db().insertInto('role').values({ name: 'No competency view', shortname: 'nocompview', description: '', sortorder: 900, archetype: '' }).returning('id').executeTakeFirstOrThrow();
    const t = Math.floor(Date.now() / 1000);
    await db().insertInto('role_capabilities').values({ contextid: systemContextId, roleid: role.id, capability: 'moodle/competency:competencyview', permission: -1000, timemodified: t, modifierid: 0 }).execute();
    await db().insertInto('role_assignments').values({ roleid: role.id, contextid: systemContextId, userid: blocked }).execute();
    const blockedSession = await site.sessionFor(blocked);
    expect((await call(site, blockedSession, 'core_competency_list_competencies', { filters })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, blockedSession, 'core_competency_count_competencies', { filters: [] })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, blockedSession, 'tool_lp_list_competency_tree_branch', { competencyframeworkid: fw.id, parentid: top.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, blockedSession, 'tool_lp_list_competency_tree_branch', { competencyframeworkid: fw.id, parentid: 0 })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, learner, 'tool_lp_list_competency_tree_branch', { competencyframeworkid: fw.id, parentid: top.id })).data).toHaveLength(3);
  });

  it('logs a framework view for those who may read it', async () => {
    const fw = await createFramework({ idnumber: 'FW-VIEWED' });
    expect(await ok(site, learner, 'core_competency_competency_framework_viewed', { id: fw.id })).toBe(true);
    const logged = await db().selectFrom('logstore_standard_log').select(['objectid', 'contextid']).where('eventname', '=', '\\core\\event\\competency_framework_viewed').execute();
    expect(logged).toContainEqual({ objectid: fw.id, contextid: systemContextId });
    expect((await call(site, learner, 'core_competency_competency_framework_viewed', { id: 999_999 })).exception?.errorcode).toBe('invalidrecord');
  });

  it('relates competencies both ways, refuses itself, and removes relations', async () => {
    const fw = await createFramework({ idnumber: 'FW-REL' });
    const a = await add(fw.id, 'RA');
    const b = await add(fw.id, 'RB');
    expect((await call(site, manager, 'core_competency_add_related_competency', { competencyid: a.id, relatedcompetencyid: a.id })).exception?.errorcode).toBe('relatedself');
    expect(await ok(site, manager, 'core_competency_add_related_competency', { competencyid: b.id, relatedcompetencyid: a.id })).toBe(true);
    expect(await ok(site, manager, 'core_competency_add_related_competency', { competencyid: a.id, relatedcompetencyid: b.id })).toBe(true);
    const section = await ok<{ relatedcompetencies: Competency[]; showdeleterelatedaction: boolean }>(site, learner, 'tool_lp_data_for_related_competencies_section', { competencyid: a.id });
    expect(section.relatedcompetencies.map((c) => c.idnumber)).toEqual(['RB']);
    expect(section.showdeleterelatedaction).toBe(false);
    const summary = await ok<{ relatedcompetencies: Competency[]; taxonomyterm: string; scalevalues: unknown[] }>(site, learner, 'tool_lp_data_for_competency_summary', { competencyid: b.id, includerelated: true });
    expect(summary.relatedcompetencies.map((c) => c.idnumber)).toEqual(['RA']);
    expect(summary.taxonomyterm).toBe('domain');
    expect(summary.scalevalues).toHaveLength(2);
    expect(await ok(site, learner, 'tool_lp_list_courses_using_competency', { id: b.id })).toEqual([]);
    expect(await ok(site, learner, 'core_competency_count_courses_using_competency', { id: b.id })).toBe(0);
    expect(await ok(site, manager, 'core_competency_remove_related_competency', { competencyid: b.id, relatedcompetencyid: a.id })).toBe(true);
    expect(await ok(site, manager, 'core_competency_remove_related_competency', { competencyid: b.id, relatedcompetencyid: a.id })).toBe(false);
  });

  it('deletes a competency with its subtree and relations, resetting the parent rule; false when in use', async () => {
    const fw = await createFramework({ idnumber: 'FW-DEL' });
    const p = await add(fw.id, 'DP');
    const c = await add(fw.id, 'DC', p.id);
    const g = await add(fw.id, 'DG', c.id);
    const s = await add(fw.id, 'DS', p.id);
    await ok(site, manager, 'core_competency_add_related_competency', { competencyid: g.id, relatedcompetencyid: s.id });
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: p.id, ruleoutcome: 1, ruletype: RULE_ALL } });
    expect(await ok(site, manager, 'core_competency_delete_competency', { id: c.id })).toBe(true);
    expect(await db().selectFrom('competency').select('id').where('id', 'in', [c.id, g.id]).execute()).toEqual([]);
    expect(await db().selectFrom('competency_relatedcomp').select('id').where('competencyid', '=', g.id).execute()).toEqual([]);
    expect(await read(s.id)).toMatchObject({ sortorder: 0 });
    expect((await read(p.id)).ruletype).toBeNull();
    // A rating (the learning-plan side's table) holds the sibling: neither it nor the framework can go.
    await db().schema.createTable('competency_usercomp').ifNotExists().addColumn('id', 'integer').addColumn('userid', 'integer').addColumn('competencyid', 'integer').execute();
    await sql`insert into competency_usercomp (id, userid, competencyid) values (${990000 + s.id}, 1, ${s.id})`.execute(db());
    try {
      expect(await ok(site, manager, 'core_competency_delete_competency', { id: p.id })).toBe(false);
      expect(await ok(site, manager, 'core_competency_delete_competency_framework', { id: fw.id })).toBe(false);
      expect((await read(s.id)).id).toBe(s.id);
      // Ratings are scale indexes: the framework's scale is locked while any exist.
      const other = (await db().selectFrom('scale').select('id').where('id', '!=', scaleid).executeTakeFirstOrThrow()).id;
      const { contextlevel: _l, ...fields } = frameworkArgs(other, { idnumber: 'FW-DEL', scaleconfiguration: JSON.stringify([{ scaleid: other }, { id: 1, scaledefault: 1, proficient: 1 }]) }).competencyframework;
      const locked = await call(site, manager, 'core_competency_update_competency_framework', { competencyframework: { ...fields, id: fw.id } });
      expect(locked.exception?.errorcode).toBe('scalelocked');
      expect(locked.exception?.fielderrors?.[0]?.field).toBe('scaleid');
    } finally {
      await sql`delete from competency_usercomp where id = ${990000 + s.id}`.execute(db());
    }
    expect(await ok(site, manager, 'core_competency_delete_competency_framework', { id: fw.id })).toBe(true);
    expect(await db().selectFrom('competency').select('id').where('competencyframeworkid', '=', fw.id).execute()).toEqual([]);
  });

  it('duplicates a framework with its tree, remapped rules and relations', async () => {
    const fw = await createFramework({ idnumber: 'FW-DUP', shortname: 'Original' });
    const p = await add(fw.id, 'UP');
    const c1 = await add(fw.id, 'UC1', p.id);
    const c2 = await add(fw.id, 'UC2', p.id);
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: p.id, ruleoutcome: 2, ...pointsConfig(2, [[c1.id, 1, 1], [c2.id, 1, 0]]) } });
    await ok(site, manager, 'core_competency_add_related_competency', { competencyid: c1.id, relatedcompetencyid: c2.id });
    const copy = await ok<Framework>(site, manager, 'core_competency_duplicate_competency_framework', { id: fw.id });
    expect(copy).toMatchObject({ shortname: 'Original (copy)', idnumber: 'FW-DUP_1', competenciescount: 3 });
    const again = await ok<Framework>(site, manager, 'core_competency_duplicate_competency_framework', { id: fw.id });
    expect(again.idnumber).toBe('FW-DUP_2');
    const rows = await db().selectFrom('competency').selectAll().where('competencyframeworkid', '=', copy.id).execute();
    const byIdnumber = new Map(rows.map((r) => [r.idnumber, r]));
    const np = byIdnumber.get('UP')!;
    const n1 = byIdnumber.get('UC1')!;
    expect(n1.path).toBe(`/0/${np.id}/`);
    expect((JSON.parse(np.ruleconfig ?? '{}') as Points).competencies.map((c) => c.id)).toEqual([n1.id, byIdnumber.get('UC2')!.id]);
    expect(await db().selectFrom('competency_relatedcomp').select('id').where('competencyid', 'in', [n1.id, byIdnumber.get('UC2')!.id]).execute()).toHaveLength(1);
  });

  it('exports a framework as CSV and imports it back after a preview that writes nothing', async () => {
    const fw = await createFramework({ idnumber: 'FW-CSV', shortname: 'Exported' });
    const p = await add(fw.id, 'XP');
    const c1 = await add(fw.id, 'XC1', p.id);
    const c2 = await add(fw.id, 'XC2', p.id);
    await ok(site, manager, 'core_competency_update_competency', { competency: { id: p.id, ruleoutcome: 2, ...pointsConfig(2, [[c1.id, 1, 1], [c2.id, 1, 0]]) } });
    await ok(site, manager, 'core_competency_add_related_competency', { competencyid: c1.id, relatedcompetencyid: c2.id });
    const exported = await ok<{ csv: string; filename: string }>(site, learner, 'tool_lp_export_framework_csv', { id: fw.id });
    expect(exported.filename).toBe('FW-CSV.csv');
    const csv = exported.csv.replace(',FW-CSV,Exported,', ',FW-CSV2,Imported,');
    const before = await count('competency');
    type Import = { errors: Array<{ row: number; message: string }>; rows: Array<{ depth: number }>; frameworkid: number };
    const preview = await ok<Import>(site, manager, 'tool_lp_import_framework_csv', { csv, contextid: systemContextId, preview: 1 });
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => r.depth)).toEqual([1, 2, 2]);
    expect(await count('competency')).toBe(before);
    const broken = csv.replace(/\nXP,XC2,/, '\nNOPE,XC2,');
    const refused = await ok<Import>(site, manager, 'tool_lp_import_framework_csv', { csv: broken, contextid: systemContextId, preview: 0 });
    // The moved row breaks its parent id number, and so the parent's points rule, which lists it.
    expect(refused.errors).toEqual([
      { row: 3, message: 'Only direct children can give points.' },
      { row: 5, message: 'No competency has the parent ID number NOPE.' },
    ]);
    expect(refused.frameworkid).toBe(0);
    expect(await count('competency')).toBe(before);
    const done = await ok<Import>(site, manager, 'tool_lp_import_framework_csv', { csv, contextid: systemContextId, preview: 0 });
    const rows = await db().selectFrom('competency').selectAll().where('competencyframeworkid', '=', done.frameworkid).execute();
    const np = rows.find((r) => r.idnumber === 'XP')!;
    expect(np.ruleoutcome).toBe(2);
    expect((JSON.parse(np.ruleconfig ?? '{}') as Points).competencies.map((c) => c.id).sort()).toEqual(rows.filter((r) => r.parentid === np.id).map((r) => r.id).sort());
    expect((await call(site, learner, 'tool_lp_import_framework_csv', { csv, contextid: systemContextId })).exception?.errorcode).toBe('nopermissions');
  });
});
