import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { CONTEXT_COURSE } from '../platform/access/types';
import { now, type Platform } from '../platform/platform';
import { loadUser } from '../platform/session';
import { attemptSlots, choiceOrder, createAttempt, finishAttempt, saveResponses } from '../components/quiz/attempts';
import { loadQuestions } from '../components/question/service';
import type { QuestionInput } from '../../api/question';
import type { CallContext } from '../ws/method';

/** The demo quiz's password (printed in the quiz description for teachers to share). */
export const DEMO_QUIZ_PASSWORD = 'cells';

async function callMethod<T>(ctx: CallContext, name: string, args: unknown): Promise<T> {
  const method = ctx.platform.components.flatMap((c) => c.methods ?? []).find((m) => m.contract.name === name);
  if (!method) throw new Error(`demo data: method ${name} is not registered`);
  return (await method.handler(ctx, method.contract.args.parse(args))) as T;
}

type Q = Omit<QuestionInput, 'courseid'>;
const mc = (name: string, text: string, right: string, wrong: string[]): Q => ({
  qtype: 'multichoice',
  name,
  questiontext: `<p>${text}</p>`,
  answers: [{ answer: right, fraction: 1, feedback: 'Correct.' }, ...wrong.map((w) => ({ answer: w, fraction: 0, feedback: `Not ${w}.` }))],
});

/** Ten questions of the four types about cells. */
const QUESTIONS: Q[] = [
  mc('Powerhouse', 'Which organelle releases energy in aerobic respiration?', 'Mitochondrion', ['Ribosome', 'Golgi body', 'Vacuole']),
  mc('Plant only', 'Which structure is found in plant cells but not in animal cells?', 'Cell wall', ['Nucleus', 'Cell membrane', 'Cytoplasm']),
  mc('Protein synthesis', 'Where are proteins made?', 'Ribosomes', ['Nucleus', 'Mitochondria', 'Cell wall']),
  {
    qtype: 'multichoice',
    name: 'Both kinds',
    single: false,
    questiontext: '<p>Which structures do plant <em>and</em> animal cells both have? Tick all that apply.</p>',
    answers: [
      { answer: 'Nucleus', fraction: 0.5, feedback: 'Yes.' },
      { answer: 'Cell membrane', fraction: 0.5, feedback: 'Yes.' },
      { answer: 'Chloroplasts', fraction: -1, feedback: 'Only plant cells.' },
    ],
  },
  { qtype: 'truefalse', name: 'Osmosis', questiontext: '<p>Osmosis is the movement of water across a partially permeable membrane.</p>', answers: [{ answer: 'true', fraction: 1, feedback: 'Right.' }, { answer: 'false', fraction: 0, feedback: 'It is.' }] },
  { qtype: 'truefalse', name: 'Bacteria nucleus', questiontext: '<p>Bacterial cells have a nucleus.</p>', answers: [{ answer: 'true', fraction: 0, feedback: 'Their DNA is loose in the cytoplasm.' }, { answer: 'false', fraction: 1, feedback: 'Right.' }] },
  { qtype: 'shortanswer', name: 'Green pigment', questiontext: '<p>Name the green pigment in chloroplasts.</p>', answers: [{ answer: 'chlorophyll*', fraction: 1, feedback: 'Yes.' }, { answer: 'chloro*', fraction: 0.5, feedback: 'Check the spelling.' }] },
  { qtype: 'shortanswer', name: 'Control centre', questiontext: '<p>Which organelle holds the DNA?</p>', answers: [{ answer: 'nucleus', fraction: 1 }, { answer: 'the nucleus', fraction: 1 }] },
  { qtype: 'numerical', name: 'Magnification', questiontext: '<p>An image is 40 mm long and the cell is 0.1 mm long. What is the magnification?</p>', answers: [{ answer: '400', fraction: 1, tolerance: 0 }] },
  { qtype: 'numerical', name: 'Cell size', questiontext: '<p>A typical animal cell is about how many micrometres across?</p>', answers: [{ answer: '20', fraction: 1, tolerance: 10, feedback: 'About 10–30 µm.' }] },
];

/**
 * BIO101's quiz "Cells check": password, 20-minute limit, two attempts, ten questions of the four types,
 * and finished attempts by the first students (right answers except a pattern of mistakes).
 */
export async function addDemoQuiz(platform: Platform, db: Kysely<DB>): Promise<void> {
  const course = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const teacherRow = await db.selectFrom('user').select('id').where('username', '=', 'teacher1').executeTakeFirst();
  if (!course || !teacherRow) return;
  const teacher = await loadUser(db, teacherRow.id);
  if (!teacher) return;
  const ctx: CallContext = { platform, db, user: teacher, session: null, access: createAccess(db, teacher.id), lang: 'en', ip: '127.0.0.1' };
  const ids: number[] = [];
  for (const q of QUESTIONS) ids.push((await callMethod<{ id: number }>(ctx, 'core_question_save_question', { courseid: course.id, ...q })).id);
  const { instance } = await callMethod<{ instance: number }>(ctx, 'mod_quiz_add_instance', {
    courseid: course.id,
    section: 1,
    name: 'Cells check',
    intro: '<p>Ten questions on cell structure. You have 20 minutes and two attempts; your teacher gives you the password in class.</p>',
    timelimit: 20 * 60,
    attempts: 2,
    password: DEMO_QUIZ_PASSWORD,
    questionsperpage: 2,
    grade: 10,
  });
  await callMethod(ctx, 'mod_quiz_add_questions', { quizid: instance, questionids: ids });
  const quiz = await db.selectFrom('quiz').selectAll().where('id', '=', instance).executeTakeFirstOrThrow();
  const defs = await loadQuestions(db, ids);
  const students = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as c', 'c.id', 'ra.contextid')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .select('ra.userid')
    .where('c.contextlevel', '=', CONTEXT_COURSE)
    .where('c.instanceid', '=', course.id)
    .where('r.shortname', '=', 'student')
    .orderBy('ra.userid')
    .limit(6)
    .execute();
  const t = now();
  for (const [k, { userid }] of students.entries()) {
    const attempt = await createAttempt(db, quiz, userid, 1, false);
    const start = t - (k + 2) * 86_400;
    await db.updateTable('quiz_attempts').set({ timestart: start }).where('id', '=', attempt.id).execute();
    const data: Array<{ name: string; value: string }> = [];
    for (const row of await attemptSlots(db, attempt.id)) {
      const q = defs.get(row.questionid)!;
      const wrong = (row.slot + k) % 4 === 0;
      const name = (field: string) => `q${attempt.id}:${row.slot}_${field}`;
      if (q.qtype === 'multichoice' && q.single) {
        const order = choiceOrder(row);
        const pick = order.findIndex((id) => (q.answers.find((a) => a.id === id)?.fraction ?? 0) === (wrong ? 0 : 1));
        data.push({ name: name('answer'), value: String(pick) });
      } else if (q.qtype === 'multichoice') {
        choiceOrder(row).forEach((id, i) => data.push({ name: name(`choice${i}`), value: (q.answers.find((a) => a.id === id)?.fraction ?? 0) > 0 || wrong ? '1' : '0' }));
      } else if (q.qtype === 'truefalse') {
        const right = q.answers.find((a) => a.fraction === 1)?.answer === 'true';
        data.push({ name: name('answer'), value: right !== wrong ? '1' : '0' });
      } else if (q.qtype === 'shortanswer') {
        data.push({ name: name('answer'), value: wrong ? 'chloroplast' : q.answers[0]!.answer.replace('*', '') });
      } else {
        data.push({ name: name('answer'), value: wrong ? '4000' : q.answers[0]!.answer });
      }
    }
    await saveResponses(db, attempt, data);
    await finishAttempt(db, quiz, attempt, start + 600 + k * 60);
  }
}
