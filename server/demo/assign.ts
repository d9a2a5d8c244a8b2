import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { CONTEXT_COURSE } from '../platform/access/types';
import { now, type Platform } from '../platform/platform';
import { loadUser } from '../platform/session';
import { requireAssign } from '../components/assign/access';
import { applyGrade, assignGuide } from '../components/assign/grade';
import type { CallContext } from '../ws/method';

const DAY = 86_400;

/** Calls a registered web-service method's handler as the given caller, with its arguments validated as the endpoint would. */
async function callMethod<T>(ctx: CallContext, name: string, args: unknown): Promise<T> {
  const method = ctx.platform.components.flatMap((c) => c.methods ?? []).find((m) => m.contract.name === name);
  if (!method) throw new Error(`demo data: method ${name} is not registered`);
  return (await method.handler(ctx, method.contract.args.parse(args))) as T;
}

const ESSAYS = [
  'The cell membrane is a phospholipid bilayer that controls what enters and leaves the cell. Proteins embedded in it act as channels and pumps.',
  'Plant cells have a cell wall made of cellulose, a large central vacuole and chloroplasts, which animal cells lack.',
  'Mitochondria release energy from glucose in aerobic respiration; cells that need a lot of energy, such as muscle cells, have many of them.',
  'The nucleus holds the DNA and controls the cell. Ribosomes, on the rough endoplasmic reticulum or free, make proteins.',
];

const REPORTS = [
  'Potato cylinders in 0.8 M sucrose lost mass; in distilled water they gained mass. The point of no change was about 0.3 M.',
  'Our results show water moves by osmosis from a dilute to a more concentrated solution across a partially permeable membrane.',
  'The mass change was largest in distilled water (+12%). Errors: cylinders were blotted unevenly, so some surface water remained.',
];

const REMARKS = ['Clear and accurate.', 'Good, but add a labelled diagram.', 'Explain the function, not just the structure.', 'Well referenced.'];

/**
 * BIO101's two assignments: "Essay: cell structure" graded with a marking guide (10 + 10 + 5 points and
 * frequently used comments) and "Lab report: osmosis" out of 100, with submissions from most students:
 * some graded with feedback, some late, some drafts, some not submitted. Everything is made as the
 * course's teacher would make it, through the same methods; the pattern depends only on the student's
 * place in the class, so it is the same on every run.
 */
export async function addDemoAssignments(platform: Platform, db: Kysely<DB>): Promise<void> {
  const course = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const teacherRow = await db.selectFrom('user').select('id').where('username', '=', 'teacher1').executeTakeFirst();
  if (!course || !teacherRow) return;
  const teacher = await loadUser(db, teacherRow.id);
  if (!teacher) return;
  const ctx: CallContext = { platform, db, user: teacher, session: null, access: createAccess(db, teacher.id), lang: 'en', ip: '127.0.0.1' };
  const t = now();
  const students = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as c', 'c.id', 'ra.contextid')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .innerJoin('user as u', 'u.id', 'ra.userid')
    .select(['u.id', 'u.firstname', 'u.lastname'])
    .where('c.contextlevel', '=', CONTEXT_COURSE)
    .where('c.instanceid', '=', course.id)
    .where('r.shortname', '=', 'student')
    .orderBy('u.id')
    .execute();

  // --- Essay: cell structure, with a marking guide ---
  const essayDue = t - 2 * DAY;
  const essay = await callMethod<{ cmid: number; instance: number }>(ctx, 'mod_assign_add_instance', {
    courseid: course.id,
    section: 2,
    name: 'Essay: cell structure',
    intro: '<p>In about 300 words, compare the structure of a plant cell and an animal cell, and explain what each organelle does.</p>',
    allowsubmissionsfromdate: t - 14 * DAY,
    duedate: essayDue,
    grade: 25,
    submissiondrafts: 1,
    onlinetext_enabled: 1,
    onlinetext_wordlimit: 500,
    file_enabled: 1,
    file_maxfiles: 3,
    file_maxsizebytes: 1_048_576,
    sendnotifications: 1,
    sendstudentnotifications: 1,
    gradingmethod: 'guide',
  });
  await callMethod(ctx, 'core_grading_save_guide', {
    cmid: essay.cmid,
    areaname: 'submissions',
    name: 'Cell structure essay guide',
    description: 'How the essay is marked.',
    criteria: [
      { id: 0, shortname: 'Accuracy', description: 'The structures and their functions are described correctly.', descriptionmarkers: 'Deduct for each error of fact; 10 = no errors.', maxscore: 10 },
      { id: 0, shortname: 'Comparison', description: 'Plant and animal cells are compared point by point.', descriptionmarkers: 'Full marks need at least four differences and two similarities.', maxscore: 10 },
      { id: 0, shortname: 'Presentation', description: 'Clear structure, labelled diagram, sources cited.', descriptionmarkers: 'A labelled diagram is worth 2 points.', maxscore: 5 },
    ],
    comments: [
      { id: 0, description: 'Clear and accurate.' },
      { id: 0, description: 'Add a labelled diagram.' },
      { id: 0, description: 'Explain the function, not just the structure.' },
      { id: 0, description: 'Cite your sources.' },
    ],
    status: 20,
  });

  // --- Lab report: osmosis, simple points ---
  const reportDue = t + 5 * DAY;
  const report = await callMethod<{ cmid: number; instance: number }>(ctx, 'mod_assign_add_instance', {
    courseid: course.id,
    section: 2,
    name: 'Lab report: osmosis',
    intro: '<p>Write up the potato osmosis practical: method, results table, conclusion and evaluation.</p>',
    allowsubmissionsfromdate: t - 7 * DAY,
    duedate: reportDue,
    grade: 100,
    onlinetext_enabled: 1,
    file_enabled: 0,
    sendstudentnotifications: 1,
  });

  const essayAccess = await requireAssign(ctx, { cmid: essay.cmid });
  const reportAccess = await requireAssign(ctx, { cmid: report.cmid });
  const guide = await assignGuide(db, essayAccess);

  for (const [k, student] of students.entries()) {
    // Essay: every sixth student has not started, the next one left a draft, the rest submitted (every fourth late).
    if (k % 6 !== 5) {
      const submitted = k % 6 !== 4;
      const late = submitted && k % 4 === 3;
      const time = late ? essayDue + (k + 1) * 3600 : essayDue - (k + 2) * 3600;
      await addSubmission(db, essay.instance, student.id, submitted ? 'submitted' : 'draft', time, `<p>${ESSAYS[k % ESSAYS.length]}</p>`);
      // The first ten submitted essays are marked with the guide, with a remark and a comment.
      if (submitted && k < 12 && guide) {
        const fillings = guide.criteria.map((c, i) => ({ criterionid: c.id, score: Math.min(c.maxscore, Math.max(0, c.maxscore - ((k + i) % 4))), remark: REMARKS[(k + i) % REMARKS.length]! }));
        await applyGrade(ctx, essayAccess, student, {
          grade: null,
          comment: { text: `<p>${student.firstname}, ${k % 2 === 0 ? 'a well organised essay.' : 'good content; work on the comparison.'}</p>`, format: 1 },
          guide: { definition: guide, fillings },
          notify: false,
        });
      }
    }
    // Lab report: two in three submitted, every third graded out of 100.
    if (k % 3 !== 2) {
      await addSubmission(db, report.instance, student.id, 'submitted', t - (k + 1) * 1800, `<p>${REPORTS[k % REPORTS.length]}</p>`);
      if (k % 3 === 0) {
        await applyGrade(ctx, reportAccess, student, {
          grade: 55 + ((k * 7) % 45),
          comment: { text: '<p>Good method. Include error bars on your graph next time.</p>', format: 1 },
          notify: false,
        });
      }
    }
  }
}

/** A submission with its online text, at a given time (as the learner would have made it then). */
async function addSubmission(db: Kysely<DB>, assignment: number, userid: number, status: 'draft' | 'submitted', time: number, text: string): Promise<void> {
  const submission = await db
    .insertInto('assign_submission')
    .values({ assignment, userid, groupid: 0, attemptnumber: 0, latest: 1, status, timecreated: time - 3600, timemodified: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('assignsubmission_onlinetext').values({ assignment, submission: submission.id, onlinetext: text, onlineformat: 1 }).execute();
}
