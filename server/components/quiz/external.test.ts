import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, AttemptQuestion, ReportRow } from '../../../api/quiz';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok } from '../assign/fixtures';
import { callAs as call, type Session } from '../tag/fixtures';
import { makeQuestions, quizArgs } from './fixtures';

type Started = { attempt?: Attempt; warnings: Array<{ warningcode: string; message: string }> };
type Data = { questions: AttemptQuestion[]; nextpage: number; numpages: number; endtime: number; navigation: Array<{ slot: number; state: string }> };
type Review = { grade: string; questions: AttemptQuestion[]; options: { marks: boolean; rightanswer: boolean } };

describe.each(testDialects)('mod_quiz on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let teacher: Session;
  let ana: Session;
  let ben: Session;
  let anaId: number;
  let benId: number;
  let questionIds: number[];

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Geography', 'GEO1');
    const teacherId = await site.createUser('zteacher');
    anaId = await site.createUser('zana', { firstname: 'Ana', lastname: 'Alvarez' });
    benId = await site.createUser('zben', { firstname: 'Ben', lastname: 'Brown' });
    await site.enrol(teacherId, courseid, 'editingteacher');
    for (const id of [anaId, benId]) await site.enrol(id, courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    ana = await site.sessionFor(anaId);
    ben = await site.sessionFor(benId);
    questionIds = await makeQuestions(site, teacher, courseid);
  });
  afterAll(() => site.close());

  const db = () => site.platform.db;
  const addQuiz = async (overrides: Record<string, unknown> = {}) => {
    const { instance, cmid } = await ok<{ instance: number; cmid: number }>(site, teacher, 'mod_quiz_add_instance', quizArgs(courseid, overrides));
    await ok(site, teacher, 'mod_quiz_add_questions', { quizid: instance, questionids: questionIds });
    return { quizid: instance, cmid };
  };
  const start = (s: Session, quizid: number, preflightdata: Array<{ name: string; value: string }> = []) => call<Started>(site, s, 'mod_quiz_start_attempt', { quizid, preflightdata });
  const page = (s: Session, attemptid: number, p: number) => ok<Data>(site, s, 'mod_quiz_get_attempt_data', { attemptid, page: p });
  /** Right answers for every question of the attempt (by type). */
  const rightAnswers = async (s: Session, attemptid: number) => {
    const { questions } = await ok<{ questions: AttemptQuestion[] }>(site, s, 'mod_quiz_get_attempt_summary', { attemptid });
    return questions.flatMap((q) => {
      const value = q.type === 'multichoice' ? q.choices.find((c) => c.label === 'Paris')!.value : q.type === 'truefalse' ? '1' : q.type === 'shortanswer' ? 'A black Cat' : '3.141';
      return [{ name: `${q.prefix}answer`, value }];
    });
  };

  it('adds a quiz with its grade item and questions; the total of marks follows the slots', async () => {
    const { quizid } = await addQuiz();
    const structure = await ok<{ slots: Array<{ page: number }>; sumgrades: number }>(site, teacher, 'mod_quiz_get_structure', { quizid });
    expect(structure.sumgrades).toBe(4);
    expect(structure.slots.map((s) => s.page)).toEqual([1, 1, 2, 2]);
    const item = await db().selectFrom('grade_items').selectAll().where('itemmodule', '=', 'quiz').where('iteminstance', '=', quizid).executeTakeFirstOrThrow();
    expect(Number(item.grademax)).toBe(20);
    const bad = await call(site, teacher, 'mod_quiz_add_instance', quizArgs(courseid, { timeopen: 2000, timeclose: 1000 }));
    expect(bad.exception?.errorcode).toBe('invalidsettings');
    expect(bad.exception?.fielderrors?.[0]?.field).toBe('timeclose');
    expect((await call(site, ana, 'mod_quiz_add_instance', quizArgs(courseid))).exception?.errorcode).toBe('nopermissions');
  });

  it('lists quizzes with their settings (the password only to those who manage activities), logs views and describes the rules', async () => {
    const { quizid, cmid } = await addQuiz({ password: 'Owl', timelimit: 1800, attempts: 3, browsersecurity: 'securewindow', overduehandling: 'autoabandon' });
    type Listed = { quizzes: Array<{ id: number; coursemodule: number; password?: string; timelimit: number; overduehandling: string; hasquestions: number }> };
    const forAna = (await ok<Listed>(site, ana, 'mod_quiz_get_quizzes_by_courses', { courseids: [courseid] })).quizzes.find((q) => q.id === quizid)!;
    expect(forAna).toMatchObject({ coursemodule: cmid, timelimit: 1800, overduehandling: 'autoabandon', hasquestions: 1 });
    expect(forAna.password).toBeUndefined();
    const forTeacher = (await ok<Listed>(site, teacher, 'mod_quiz_get_quizzes_by_courses', { courseids: [courseid] })).quizzes.find((q) => q.id === quizid)!;
    expect(forTeacher.password).toBe('Owl');

    await ok(site, ana, 'mod_quiz_view_quiz', { quizid });
    const logged = await db().selectFrom('logstore_standard_log').select('eventname').where('userid', '=', anaId).where('objectid', '=', quizid).where('component', '=', 'mod_quiz').execute();
    expect(logged.map((l) => l.eventname)).toContain('\\mod_quiz\\event\\course_module_viewed');

    type Info = { canattempt: boolean; canmanage: boolean; canviewreports: boolean; accessrules: string[]; activerulenames: string[]; preventaccessreasons: string[] };
    const info = await ok<Info>(site, ana, 'mod_quiz_get_quiz_access_information', { quizid });
    expect(info).toMatchObject({ canattempt: true, canmanage: false, canviewreports: false, preventaccessreasons: [] });
    expect(info.activerulenames).toEqual(['quizaccess_numattempts', 'quizaccess_timelimit', 'quizaccess_password', 'quizaccess_securewindow']);
    expect(info.accessrules).toHaveLength(5);
    expect((await ok<Info>(site, teacher, 'mod_quiz_get_quiz_access_information', { quizid })).canmanage).toBe(true);
    // The pre-flight asks for the password and shows both notices before a new attempt.
    const parts = await ok<{ preflightparts: string[] }>(site, ana, 'mod_quiz_get_attempt_access_information', { quizid });
    expect(parts.preflightparts).toEqual(['quizpassword', 'timelimit', 'securewindow']);
  });

  it('changes settings: a new maximum grade rescales the stored grades, a new page size repaginates, learners are refused', async () => {
    const { quizid, cmid } = await addQuiz({ grade: 20 });
    const { attempt } = (await start(ana, quizid)).data!;
    await ok(site, ana, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: (await rightAnswers(ana, attempt!.id)).slice(0, 2), finishattempt: true });
    expect(await ok(site, ana, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ grade: 10 });
    await ok(site, teacher, 'mod_quiz_update_instance', { cmid, ...quizArgs(courseid, { grade: 50, questionsperpage: 3 }), courseid: undefined, section: undefined });
    expect(await ok(site, ana, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ grade: 25 });
    const item = await db().selectFrom('grade_items').select('grademax').where('itemmodule', '=', 'quiz').where('iteminstance', '=', quizid).executeTakeFirstOrThrow();
    expect(Number(item.grademax)).toBe(50);
    const structure = await ok<{ slots: Array<{ page: number }> }>(site, teacher, 'mod_quiz_get_structure', { quizid });
    expect(structure.slots.map((s) => s.page)).toEqual([1, 1, 1, 2]);
    const refused = await call(site, ana, 'mod_quiz_update_instance', { cmid, name: 'Mine now' });
    expect(refused.exception?.errorcode).toBe('nopermissions');
    expect((await db().selectFrom('quiz').select('name').where('id', '=', quizid).executeTakeFirstOrThrow()).name).toBe('Test quiz');
  });

  it('grades by the average of the finished attempts when asked', async () => {
    const { quizid } = await addQuiz({ grademethod: 2, attempts: 2 });
    for (const count of [4, 2]) {
      const { attempt } = (await start(ben, quizid)).data!;
      await ok(site, ben, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: (await rightAnswers(ben, attempt!.id)).slice(0, count), finishattempt: true });
    }
    expect(await ok(site, ben, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ hasgrade: true, grade: 15 });
  });

  it('a password quiz refuses start_attempt without the password or with a differently cased one, then accepts it once per session', async () => {
    const { quizid } = await addQuiz({ password: 'Secret' });
    const info = await ok<{ ispreflightcheckrequired?: boolean; preflightparts: string[] }>(site, ana, 'mod_quiz_get_attempt_access_information', { quizid });
    expect(info.ispreflightcheckrequired).toBe(true);
    expect(info.preflightparts).toEqual(['quizpassword']);
    expect((await start(ana, quizid)).exception?.errorcode).toBe('passworderror');
    const wrong = await start(ana, quizid, [{ name: 'quizpassword', value: 'secret' }]);
    expect(wrong.exception?.errorcode).toBe('passworderror');
    expect(wrong.exception?.fielderrors?.[0]?.field).toBe('quizpassword');
    expect(await db().selectFrom('quiz_attempts').select('id').where('quiz', '=', quizid).execute()).toHaveLength(0);
    const right = await start(ana, quizid, [{ name: 'quizpassword', value: 'Secret' }]);
    expect(right.data?.attempt?.state).toBe('inprogress');
    // Accepted once in this session: the pages need no password again.
    const data = await page(ana, right.data!.attempt!.id, 0);
    expect(data.questions).toHaveLength(2);
    // Ben's session has not passed it.
    expect((await call(site, ben, 'mod_quiz_get_attempt_data', { attemptid: right.data!.attempt!.id, page: 0 })).exception?.errorcode).toBe('notyourattempt');
    // Finishing clears the acceptance: the next attempt asks again.
    await ok(site, ana, 'mod_quiz_process_attempt', { attemptid: right.data!.attempt!.id, finishattempt: true });
    const next = await ok<{ preflightparts: string[] }>(site, ana, 'mod_quiz_get_attempt_access_information', { quizid });
    expect(next.preflightparts).toEqual(['quizpassword']);
    expect((await start(ana, quizid)).exception?.errorcode).toBe('passworderror');
  });

  it('runs an attempt: pages, autosave, summary, finish, grading, review and the gradebook', async () => {
    const { quizid } = await addQuiz({ attempts: 1 });
    const { attempt } = (await start(ana, quizid)).data!;
    const first = await page(ana, attempt!.id, 0);
    expect(first.nextpage).toBe(1);
    expect(first.numpages).toBe(2);
    // In progress, nothing reveals the right answer.
    expect(JSON.stringify(first.questions)).not.toMatch(/"correct"|fraction|rightanswer/);
    const answers = await rightAnswers(ana, attempt!.id);
    await ok(site, ana, 'mod_quiz_save_attempt', { attemptid: attempt!.id, data: answers.slice(0, 3) });
    const saved = await page(ana, attempt!.id, 1);
    expect(saved.navigation.map((n) => n.state)).toEqual(['answered', 'answered', 'answered', 'notyetanswered']);
    // An unknown question, a choice out of range, a true/false value that is neither, another attempt's field: refused, nothing changes.
    // Slots follow makeQuestions: 1 multiple choice (two choices, one answer), 2 true/false.
    const slotOf = (type: 'multichoice' | 'truefalse') => (type === 'multichoice' ? 1 : 2);
    for (const [name, value] of [
      [`q${attempt!.id}:99_answer`, 'x'],
      [`q${attempt!.id}:${slotOf('multichoice')}_answer`, '7'],
      [`q${attempt!.id}:${slotOf('truefalse')}_answer`, 'yes'],
      [`q${attempt!.id}:${slotOf('multichoice')}_choice0`, '1'],
      [`q${attempt!.id + 1000}:1_answer`, '0'],
    ]) {
      const bad = await call(site, ana, 'mod_quiz_save_attempt', { attemptid: attempt!.id, data: [{ name: name!, value: value! }] });
      expect(bad.exception?.errorcode, name).toBe('invalidparameter');
    }
    expect((await page(ana, attempt!.id, 1)).navigation.map((n) => n.state)).toEqual(['answered', 'answered', 'answered', 'notyetanswered']);
    // A second attempt cannot start while this one is open.
    expect((await start(ana, quizid)).exception?.errorcode).toBe('attemptstillinprogress');
    const done = await ok<{ state: string }>(site, ana, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: [answers[3]!], finishattempt: true });
    expect(done.state).toBe('finished');
    const review = await ok<Review>(site, ana, 'mod_quiz_get_attempt_review', { attemptid: attempt!.id });
    expect(review.grade).toBe('20.00');
    expect(review.questions.every((q) => q.state === 'gradedright')).toBe(true);
    const best = await ok<{ hasgrade: boolean; grade: number }>(site, ana, 'mod_quiz_get_user_best_grade', { quizid });
    expect(best).toMatchObject({ hasgrade: true, grade: 20 });
    const gg = await db()
      .selectFrom('grade_grades as g')
      .innerJoin('grade_items as i', 'i.id', 'g.itemid')
      .select('g.finalgrade')
      .where('i.itemmodule', '=', 'quiz')
      .where('i.iteminstance', '=', quizid)
      .where('g.userid', '=', anaId)
      .executeTakeFirstOrThrow();
    expect(Number(gg.finalgrade)).toBe(20);
    // The attempt limit is reached: a reason, not an attempt.
    const again = await start(ana, quizid);
    expect(again.data?.attempt).toBeUndefined();
    expect(again.data?.warnings[0]?.message).toContain('No more attempts');
    expect((await call(site, ana, 'mod_quiz_save_attempt', { attemptid: attempt!.id, data: [] })).exception?.errorcode).toBe('attemptalreadyclosed');
  });

  it('refuses a closed quiz and answers after the time limit plus the grace period', async () => {
    const closed = await addQuiz({ timeopen: 1000, timeclose: 2000 });
    const refused = await start(ana, closed.quizid);
    expect(refused.data?.attempt).toBeUndefined();
    expect(refused.data?.warnings[0]?.message).toContain('closed');

    const { quizid } = await addQuiz({ timelimit: 600 });
    const info = await ok<{ preflightparts: string[] }>(site, ben, 'mod_quiz_get_attempt_access_information', { quizid });
    expect(info.preflightparts).toEqual(['timelimit']);
    const { attempt } = (await start(ben, quizid)).data!;
    const data = await page(ben, attempt!.id, 0);
    expect(data.endtime).toBe(attempt!.timestart + 600);
    const answers = await rightAnswers(ben, attempt!.id);
    // Almost twelve minutes later: the limit and the grace minute have passed; the answers are discarded.
    await db().updateTable('quiz_attempts').set({ timestart: attempt!.timestart - 700 }).where('id', '=', attempt!.id).execute();
    const late = await ok<{ state: string }>(site, ben, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: answers, timeup: true });
    expect(late.state).toBe('finished');
    const row = await db().selectFrom('quiz_attempts').selectAll().where('id', '=', attempt!.id).executeTakeFirstOrThrow();
    expect(Number(row.sumgrades)).toBe(0);
    expect(row.timefinish).toBe(row.timestart + 600);
    expect((await call(site, ben, 'mod_quiz_save_attempt', { attemptid: attempt!.id, data: answers })).exception?.errorcode).toBe('attemptalreadyclosed');
  });

  it('submits an expired attempt automatically when it is next loaded, with the answers saved in time', async () => {
    const { quizid } = await addQuiz({ timelimit: 600 });
    const { attempt } = (await start(ben, quizid)).data!;
    await ok(site, ben, 'mod_quiz_save_attempt', { attemptid: attempt!.id, data: (await rightAnswers(ben, attempt!.id)).slice(0, 2) });
    await db().updateTable('quiz_attempts').set({ timestart: attempt!.timestart - 700 }).where('id', '=', attempt!.id).execute();
    expect((await call(site, ben, 'mod_quiz_get_attempt_data', { attemptid: attempt!.id, page: 0 })).exception?.errorcode).toBe('attemptalreadyclosed');
    // The review the page sends the learner to shows it submitted at its end time, and the grade counts.
    const review = await ok<Review & { attempt: Attempt }>(site, ben, 'mod_quiz_get_attempt_review', { attemptid: attempt!.id });
    expect(review.attempt).toMatchObject({ state: 'finished', timefinish: attempt!.timestart - 700 + 600, sumgrades: 2 });
    expect(await ok(site, ben, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ hasgrade: true, grade: 10 });
  });

  it('with a grace period, time up makes the attempt overdue: no more answers, only the summary and submitting, until the period ends', async () => {
    const { quizid } = await addQuiz({ timelimit: 600, overduehandling: 'graceperiod', graceperiod: 3600 });
    const rules = await ok<{ accessrules: string[] }>(site, ana, 'mod_quiz_get_quiz_access_information', { quizid });
    expect(rules.accessrules.join(' ')).toContain('1 hour to submit');
    const { attempt } = (await start(ana, quizid)).data!;
    const answers = await rightAnswers(ana, attempt!.id);
    // At zero (within the silent minute) the browser sends the answers with "time up": saved, and the attempt is overdue.
    await db().updateTable('quiz_attempts').set({ timestart: attempt!.timestart - 630 }).where('id', '=', attempt!.id).execute();
    expect((await ok<{ state: string }>(site, ana, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: answers.slice(0, 3), timeup: true })).state).toBe('overdue');
    expect((await call(site, ana, 'mod_quiz_get_attempt_data', { attemptid: attempt!.id, page: 0 })).exception?.errorcode).toBe('stateoverdue');
    expect((await call(site, ana, 'mod_quiz_save_attempt', { attemptid: attempt!.id, data: [answers[3]!] })).exception?.errorcode).toBe('stateoverdue');
    const summary = await ok<{ state: string; duedate: number }>(site, ana, 'mod_quiz_get_attempt_summary', { attemptid: attempt!.id });
    expect(summary.state).toBe('overdue');
    expect(summary.duedate).toBe(attempt!.timestart - 630 + 600 + 3600 + 60);
    expect((await start(ana, quizid)).exception?.errorcode).toBe('stateoverdue');
    // Later answers are not taken; submitting within the grace period grades what was saved.
    await db().updateTable('quiz_attempts').set({ timestart: attempt!.timestart - 1800 }).where('id', '=', attempt!.id).execute();
    expect((await ok<{ state: string }>(site, ana, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: [answers[3]!], finishattempt: true })).state).toBe('finished');
    const row = await db().selectFrom('quiz_attempts').selectAll().where('id', '=', attempt!.id).executeTakeFirstOrThrow();
    expect(Number(row.sumgrades)).toBe(3);
  });

  it('abandons an attempt past its grace period, or at expiry when attempts must be submitted in time; abandoned attempts are never graded', async () => {
    const grace = await addQuiz({ timelimit: 600, overduehandling: 'graceperiod', graceperiod: 600 });
    const first = (await start(ben, grace.quizid)).data!.attempt!;
    await ok(site, ben, 'mod_quiz_save_attempt', { attemptid: first.id, data: await rightAnswers(ben, first.id) });
    await db().updateTable('quiz_attempts').set({ timestart: first.timestart - 1300 }).where('id', '=', first.id).execute();
    const info = await ok<{ isfinished: boolean }>(site, ben, 'mod_quiz_get_attempt_access_information', { quizid: grace.quizid, attemptid: first.id });
    expect(info.isfinished).toBe(true);
    expect((await call(site, ben, 'mod_quiz_process_attempt', { attemptid: first.id, finishattempt: true })).exception?.errorcode).toBe('attemptalreadyclosed');

    const strict = await addQuiz({ timelimit: 600, overduehandling: 'autoabandon', attempts: 2 });
    const second = (await start(ben, strict.quizid)).data!.attempt!;
    await ok(site, ben, 'mod_quiz_save_attempt', { attemptid: second.id, data: await rightAnswers(ben, second.id) });
    await db().updateTable('quiz_attempts').set({ timestart: second.timestart - 700 }).where('id', '=', second.id).execute();
    expect((await call(site, ben, 'mod_quiz_get_attempt_summary', { attemptid: second.id })).exception?.errorcode).toBe('attemptalreadyclosed');
    // Nobody looks again: the teacher's report closes it as the rules say.
    const report = await ok<{ rows: ReportRow[] }>(site, teacher, 'mod_quiz_get_attempts_report', { quizid: strict.quizid });
    expect(report.rows.map((r) => [r.state, r.grade])).toEqual([['abandoned', null]]);

    const rows = await db().selectFrom('quiz_attempts').select(['state', 'sumgrades']).where('id', 'in', [first.id, second.id]).execute();
    expect(rows).toEqual([{ state: 'abandoned', sumgrades: null }, { state: 'abandoned', sumgrades: null }]);
    for (const quizid of [grace.quizid, strict.quizid]) expect(await ok(site, ben, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ hasgrade: false });
    // An abandoned attempt still counts: one of two left.
    const attempts = await ok<{ attempts: Attempt[] }>(site, ben, 'mod_quiz_get_user_attempts', { quizid: strict.quizid, status: 'finished' });
    expect(attempts.attempts.map((a) => a.state)).toEqual(['abandoned']);
  });

  it('refuses a grace period of a minute or less, field by field', async () => {
    const bad = await call(site, teacher, 'mod_quiz_add_instance', quizArgs(courseid, { overduehandling: 'graceperiod', graceperiod: 60 }));
    expect(bad.exception?.errorcode).toBe('invalidsettings');
    expect(bad.exception?.fielderrors?.map((f) => f.field)).toEqual(['graceperiod']);
  });

  it('accepts answers within the grace period when time is up', async () => {
    const { quizid } = await addQuiz({ timelimit: 60 });
    const { attempt } = (await start(ben, quizid)).data!;
    const answers = await rightAnswers(ben, attempt!.id);
    await db().updateTable('quiz_attempts').set({ timestart: attempt!.timestart - 80 }).where('id', '=', attempt!.id).execute();
    expect((await ok<{ state: string }>(site, ben, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: answers, timeup: true })).state).toBe('finished');
    const row = await db().selectFrom('quiz_attempts').select('sumgrades').where('id', '=', attempt!.id).executeTakeFirstOrThrow();
    expect(Number(row.sumgrades)).toBe(4);
  });

  it('finishes an attempt once when two submissions arrive together', async () => {
    const { quizid } = await addQuiz();
    const { attempt } = (await start(ana, quizid)).data!;
    const answers = await rightAnswers(ana, attempt!.id);
    const both = await Promise.all([0, 1].map(() => call<{ state: string }>(site, ana, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: answers, finishattempt: true })));
    expect(both.map((a) => a.data?.state ?? a.exception?.errorcode).sort()).toEqual(['attemptalreadyclosed', 'finished']);
    const rows = await db().selectFrom('quiz_attempts').select(['state', 'sumgrades']).where('quiz', '=', quizid).execute();
    expect(rows).toEqual([{ state: 'finished', sumgrades: 4 }]);
  });

  it('starts one attempt when the start is sent twice at once', async () => {
    const { quizid } = await addQuiz();
    const both = await Promise.all([0, 1].map(() => start(ben, quizid)));
    expect(both.map((a) => (a.data?.attempt ? 'started' : a.exception?.errorcode)).sort()).toEqual(['attemptstillinprogress', 'started']);
    expect(await db().selectFrom('quiz_attempts').select('id').where('quiz', '=', quizid).execute()).toHaveLength(1);
  });

  it('hides marks in the review when the options say so, and keeps other learners out', async () => {
    const { quizid } = await addQuiz({ reviewmarks: 0, reviewrightanswer: 0, reviewcorrectness: 0 });
    const { attempt } = (await start(ana, quizid)).data!;
    await ok(site, ana, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: await rightAnswers(ana, attempt!.id), finishattempt: true });
    const review = await ok<Review>(site, ana, 'mod_quiz_get_attempt_review', { attemptid: attempt!.id });
    expect(review.grade).toBe('');
    expect(review.questions[0]?.mark).toBeUndefined();
    expect(review.questions[0]?.rightanswer).toBeUndefined();
    expect((await call(site, ben, 'mod_quiz_get_attempt_review', { attemptid: attempt!.id })).exception?.errorcode).toBe('noreviewattempt');
    expect((await call(site, ben, 'mod_quiz_get_user_attempts', { quizid, userid: anaId })).exception?.errorcode).toBe('nopermissions');
    const teacherView = await ok<Review>(site, teacher, 'mod_quiz_get_attempt_review', { attemptid: attempt!.id });
    expect(teacherView.grade).toBe('20.00');
  });

  it('searches the attempts report by name and sorts it in the database by name, state, grade and a question\'s mark', async () => {
    const { quizid } = await addQuiz();
    const finish = async (s: Session, wrongPi: boolean) => {
      const { attempt } = (await start(s, quizid)).data!;
      const answers = (await rightAnswers(s, attempt!.id)).map((a) => (wrongPi && a.value === '3.141' ? { ...a, value: '9' } : a));
      await ok(site, s, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: answers, finishattempt: true });
      return attempt!.id;
    };
    const ana1 = await finish(ana, false);
    const ben1 = await finish(ben, true);
    const ana2 = (await start(ana, quizid)).data!.attempt!.id;
    const { slots } = await ok<{ slots: Array<{ slot: number; qtype: string }> }>(site, teacher, 'mod_quiz_get_structure', { quizid });
    const pi = slots.find((s) => s.qtype === 'numerical')?.slot ?? 0;
    const report = (args: Record<string, unknown>) => ok<{ rows: ReportRow[]; total: number }>(site, teacher, 'mod_quiz_get_attempts_report', { quizid, ...args });
    const order = async (args: Record<string, unknown>) => (await report(args)).rows.map((r) => r.attemptid);

    expect(await order({})).toEqual([ana1, ana2, ben1]);
    const found = await report({ search: 'ALV an' });
    expect([found.total, found.rows.map((r) => r.attemptid)]).toEqual([2, [ana1, ana2]]);
    expect((await report({ search: '100%' })).total).toBe(0);
    // Unfinished attempts have no grade or marks: they come last either way.
    expect(await order({ sorts: [{ column: 'grade', direction: 'desc' }] })).toEqual([ana1, ben1, ana2]);
    expect(await order({ sorts: [{ column: 'grade', direction: 'asc' }] })).toEqual([ben1, ana1, ana2]);
    expect(await order({ sorts: [{ column: 'mark', slot: pi, direction: 'asc' }] })).toEqual([ben1, ana1, ana2]);
    expect(await order({ sorts: [{ column: 'state', direction: 'desc' }, { column: 'lastname', direction: 'desc' }] })).toEqual([ana2, ben1, ana1]);
    expect(await order({ sorts: [{ column: 'firstname', direction: 'desc' }], page: 1, perpage: 2 })).toEqual([ana2]);
    expect((await call(site, teacher, 'mod_quiz_get_attempts_report', { quizid, sorts: [{ column: 'password', direction: 'asc' }] })).exception?.errorcode).toBe('invalidparameter');
  });

  it('reports attempts with per-question marks, and regrades after a question is edited', async () => {
    const { quizid } = await addQuiz({ grademethod: 1 });
    const { attempt } = (await start(ben, quizid)).data!;
    const answers = await rightAnswers(ben, attempt!.id);
    await ok(site, ben, 'mod_quiz_process_attempt', { attemptid: attempt!.id, data: answers, finishattempt: true });
    const report = await ok<{ rows: ReportRow[]; total: number }>(site, teacher, 'mod_quiz_get_attempts_report', { quizid });
    const row = report.rows.find((r) => r.attemptid === attempt!.id)!;
    expect(row.grade).toBe(20);
    expect(row.marks.map((m) => m.mark)).toEqual([1, 1, 1, 1]);
    expect((await call(site, ben, 'mod_quiz_get_attempts_report', { quizid })).exception?.errorcode).toBe('nopermissions');
    // The numerical answer becomes 3.15 ± 0.001: Ben's 3.141 is now wrong.
    await ok(site, teacher, 'core_question_save_question', { courseid, id: questionIds[3], qtype: 'numerical', name: 'Pi', questiontext: '<p>Pi?</p>', answers: [{ answer: '3.15', fraction: 1, tolerance: 0.001 }] });
    expect(await ok<{ regraded: number; changed: number }>(site, teacher, 'mod_quiz_regrade_attempts', { quizid, dryrun: true })).toEqual({ regraded: 1, changed: 1 });
    const after = await db().selectFrom('quiz_attempts').select('sumgrades').where('id', '=', attempt!.id).executeTakeFirstOrThrow();
    expect(Number(after.sumgrades)).toBe(4);
    await ok(site, teacher, 'mod_quiz_regrade_attempts', { quizid });
    const regraded = await ok<{ rows: ReportRow[] }>(site, teacher, 'mod_quiz_get_attempts_report', { quizid });
    expect(regraded.rows.find((r) => r.attemptid === attempt!.id)?.grade).toBe(15);
    expect(await ok(site, ben, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ grade: 15 });
    // Questions cannot be removed once attempted; a maximum mark can change and regrades.
    expect((await call(site, teacher, 'mod_quiz_remove_slot', { quizid, slot: 1 })).exception?.errorcode).toBe('cannoteditafterattempts');
    await ok(site, teacher, 'mod_quiz_set_maxmark', { quizid, slot: 1, maxmark: 2 });
    expect(await ok(site, ben, 'mod_quiz_get_user_best_grade', { quizid })).toMatchObject({ grade: 16 });
    // The question is used: it cannot be deleted.
    expect((await call(site, teacher, 'core_question_delete_question', { questionid: questionIds[0] })).exception?.errorcode).toBe('questioninuse');
  });
});
