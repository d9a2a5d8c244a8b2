import type { Kysely } from 'kysely';
import { COMPLETION_COMPLETE, COMPLETION_TRACKING_AUTOMATIC, COMPLETION_TRACKING_MANUAL } from '../../api/completion';
import { applyModuleSettings } from '../components/completion/settings';
import { completionModule } from '../components/completion/conditions';
import { markViewed, saveModuleState } from '../components/completion/service';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import type { Platform } from '../platform/platform';
import { loadUser } from '../platform/session';
import type { CallContext } from '../ws/method';

/** The course's activities by name, with their course module ids. */
async function activities(db: Kysely<DB>, courseid: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .leftJoin('page as p', (j) => j.onRef('p.id', '=', 'cm.instance').on('m.name', '=', 'page'))
    .leftJoin('url as u', (j) => j.onRef('u.id', '=', 'cm.instance').on('m.name', '=', 'url'))
    .leftJoin('assign as a', (j) => j.onRef('a.id', '=', 'cm.instance').on('m.name', '=', 'assign'))
    .select(['cm.id', 'm.name as modname', 'p.name as page', 'u.name as url', 'a.name as assign'])
    .where('cm.course', '=', courseid)
    .execute();
  return new Map(rows.map((r) => [`${r.modname}:${r.page ?? r.url ?? r.assign ?? ''}`, r.id]));
}

/**
 * Completion for the demo site: every course tracks it; in BIO101 the handbook completes on viewing
 * (it is linked to a competency, so viewing it adds evidence), the further reading is ticked by hand
 * and the essay completes on submission. Some learners have already done each, through the same
 * service the screens use, so the course page and the reports have states to show.
 */
export async function addDemoCompletion(platform: Platform, db: Kysely<DB>): Promise<void> {
  await db.updateTable('course').set({ enablecompletion: 1 }).where('id', '>', 1).execute();
  const course = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const teacherRow = await db.selectFrom('user').select('id').where('username', '=', 'teacher1').executeTakeFirst();
  const teacher = teacherRow ? await loadUser(db, teacherRow.id) : undefined;
  if (!course || !teacher) return;
  const ctx: CallContext = { platform, db, user: teacher, session: null, access: createAccess(db, teacher.id), lang: 'en', ip: '127.0.0.1' };
  const cms = await activities(db, course.id);
  const handbook = cms.get('page:Course handbook');
  const reading = [...cms.entries()].find(([key]) => key.startsWith('url:'))?.[1];
  const essay = [...cms.entries()].find(([key]) => key.startsWith('assign:Essay'))?.[1];
  if (handbook) await applyModuleSettings(ctx, course.id, { cmids: [handbook], completion: COMPLETION_TRACKING_AUTOMATIC, completionview: true });
  if (reading) await applyModuleSettings(ctx, course.id, { cmids: [reading], completion: COMPLETION_TRACKING_MANUAL, completionview: false });
  if (essay) await applyModuleSettings(ctx, course.id, { cmids: [essay], completion: COMPLETION_TRACKING_AUTOMATIC, completionview: false, completionsubmit: true });

  const students = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as c', 'c.id', 'ra.contextid')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .innerJoin('user as u', 'u.id', 'ra.userid')
    .select(['u.id', 'u.username'])
    .where('c.contextlevel', '=', 50)
    .where('c.instanceid', '=', course.id)
    .where('r.shortname', '=', 'student')
    .orderBy('u.username')
    .execute();
  // The demo students whose state the browser tests change (student1–student9) are left untouched.
  const learners = students.filter((s) => !/^student\d$/.test(s.username)).map((s) => s.id).slice(0, 10);
  const handbookCm = handbook ? await completionModule(db, handbook) : undefined;
  const readingCm = reading ? await completionModule(db, reading) : undefined;
  for (const [i, userid] of learners.entries()) {
    const actor = { userid, realuserid: 0, ip: '127.0.0.1' };
    if (handbookCm && i < 8) await markViewed(db, handbookCm, userid, actor);
    if (readingCm && i < 4) await saveModuleState(db, readingCm, userid, { completionstate: COMPLETION_COMPLETE, overrideby: null }, actor);
  }
}
