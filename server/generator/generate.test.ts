import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE, CONTEXT_USER } from '../platform/access/types';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { GENERATED_FRAMEWORK, GENERATED_TEMPLATE, GeneratorInterrupted, generateSite, type GeneratorProgress } from './generate';
import { SIZES, competencyCount } from './sizes';

const size = SIZES.XS;

describe.each(testDialects)('large-site generator on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  async function count(table: 'user' | 'course' | 'tag' | 'logstore_standard_log', column: string, like: string): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} like ${like}`.execute(site.platform.db);
    return Number(rows[0]?.n ?? 0);
  }

  it('stops part-way like a crash, resumes to exactly the target, and a second run adds nothing', async () => {
    const db = site.platform.db;
    await expect(generateSite(db, { size, passwordHash: 'x', stopAfterChunks: 2 })).rejects.toBeInstanceOf(GeneratorInterrupted);
    // Categories and users committed; the courses chunk was written and rolled back.
    expect(await count('user', 'username', 'gen%')).toBe(size.users);
    expect(await count('course', 'shortname', 'GEN%')).toBe(0);

    const seen: GeneratorProgress[] = [];
    await generateSite(db, { size, passwordHash: 'x', onProgress: (p) => seen.push(p) });
    await generateSite(db, { size, passwordHash: 'x' });

    expect(await count('user', 'username', 'gen%')).toBe(size.users);
    expect(await count('course', 'shortname', 'GEN%')).toBe(size.courses);
    expect(await count('tag', 'name', '% %')).toBeGreaterThanOrEqual(size.tags);
    expect(await count('logstore_standard_log', 'ip', '10.%')).toBe(size.logRows);
    const instances = await db.selectFrom('tag_instance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(instances.n)).toBe(size.tagInstances);
    // Progress is reported per step and ends at each step's total.
    for (const step of ['users', 'courses', 'logs'] as const) {
      const last = seen.filter((p) => p.step === step).at(-1);
      expect(last && last.done === last.total).toBe(true);
    }
  });

  it('builds a consistent site: every context has its path, activities sit in their sections', async () => {
    const db = site.platform.db;
    const broken = await db.selectFrom('context').select(['id', 'path']).where((eb) => eb.or([eb('path', '=', ''), eb('depth', '=', 0)])).execute();
    expect(broken).toEqual([]);
    const system = await getSystemContext(db);
    const users = await db
      .selectFrom('user')
      .leftJoin('context', (j) => j.onRef('context.instanceid', '=', 'user.id').on('context.contextlevel', '=', CONTEXT_USER))
      .select(['context.id', 'context.path'])
      .where('user.username', 'like', 'gen%')
      .execute();
    expect(users).toHaveLength(size.users);
    expect(users.filter((u) => u.path !== `${system.path}/${u.id}`)).toEqual([]);

    const long = await db.selectFrom('course').select('id').where('shortname', '=', 'GEN2').executeTakeFirstOrThrow();
    const courseContext = await db.selectFrom('context').select(['id', 'path']).where('contextlevel', '=', CONTEXT_COURSE).where('instanceid', '=', long.id).executeTakeFirstOrThrow();
    const cms = await db.selectFrom('course_modules').select(['id', 'section']).where('course', '=', long.id).execute();
    expect(cms).toHaveLength(size.longCourseActivities);
    const moduleContexts = await db.selectFrom('context').select(['instanceid', 'path']).where('contextlevel', '=', CONTEXT_MODULE).where('instanceid', 'in', cms.map((c) => c.id)).execute();
    expect(moduleContexts.every((c) => c.path.startsWith(`${courseContext.path}/`))).toBe(true);
    const sections = await db.selectFrom('course_sections').select(['id', 'sequence']).where('course', '=', long.id).execute();
    const listed = sections.flatMap((s) => (s.sequence ? s.sequence.split(',').map(Number) : []));
    expect(listed.sort((a, b) => a - b)).toEqual(cms.map((c) => c.id).sort((a, b) => a - b));
  });

  it('gives the server data it can use: the large lecture lists its participants to its teacher', async () => {
    const db = site.platform.db;
    const lecture = await db.selectFrom('course').select('id').where('shortname', '=', 'GEN1').executeTakeFirstOrThrow();
    const teacher = await db
      .selectFrom('role_assignments')
      .innerJoin('role', 'role.id', 'role_assignments.roleid')
      .innerJoin('context', 'context.id', 'role_assignments.contextid')
      .select('role_assignments.userid')
      .where('role.shortname', '=', 'editingteacher')
      .where('context.contextlevel', '=', CONTEXT_COURSE)
      .where('context.instanceid', '=', lecture.id)
      .executeTakeFirstOrThrow();
    const { json } = await site.ajax([{ methodname: 'core_enrol_list_participants', args: { courseid: lecture.id, perpage: 5 } }], await site.sessionFor(teacher.userid));
    const answer = (json as Array<{ error: boolean; data: { total: number; participants: unknown[] } }>)[0];
    expect(answer?.error).toBe(false);
    expect(answer?.data.total).toBe(size.lectureStudents + 1);
    expect(answer?.data.participants).toHaveLength(5);
  });

  it('gives the large lecture an assignment: nine in ten students have a submission, a third of the submitted ones graded', async () => {
    const db = site.platform.db;
    const lecture = await db.selectFrom('course').select('id').where('shortname', '=', 'GEN1').executeTakeFirstOrThrow();
    const assign = await db.selectFrom('assign').select('id').where('course', '=', lecture.id).executeTakeFirstOrThrow();
    const cm = await db.selectFrom('course_modules').innerJoin('modules', 'modules.id', 'course_modules.module').select('course_modules.id').where('modules.name', '=', 'assign').where('course_modules.instance', '=', assign.id).executeTakeFirstOrThrow();
    const context = await db.selectFrom('context').select('path').where('contextlevel', '=', CONTEXT_MODULE).where('instanceid', '=', cm.id).executeTakeFirstOrThrow();
    expect(context.path).not.toBe('');
    const submissions = await db.selectFrom('assign_submission').select(['userid', 'status']).where('assignment', '=', assign.id).execute();
    const expected = Array.from({ length: size.lectureStudents }, (_, n) => n).filter((n) => n % 10 !== 0);
    expect(submissions).toHaveLength(expected.length);
    expect(submissions.filter((s) => s.status === 'draft')).toHaveLength(expected.filter((n) => n % 10 === 1).length);
    const texts = await db.selectFrom('assignsubmission_onlinetext').select('submission').where('assignment', '=', assign.id).execute();
    expect(texts).toHaveLength(expected.length);
    const grades = await db.selectFrom('assign_grades').select('grade').where('assignment', '=', assign.id).execute();
    expect(grades).toHaveLength(expected.filter((n) => n % 10 !== 1 && n % 3 === 0).length);
    expect(grades.every((g) => Number(g.grade) >= 40 && Number(g.grade) <= 100)).toBe(true);
  });

  it('builds the competency framework as a tree: every path names its ancestors, siblings numbered in order', async () => {
    const db = site.platform.db;
    const framework = await db.selectFrom('competency_framework').select('id').where('idnumber', '=', GENERATED_FRAMEWORK).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('competency').select(['id', 'idnumber', 'parentid', 'path', 'sortorder']).where('competencyframeworkid', '=', framework.id).execute();
    expect(rows).toHaveLength(competencyCount(size.competencyTree));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows.filter((r) => r.path !== (r.parentid ? `${byId.get(r.parentid)?.path}${r.parentid}/` : '/0/'))).toEqual([]);
    // An indicator's idnumber extends its parent's.
    expect(rows.filter((r) => r.parentid && !r.idnumber.startsWith(`${byId.get(r.parentid)?.idnumber}.`))).toEqual([]);
    const [domains, perDomain] = size.competencyTree;
    expect(rows.filter((r) => r.parentid === 0).map((r) => r.sortorder).sort((a, b) => a - b)).toEqual(Array.from({ length: domains }, (_, i) => i));
    const first = rows.find((r) => r.idnumber === 'GEN-1');
    expect(rows.filter((r) => r.parentid === first?.id)).toHaveLength(perDomain);
  });

  it('gives the first learners a plan from the generated template, with their template competencies partly rated', async () => {
    const db = site.platform.db;
    const template = await db.selectFrom('competency_template').select('id').where('shortname', '=', GENERATED_TEMPLATE).executeTakeFirstOrThrow();
    const templateCompetencies = (await db.selectFrom('competency_templatecomp').select('competencyid').where('templateid', '=', template.id).execute()).map((r) => r.competencyid);
    expect(templateCompetencies.length).toBeGreaterThan(0);
    expect(new Set(templateCompetencies).size).toBe(templateCompetencies.length);
    const plans = await db.selectFrom('competency_plan').select(['userid', 'status']).where('templateid', '=', template.id).execute();
    expect(plans).toHaveLength(size.plans);
    expect(new Set(plans.map((p) => p.userid)).size).toBe(size.plans);
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set([0, 1, 3]));
    const ratings = await db.selectFrom('competency_usercomp').select(['userid', 'competencyid', 'grade', 'proficiency']).where('userid', 'in', plans.map((p) => p.userid)).execute();
    expect(ratings.length).toBeGreaterThanOrEqual(size.plans);
    expect(ratings.every((r) => templateCompetencies.includes(r.competencyid))).toBe(true);
    expect(ratings.every((r) => (r.grade === 2) === (r.proficiency === 1))).toBe(true);
  });
});
