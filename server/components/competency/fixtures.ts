import { RULE_POINTS } from '../../../api/competency';
import { getSystemContext } from '../../platform/access/contexts';
import type { TestSite } from '../../test/site';
import { callAs, type Session } from '../tag/fixtures';

/** Calls one method and answers its data; throws with the exception when it fails. */
export async function ok<T>(site: TestSite, session: Session | null, methodname: string, args: unknown): Promise<T> {
  const answer = await callAs<T>(site, session, methodname, args);
  if (answer.error) throw new Error(`${methodname} failed: ${JSON.stringify(answer.exception)}`);
  return answer.data as T;
}

/** The id of the installed "Default competence scale" (Not yet competent, Competent). */
export async function competenceScale(site: TestSite): Promise<number> {
  return (await site.platform.db.selectFrom('scale').select('id').where('name', '=', 'Default competence scale').executeTakeFirstOrThrow()).id;
}

/** Gives the user the manager role at system level. */
export async function makeManager(site: TestSite, userid: number): Promise<void> {
  const db = site.platform.db;
  const role = await db.selectFrom('role').select('id').where('shortname', '=', 'manager').executeTakeFirstOrThrow();
  const system = await getSystemContext(db);
  await db.insertInto('role_assignments').values({ roleid: role.id, userid, contextid: system.id }).execute();
}

/** Framework arguments on the competence scale: "Not yet competent" default, "Competent" proficient. */
export function frameworkArgs(scaleid: number, overrides: Record<string, unknown> = {}) {
  return {
    competencyframework: {
      shortname: 'Digital skills',
      idnumber: 'DIG',
      description: '<p>Skills for a digital world.</p>',
      scaleid,
      scaleconfiguration: JSON.stringify([{ scaleid }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 0, proficient: 1 }]),
      taxonomies: 'domain,competency,indicator',
      contextlevel: 'system',
      ...overrides,
    },
  };
}

export function pointsConfig(points: number, children: Array<[number, number, 0 | 1]>): { ruletype: string; ruleconfig: string } {
  return { ruletype: RULE_POINTS, ruleconfig: JSON.stringify({ base: { points }, competencies: children.map(([id, p, required]) => ({ id, points: p, required })) }) };
}

/**
 * Inserts a framework's tree straight into the table, level by level (`widths[0]` top-level
 * competencies, `widths[1]` under each of them, …), idnumbers `R.<i>.<j>…`. Siblings are inserted in
 * reverse order, so sort order and id order differ.
 */
export async function insertTree(site: TestSite, frameworkid: number, widths: readonly number[], description = (_i: number) => ''): Promise<void> {
  const db = site.platform.db;
  let parents: Array<{ id: number; path: string; idnumber: string }> = [{ id: 0, path: '', idnumber: 'R' }];
  for (const width of widths) {
    const values = parents.flatMap((p) =>
      Array.from({ length: width }, (_, k) => {
        const i = width - 1 - k;
        return {
          competencyframeworkid: frameworkid,
          parentid: p.id,
          path: p.id ? `${p.path}${p.id}/` : '/0/',
          sortorder: i,
          idnumber: `${p.idnumber}.${i}`,
          shortname: `Competency ${p.idnumber}.${i}`,
          description: description(i),
          ruletype: null,
          ruleconfig: null,
          scaleid: null,
          scaleconfiguration: null,
        };
      }),
    );
    const next: typeof parents = [];
    for (let i = 0; i < values.length; i += 500) next.push(...(await db.insertInto('competency').values(values.slice(i, i + 500)).returning(['id', 'path', 'idnumber']).execute()));
    parents = next;
  }
}
