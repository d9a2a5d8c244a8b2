import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question, QuestionSummary } from '../../../api/question';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok } from '../assign/fixtures';
import { callAs as call, type Session } from '../tag/fixtures';

describe.each(testDialects)('core_question on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let otherCourse: number;
  let teacher: Session;
  let student: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Chemistry', 'CHEM1');
    otherCourse = await site.createCourse('Physics', 'PHY1');
    const teacherId = await site.createUser('qteacher');
    const studentId = await site.createUser('qstudent');
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(studentId, courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
  });
  afterAll(() => site.close());

  const count = async () => Number((await site.platform.db.selectFrom('question').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('creates a question in the default category made on demand, and reads it back with its answers', async () => {
    const { id } = await ok<{ id: number }>(site, teacher, 'core_question_save_question', {
      courseid,
      qtype: 'multichoice',
      single: false,
      name: 'Noble gases',
      questiontext: '<p>Which are noble gases?</p>',
      answers: [
        { answer: 'Neon', fraction: 0.5, feedback: 'Yes' },
        { answer: 'Argon', fraction: 0.5 },
        { answer: 'Iron', fraction: -1 },
        { answer: '', fraction: 0 },
      ],
    });
    const q = await ok<Question>(site, teacher, 'core_question_get_question', { questionid: id });
    expect(q.single).toBe(false);
    expect(q.answers.map((a) => a.answer)).toEqual(['Neon', 'Argon', 'Iron']);
    const { categories } = await ok<{ categories: Array<{ name: string; questioncount: number }> }>(site, teacher, 'core_question_get_categories', { courseid });
    expect(categories).toEqual([expect.objectContaining({ name: 'Default for CHEM1', questioncount: 1 })]);
  });

  it('refuses invalid answers field by field and stores nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ qtype: 'multichoice', answers: [{ answer: 'Only', fraction: 1 }] }, 'notenoughanswers'],
      [{ qtype: 'multichoice', answers: [{ answer: 'A', fraction: 0.5 }, { answer: 'B', fraction: 0 }] }, 'One of the answers must be worth 100'],
      [{ qtype: 'multichoice', single: false, answers: [{ answer: 'A', fraction: 0.5 }, { answer: 'B', fraction: 0.2 }] }, 'add up to 100'],
      [{ qtype: 'numerical', answers: [{ answer: 'three', fraction: 1 }] }, 'number or *'],
      [{ qtype: 'truefalse', answers: [{ answer: 'true', fraction: 1 }, { answer: 'false', fraction: 1 }] }, 'true and false'],
    ];
    for (const [q, message] of cases) {
      const answer = await call(site, teacher, 'core_question_save_question', { courseid, name: 'Bad', questiontext: 'x', ...q });
      expect(answer.exception?.errorcode).toBe('invalidquestion');
      expect(answer.exception?.fielderrors?.[0]?.field).toBe('answers');
      expect(JSON.stringify(answer.exception)).toMatch(message === 'notenoughanswers' ? /enough answers/ : new RegExp(message));
    }
    const out = await call(site, teacher, 'core_question_save_question', { courseid, name: 'Bad', questiontext: 'x', qtype: 'shortanswer', answers: [{ answer: 'a', fraction: 2 }] });
    expect(out.exception?.errorcode).toBe('invalidparameter');
    expect(await count()).toBe(before);
  });

  it('keeps students out of the bank and questions inside their course', async () => {
    expect((await call(site, student, 'core_question_get_questions', { courseid })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, student, 'core_question_save_question', { courseid, qtype: 'shortanswer', name: 'x', questiontext: 'x', answers: [{ answer: 'a', fraction: 1 }] })).exception?.errorcode).toBe('nopermissions');
    const { questions } = await ok<{ questions: QuestionSummary[] }>(site, teacher, 'core_question_get_questions', { courseid });
    const foreign = await call(site, teacher, 'core_question_save_question', { courseid: otherCourse, id: questions[0]!.id, qtype: 'shortanswer', name: 'x', questiontext: 'x', answers: [{ answer: 'a', fraction: 1 }] });
    expect(foreign.exception?.errorcode).toMatch(/requireloginerror|nopermissions|invalidquestionid/);
  });

  it('lists, searches and pages questions; deletes one; refuses to delete a non-empty category', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      await ok(site, teacher, 'core_question_save_question', { courseid, qtype: 'shortanswer', name, questiontext: 'Q', answers: [{ answer: name, fraction: 1 }] });
    }
    const page = await ok<{ questions: QuestionSummary[]; total: number }>(site, teacher, 'core_question_get_questions', { courseid, perpage: 2, page: 1 });
    expect(page.total).toBe(4);
    expect(page.questions.map((q) => q.name)).toEqual(['Gamma', 'Noble gases']);
    const found = await ok<{ questions: QuestionSummary[] }>(site, teacher, 'core_question_get_questions', { courseid, search: 'alp' });
    expect(found.questions.map((q) => q.name)).toEqual(['Alpha']);
    await ok(site, teacher, 'core_question_delete_question', { questionid: found.questions[0]!.id });
    expect((await call(site, teacher, 'core_question_get_question', { questionid: found.questions[0]!.id })).exception?.errorcode).toBe('invalidquestionid');
    const { categories } = await ok<{ categories: Array<{ id: number }> }>(site, teacher, 'core_question_get_categories', { courseid });
    expect((await call(site, teacher, 'core_question_delete_category', { categoryid: categories[0]!.id })).exception?.errorcode).toBe('categorynotempty');
    const { id } = await ok<{ id: number }>(site, teacher, 'core_question_add_category', { courseid, name: 'Spare' });
    await ok(site, teacher, 'core_question_delete_category', { categoryid: id });
  });

  it('imports GIFT questions all or nothing', async () => {
    const before = await count();
    const bad = await call(site, teacher, 'core_question_import_gift', { courseid, text: '::Ok::Sky is blue {T}\n\n::Bad::Pick one {=A =B}\n\nNo braces here' });
    expect(bad.exception?.errorcode).toBe('giftimporterror');
    expect(bad.exception?.message).toContain('Question 3: no answers in braces');
    expect(await count()).toBe(before);
    const { questionids } = await ok<{ questionids: number[] }>(site, teacher, 'core_question_import_gift', { courseid, text: '::Gift TF::Sky is blue {T}\n\n::Gift MC::Tick gases {~%50%Neon ~%50%Argon ~%-100%Iron}' });
    expect(questionids).toHaveLength(2);
    const multi = await ok<Question>(site, teacher, 'core_question_get_question', { questionid: questionids[1] });
    expect(multi).toMatchObject({ qtype: 'multichoice', single: false, name: 'Gift MC' });
    expect((await call(site, student, 'core_question_import_gift', { courseid, text: 'x {T}' })).exception?.errorcode).toBe('nopermissions');
  });

  it('imports a Moodle XML export into the categories it names, all or nothing', async () => {
    const xml = readFileSync(join(import.meta.dirname, 'testdata', 'moodle-export.xml'), 'utf8');
    const { questionids } = await ok<{ questionids: number[] }>(site, teacher, 'core_question_import_xml', { courseid, text: xml });
    expect(questionids).toHaveLength(5);
    const [strong, bases, neutral, water, ph] = await Promise.all(questionids.map((questionid) => ok<Question>(site, teacher, 'core_question_get_question', { questionid })));
    expect(strong).toMatchObject({ qtype: 'multichoice', single: true, name: 'Strong acid', defaultmark: 2, generalfeedback: '<p>Strong acids ionise completely.</p>' });
    expect(strong!.questiontext).toBe('<p>Which of these is a <strong>strong</strong> acid?</p>');
    expect(strong!.answers).toMatchObject([{ answer: 'HCl', fraction: 1, feedback: 'Yes.' }, { answer: 'CH<sub>3</sub>COOH', fraction: 0 }]);
    expect(bases).toMatchObject({ single: false, questiontext: 'Tick the bases &amp; alkalis', answers: [{ fraction: 0.5 }, { fraction: 0.5 }, { fraction: -1 }] });
    expect(neutral).toMatchObject({ qtype: 'truefalse', answers: [{ answer: 'true', fraction: 1, feedback: 'Right.' }, { answer: 'false', fraction: 0 }] });
    expect(water).toMatchObject({ qtype: 'shortanswer', usecase: true });
    expect(ph).toMatchObject({ qtype: 'numerical', answers: [{ answer: '2', tolerance: 0.05 }] });
    const { categories } = await ok<{ categories: Array<{ id: number; name: string }> }>(site, teacher, 'core_question_get_categories', { courseid });
    const named = (name: string) => categories.find((c) => c.name === name)?.id;
    expect([strong, bases, neutral].map((q) => q!.category)).toEqual([named('Acids and bases'), named('Acids and bases'), named('Acids and bases')]);
    expect([water, ph].map((q) => q!.category)).toEqual([named('Formulae'), named('Formulae')]);

    // Another import into the same category names reuses them; an unknown type or broken XML stores nothing.
    const before = await count();
    const categoriesBefore = categories.length;
    const essay = xml.replace('<question type="numerical">', '<question type="essay">');
    const refused = await call(site, teacher, 'core_question_import_xml', { courseid, text: essay });
    expect(refused.exception?.errorcode).toBe('xmlimporterror');
    expect(refused.exception?.message).toContain('Question 5: questions of type “essay” cannot be imported');
    for (const text of ['<quiz><question type="truefalse">', '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "b">]><quiz/>', '<questions/>']) {
      expect((await call(site, teacher, 'core_question_import_xml', { courseid, text })).exception?.errorcode).toBe('xmlimporterror');
    }
    expect(await count()).toBe(before);
    expect((await ok<{ categories: unknown[] }>(site, teacher, 'core_question_get_categories', { courseid })).categories).toHaveLength(categoriesBefore);
    expect((await call(site, student, 'core_question_import_xml', { courseid, text: xml })).exception?.errorcode).toBe('nopermissions');
  });

  it('puts GIFT questions into the category a $CATEGORY: line names', async () => {
    const { questionids } = await ok<{ questionids: number[] }>(site, teacher, 'core_question_import_gift', {
      courseid,
      text: '$CATEGORY: $course$/top/Gases\n\n::Noble::Neon is a noble gas. {T}\n\n$CATEGORY: $course$/Metals\n::Iron::Symbol of iron? {=Fe}',
    });
    const { categories } = await ok<{ categories: Array<{ id: number; name: string }> }>(site, teacher, 'core_question_get_categories', { courseid });
    const questions = await Promise.all(questionids.map((questionid) => ok<Question>(site, teacher, 'core_question_get_question', { questionid })));
    expect(questions.map((q) => categories.find((c) => c.id === q.category)?.name)).toEqual(['Gases', 'Metals']);
  });
});
