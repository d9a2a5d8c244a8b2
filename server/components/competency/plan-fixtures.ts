import type { Competency, Framework } from '../../../api/competency';
import { getContext } from '../../platform/access/contexts';
import { setRolePermission } from '../../platform/access/install';
import { CAP_ALLOW, CONTEXT_SYSTEM } from '../../platform/access/types';
import { now } from '../../platform/platform';
import type { TestSite } from '../../test/site';
import { callAs, createPageActivity, type Session } from '../tag/fixtures';
import { competenceScale, frameworkArgs, makeManager, ok } from './fixtures';

export { callAs as call, ok, type Session };

/**
 * The world the learning-plan tests share: a manager (manager role at system level), a teacher and two
 * learners enrolled in a course, and a framework "P" with a parent and three children on the default
 * competence scale ("Not yet competent" default, "Competent" proficient).
 */
export interface PlanWorld {
  site: TestSite;
  manager: Session;
  managerId: number;
  teacher: Session;
  teacherId: number;
  learner: Session;
  learnerId: number;
  other: Session;
  otherId: number;
  courseid: number;
  framework: Framework;
  parent: Competency;
  children: Competency[];
  scaleid: number;
  systemContextId: number;
}

let counter = 0;

export async function buildPlanWorld(site: TestSite): Promise<PlanWorld> {
  const managerId = await site.createUser('plmanager', { firstname: 'Mona', lastname: 'Manager' });
  await makeManager(site, managerId);
  const teacherId = await site.createUser('plteacher', { firstname: 'Theo', lastname: 'Teacher' });
  const learnerId = await site.createUser('pllearner', { firstname: 'Lee', lastname: 'Learner' });
  const otherId = await site.createUser('plother', { firstname: 'Olga', lastname: 'Other' });
  const courseid = await site.createCourse('Plans 101', 'PL101');
  await site.enrol(teacherId, courseid, 'editingteacher');
  await site.enrol(learnerId, courseid, 'student');
  await site.enrol(otherId, courseid, 'student');
  const manager = await site.sessionFor(managerId);
  const scaleid = await competenceScale(site);
  const framework = await ok<Framework>(site, manager, 'core_competency_create_competency_framework', frameworkArgs(scaleid, { idnumber: 'PLANFW', shortname: 'Plan skills' }));
  const add = (idnumber: string, parentid = 0) =>
    ok<Competency>(site, manager, 'core_competency_create_competency', { competency: { competencyframeworkid: framework.id, parentid, shortname: `Skill ${idnumber}`, idnumber } });
  const parent = await add('P');
  const children = [await add('C1', parent.id), await add('C2', parent.id), await add('C3', parent.id)];
  const system = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', CONTEXT_SYSTEM).executeTakeFirstOrThrow();
  return {
    site,
    manager,
    managerId,
    teacher: await site.sessionFor(teacherId),
    teacherId,
    learner: await site.sessionFor(learnerId),
    learnerId,
    other: await site.sessionFor(otherId),
    otherId,
    courseid,
    framework,
    parent,
    children,
    scaleid,
    systemContextId: system.id,
  };
}

/** A plan row made directly in a status, for transition tests. */
export async function planInStatus(site: TestSite, userid: number, status: number, fields: { templateid?: number | null; duedate?: number } = {}): Promise<number> {
  counter += 1;
  const t = now();
  const row = await site.platform.db
    .insertInto('competency_plan')
    .values({ name: `Plan ${counter}`, userid, status, templateid: fields.templateid ?? null, origtemplateid: null, reviewerid: null, duedate: fields.duedate ?? 0, timecreated: t, timemodified: t, usermodified: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Lets every authenticated user keep draft plans of their own (as many sites configure). */
export async function allowOwnDraftPlans(site: TestSite): Promise<void> {
  const db = site.platform.db;
  const role = await db.selectFrom('role').select('id').where('shortname', '=', 'user').executeTakeFirstOrThrow();
  const system = await getContext(db, CONTEXT_SYSTEM, 0);
  if (!system) throw new Error('no system context');
  for (const capability of ['moodle/competency:planviewowndraft', 'moodle/competency:planmanageowndraft']) await setRolePermission(db, role.id, system.id, capability, CAP_ALLOW, 0);
}

/** A page activity listed in the course's first section. */
export async function listedActivity(site: TestSite, courseid: number, name: string): Promise<number> {
  const cmid = await createPageActivity(site, courseid, name);
  const db = site.platform.db;
  const section = await db.selectFrom('course_sections').select(['id', 'sequence']).where('course', '=', courseid).where('section', '=', 1).executeTakeFirstOrThrow();
  await db
    .updateTable('course_sections')
    .set({ sequence: section.sequence ? `${section.sequence},${cmid}` : String(cmid) })
    .where('id', '=', section.id)
    .execute();
  return cmid;
}

export async function countRows(site: TestSite, table: 'competency_plan' | 'competency_evidence' | 'competency_usercompplan' | 'competency_template' | 'competency_userevidence'): Promise<number> {
  return Number((await site.platform.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}
