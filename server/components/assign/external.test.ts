import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingPanel, GradingTableRow, Participant } from '../../../api/assign';
import type { Warning } from '../../../api/types';
import { now } from '../../platform/platform';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs as call, type Session } from '../tag/fixtures';
import { assignArgs, formData, ok, uploadDraft } from './fixtures';
import { countWords } from './submission';

type Status = {
  lastattempt?: { submission?: { status: string; plugins: Array<{ type: string; editorfields?: Array<{ text: string }>; fileareas?: Array<{ files: Array<{ filename: string; fileurl: string }> }> }> }; late: boolean; cansubmit: boolean; submissionsopen: boolean };
  feedback?: { gradefordisplay: string; comment: string; gradername: string; guide?: { criteria: Array<{ score: number | null; remark: string }>; total: number; maxtotal: number } };
  gradingsummary?: { participantcount: number; submissionssubmittedcount: number; submissionsneedgradingcount: number };
  assign: { cansubmit: boolean; cangrade: boolean };
};

describe.each(testDialects)('mod_assign on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let teacher: Session;
  let marker: Session;
  let ana: Session;
  let ben: Session;
  let cleo: Session;
  let outsider: Session;
  let anaId: number;
  let benId: number;
  let cleoId: number;
  let teacherId: number;
  let outsiderId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Biology', 'BIO1');
    teacherId = await site.createUser('teacher1', { firstname: 'Tess', lastname: 'Teacher' });
    const markerId = await site.createUser('marker1', { firstname: 'Mark', lastname: 'Marker' });
    anaId = await site.createUser('ana', { firstname: 'Ana', lastname: 'Alvarez' });
    benId = await site.createUser('ben', { firstname: 'Ben', lastname: 'Brown' });
    cleoId = await site.createUser('cleo', { firstname: 'Cleo', lastname: 'Clark' });
    outsiderId = await site.createUser('outsider', { firstname: 'Otto', lastname: 'Outside' });
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(markerId, courseid, 'teacher');
    for (const id of [anaId, benId, cleoId]) await site.enrol(id, courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    marker = await site.sessionFor(markerId);
    ana = await site.sessionFor(anaId);
    ben = await site.sessionFor(benId);
    cleo = await site.sessionFor(cleoId);
    outsider = await site.sessionFor(outsiderId);
  });
  afterAll(() => site.close());

  const db = () => site.platform.db;
  const add = async (overrides: Record<string, unknown> = {}) => ok<{ cmid: number; instance: number }>(site, teacher, 'mod_assign_add_instance', assignArgs(courseid, overrides));
  const save = (session: Session, assignmentid: number, plugindata: unknown) => ok<Warning[]>(site, session, 'mod_assign_save_submission', { assignmentid, plugindata });
  const text = (t: string) => ({ onlinetext_editor: { text: t, format: 1, itemid: 0 } });
  const status = (session: Session, assignid: number, userid = 0) => ok<Status>(site, session, 'mod_assign_get_submission_status', { assignid, userid });
  const panel = (session: Session, assignid: number, userid: number) => ok<GradingPanel>(site, session, 'mod_assign_get_grading_panel', { assignid, userid });
  const gradeForm = (session: Session, assignmentid: number, userid: number, fields: Record<string, string | number>) =>
    call<Warning[]>(site, session, 'mod_assign_submit_grading_form', { assignmentid, userid, jsonformdata: formData(fields) });
  const count = async (table: 'assign' | 'assign_grades' | 'assign_submission' | 'grade_grades' | 'assignfeedback_comments') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('counts words as Moodle does', () => {
    expect(countWords('<p>One two</p><p>three&nbsp;four</p>')).toBe(4);
    expect(countWords('<p> </p>')).toBe(0);
  });

  it('adds an assignment with its grade item and grading method, and refuses invalid settings by field', async () => {
    const before = await count('assign');
    const refused = await call(site, teacher, 'mod_assign_add_instance', assignArgs(courseid, { allowsubmissionsfromdate: 2000, duedate: 1000 }));
    expect(refused.exception?.errorcode).toBe('invalidsettings');
    expect(refused.exception?.message).toContain('Due date must be after');
    // Each refused field with its own message, for the teacher too (not only in an admin's debuginfo).
    expect(refused.exception?.fielderrors?.map((e) => e.field)).toEqual(['duedate']);
    expect(refused.exception?.fielderrors?.[0]?.message).toContain('Due date must be after');
    expect(await count('assign')).toBe(before);
    const badScale = await call(site, teacher, 'mod_assign_add_instance', assignArgs(courseid, { grade: -99999 }));
    expect(badScale.exception?.errorcode).toBe('invalidsettings');
    expect((await call(site, ana, 'mod_assign_add_instance', assignArgs(courseid))).exception?.errorcode).toBe('nopermissions');

    const { cmid, instance } = await add({ name: 'Essay one' });
    const item = await db().selectFrom('grade_items').selectAll().where('itemmodule', '=', 'assign').where('iteminstance', '=', instance).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ cmid, itemname: 'Essay one', gradetype: 1, grademax: 10 });
    const listed = await ok<{ courses: Array<{ assignments: Array<{ id: number; cmid: number; configs: unknown[] }> }> }>(site, ana, 'mod_assign_get_assignments', { courseids: [courseid] });
    expect(listed.courses[0]!.assignments.map((a) => a.id)).toContain(instance);

    await ok(site, teacher, 'mod_assign_update_instance', { cmid, ...assignArgs(courseid, { name: 'Essay one renamed', grade: 20 }), courseid: undefined, section: undefined });
    const updated = await db().selectFrom('grade_items').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ itemname: 'Essay one renamed', grademax: 20 });
  });

  it('saves online text as final without drafts, enforces the word limit and says late after the due date', async () => {
    const { instance } = await add({ onlinetext_wordlimit: 3, duedate: now() - 3600, sendnotifications: 1 });
    const tooLong = await save(ana, instance, text('<p>one two three four</p>'));
    expect(tooLong[0]).toMatchObject({ warningcode: 'wordlimitexceeded' });
    expect(await db().selectFrom('assign_submission').select('id').where('assignment', '=', instance).execute()).toEqual([]);

    const notices = await db().selectFrom('notifications').select('id').where('useridto', '=', teacherId).execute();
    expect(await save(ana, instance, text('<p>one two</p>'))).toEqual([]);
    const mine = await status(ana, instance);
    expect(mine.lastattempt?.submission?.status).toBe('submitted');
    expect(mine.lastattempt?.late).toBe(true);
    expect(mine.lastattempt?.submission?.plugins.find((p) => p.type === 'onlinetext')?.editorfields?.[0]?.text).toBe('<p>one two</p>');
    const after = await db().selectFrom('notifications').select(['id', 'subject']).where('useridto', '=', teacherId).execute();
    expect(after.length).toBe(notices.length + 1);

    const empty = await save(ben, instance, text('<p> </p>'));
    expect(empty[0]).toMatchObject({ warningcode: 'couldnotsavesubmission' });
    expect(await db().selectFrom('assign_submission').select('id').where('assignment', '=', instance).where('userid', '=', benId).execute()).toEqual([]);

    // Learners see only their own.
    expect((await call(site, ben, 'mod_assign_get_submission_status', { assignid: instance, userid: anaId })).exception?.errorcode).toBe('nopermissions');
    expect((await status(teacher, instance, anaId)).lastattempt?.submission?.status).toBe('submitted');
  });

  it('refuses saving before the from-date and after the cut-off, changing nothing', async () => {
    const future = await add({ allowsubmissionsfromdate: now() + 86400 });
    expect((await save(ana, future.instance, text('<p>early</p>')))[0]).toMatchObject({ warningcode: 'couldnotsavesubmission' });
    const closed = await add({ duedate: now() - 7200, cutoffdate: now() - 3600 });
    expect((await save(ana, closed.instance, text('<p>late</p>')))[0]).toMatchObject({ warningcode: 'couldnotsavesubmission', itemid: closed.instance });
    expect(await db().selectFrom('assign_submission').select('id').where('assignment', 'in', [future.instance, closed.instance]).execute()).toEqual([]);
    expect((await status(ana, closed.instance)).lastattempt?.submissionsopen).toBe(false);
  });

  it('keeps drafts until submitted, with the submission statement when required', async () => {
    const { instance } = await add({ submissiondrafts: 1, requiresubmissionstatement: 1 });
    expect(await save(ben, instance, text('<p>a draft</p>'))).toEqual([]);
    let mine = await status(ben, instance);
    expect(mine.lastattempt?.submission?.status).toBe('draft');
    expect(mine.lastattempt?.cansubmit).toBe(true);
    const noStatement = await ok<Warning[]>(site, ben, 'mod_assign_submit_for_grading', { assignmentid: instance, acceptsubmissionstatement: false });
    expect(noStatement[0]).toMatchObject({ warningcode: 'submissionstatementrequired' });
    expect((await status(ben, instance)).lastattempt?.submission?.status).toBe('draft');
    expect(await ok<Warning[]>(site, ben, 'mod_assign_submit_for_grading', { assignmentid: instance, acceptsubmissionstatement: true })).toEqual([]);
    mine = await status(ben, instance);
    expect(mine.lastattempt?.submission?.status).toBe('submitted');
    // Submitted with drafts on: closed until reverted.
    expect((await save(ben, instance, text('<p>change</p>')))[0]).toMatchObject({ warningcode: 'couldnotsavesubmission' });
    expect((await call(site, teacher, 'mod_assign_save_submission', { assignmentid: instance, plugindata: text('<p>x</p>') })).exception?.errorcode).toBe('nopermissions');
  });

  it('stores files from a draft area within the limits and serves them only to the submitter and graders', async () => {
    const { instance, cmid } = await add({ onlinetext_enabled: 0, file_maxfiles: 1, file_maxsizebytes: 100 });
    const prepared = await ok<{ itemid: number; files: unknown[]; maxfiles: number; maxbytes: number }>(site, cleo, 'mod_assign_prepare_submission_files', { assignmentid: instance });
    expect(prepared).toMatchObject({ files: [], maxfiles: 1, maxbytes: 100 });
    const up = await uploadDraft(site, cleo, prepared.itemid, 'notes.txt', Buffer.from('cell wall'));
    expect(up.status).toBe(200);
    expect(up.json.files.map((f) => f.filename)).toEqual(['notes.txt']);
    await uploadDraft(site, cleo, prepared.itemid, 'more.txt', Buffer.from('membrane'));
    expect((await save(cleo, instance, { files_filemanager: prepared.itemid }))[0]).toMatchObject({ warningcode: 'toomanyfiles' });
    const big = await ok<{ itemid: number }>(site, cleo, 'mod_assign_prepare_submission_files', { assignmentid: instance });
    await uploadDraft(site, cleo, big.itemid, 'big.txt', Buffer.alloc(500, 65));
    expect((await save(cleo, instance, { files_filemanager: big.itemid }))[0]).toMatchObject({ warningcode: 'filetoolarge' });
    expect(await db().selectFrom('assign_submission').select('id').where('assignment', '=', instance).execute()).toEqual([]);

    const good = await ok<{ itemid: number }>(site, cleo, 'mod_assign_prepare_submission_files', { assignmentid: instance });
    await uploadDraft(site, cleo, good.itemid, 'notes.txt', Buffer.from('cell wall'));
    expect(await save(cleo, instance, { files_filemanager: good.itemid })).toEqual([]);
    const files = (await status(cleo, instance)).lastattempt?.submission?.plugins.find((p) => p.type === 'file')?.fileareas?.[0]?.files ?? [];
    expect(files.map((f) => f.filename)).toEqual(['notes.txt']);
    const url = new URL(files[0]!.fileurl).pathname;
    const get = (session: Session | null) => site.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
    const own = await get(cleo);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('cell wall');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect((await get(teacher)).statusCode).toBe(200);
    expect((await get(marker)).statusCode).toBe(200);
    expect((await get(ana)).statusCode).toBe(404);
    expect((await get(outsider)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
    // Re-editing starts from a copy of the submitted files.
    const again = await ok<{ files: Array<{ filename: string }> }>(site, cleo, 'mod_assign_prepare_submission_files', { assignmentid: instance });
    expect(again.files.map((f) => f.filename)).toEqual(['notes.txt']);
    // A forged upload (wrong sesskey) changes nothing.
    const forged = await uploadDraft(site, { ...cleo, sesskey: 'forged' }, good.itemid, 'x.txt', Buffer.from('x'));
    expect(forged.json.errorcode).toBe('invalidsesskey');
    void cmid;
  });

  it('grades through the grading form: range, unknown and not enrolled users, malformed data, capability', async () => {
    const { instance } = await add({ sendstudentnotifications: 1 });
    expect(await save(ana, instance, text('<p>my essay</p>'))).toEqual([]);
    const grades = await count('assign_grades');
    const gradebook = await count('grade_grades');

    expect((await gradeForm(teacher, instance, anaId, { grade: '11' })).data?.[0]).toMatchObject({ item: 'grade', warningcode: 'gradeabovemaximum' });
    expect((await gradeForm(teacher, instance, anaId, { grade: '-1' })).data?.[0]).toMatchObject({ warningcode: 'gradebelowzero' });
    expect((await gradeForm(teacher, instance, anaId, { grade: 'ten' })).data?.[0]).toMatchObject({ warningcode: 'invalidfloatforgrade' });
    expect((await call(site, teacher, 'mod_assign_submit_grading_form', { assignmentid: instance, userid: anaId, jsonformdata: '{not json' })).exception?.errorcode).toBe('invalidjsonformdata');
    expect((await call(site, teacher, 'mod_assign_submit_grading_form', { assignmentid: instance, userid: anaId, jsonformdata: '{"grade": 5}' })).exception?.errorcode).toBe('invalidjsonformdata');
    expect((await gradeForm(teacher, instance, 999999, { grade: '5' })).exception?.errorcode).toBe('usernotincourse');
    expect((await gradeForm(teacher, instance, outsiderId, { grade: '5' })).exception?.errorcode).toBe('usernotincourse');
    expect((await gradeForm(ben, instance, anaId, { grade: '5' })).exception?.errorcode).toBe('nopermissions');
    expect(await count('assign_grades')).toBe(grades);
    expect(await count('grade_grades')).toBe(gradebook);

    const loaded = await panel(teacher, instance, anaId);
    expect(loaded.grade).toMatchObject({ grade: null, timemodified: 0 });
    expect(loaded.submission?.onlinetext).toBe('<p>my essay</p>');
    const saved = await gradeForm(marker, instance, anaId, {
      grade: '7,5',
      'assignfeedbackcomments_editor[text]': '<p>Well argued</p>',
      'assignfeedbackcomments_editor[format]': 1,
      sendstudentnotifications: 1,
      gradetimemodified: loaded.grade.timemodified,
    });
    expect(saved.data).toEqual([]);
    const item = await db().selectFrom('grade_items').select('id').where('itemmodule', '=', 'assign').where('iteminstance', '=', instance).executeTakeFirstOrThrow();
    const book = await db().selectFrom('grade_grades').selectAll().where('itemid', '=', item.id).where('userid', '=', anaId).executeTakeFirstOrThrow();
    expect(Number(book.rawgrade)).toBe(7.5);
    expect(book.feedback).toBe('<p>Well argued</p>');
    const seen = await status(ana, instance);
    expect(seen.feedback).toMatchObject({ comment: '<p>Well argued</p>', gradername: 'Mark Marker' });
    expect(seen.feedback?.gradefordisplay).toContain('7.5');
    const notified = await db().selectFrom('notifications').select('subject').where('useridto', '=', anaId).execute();
    expect(notified.length).toBe(1);

    // Empty grade clears it.
    const again = await panel(teacher, instance, anaId);
    expect((await gradeForm(teacher, instance, anaId, { grade: '', gradetimemodified: again.grade.timemodified })).data).toEqual([]);
    expect((await panel(teacher, instance, anaId)).grade.grade).toBeNull();
  });

  it('tells the later of two graders that the grade changed since they loaded it', async () => {
    const { instance } = await add();
    await save(ben, instance, text('<p>answer</p>'));
    const first = await panel(teacher, instance, benId);
    const second = await panel(marker, instance, benId);
    expect((await gradeForm(teacher, instance, benId, { grade: '6', gradetimemodified: first.grade.timemodified })).data).toEqual([]);
    const later = await gradeForm(marker, instance, benId, { grade: '9', gradetimemodified: second.grade.timemodified });
    expect(later.data?.[0]).toMatchObject({ warningcode: 'gradechanged' });
    expect((await panel(teacher, instance, benId)).grade.grade).toBe(6);
    // Reloaded, the second grader may save; twice in one second still moves timemodified on.
    const reloaded = await panel(marker, instance, benId);
    expect((await gradeForm(marker, instance, benId, { grade: '9', gradetimemodified: reloaded.grade.timemodified })).data).toEqual([]);
    expect((await gradeForm(teacher, instance, benId, { grade: '1', gradetimemodified: reloaded.grade.timemodified })).data?.[0]).toMatchObject({ warningcode: 'gradechanged' });
  });

  it('saves grades in parallel without losing the check', async () => {
    const { instance } = await add();
    await save(cleo, instance, text('<p>parallel</p>'));
    const loaded = await panel(teacher, instance, cleoId);
    const answers = await Promise.all([
      gradeForm(teacher, instance, cleoId, { grade: '3', gradetimemodified: loaded.grade.timemodified }),
      gradeForm(marker, instance, cleoId, { grade: '4', gradetimemodified: loaded.grade.timemodified }),
    ]);
    const outcomes = answers.map((a) => (a.data?.length === 0 ? 'saved' : a.data?.[0]?.warningcode)).sort();
    expect(outcomes).toEqual(['gradechanged', 'saved']);
  });

  it('grades with a marking guide: scores within each maximum, total scaled to the grade', async () => {
    const { instance, cmid } = await add({ grade: 50, gradingmethod: 'guide' });
    const guide = await ok<{ guide: { criteria: Array<{ id: number; maxscore: number }> } }>(site, teacher, 'core_grading_save_guide', {
      cmid,
      name: 'Essay guide',
      criteria: [
        { id: 0, shortname: 'Content', description: 'What you say', descriptionmarkers: '', maxscore: 10 },
        { id: 0, shortname: 'Structure', description: 'How you say it', descriptionmarkers: '', maxscore: 10 },
        { id: 0, shortname: 'Sources', description: 'References', descriptionmarkers: '', maxscore: 5 },
      ],
      comments: [{ id: 0, description: 'Good work' }],
      status: 20,
    });
    const [c1, c2, c3] = guide.guide.criteria;
    await save(ana, instance, text('<p>guided</p>'));
    const loaded = await panel(teacher, instance, anaId);
    expect(loaded.guide?.criteria.length).toBe(3);
    const field = (id: number, part: string) => `advancedgrading[criteria][${id}][${part}]`;
    const over = await gradeForm(teacher, instance, anaId, { [field(c1!.id, 'score')]: 11, [field(c2!.id, 'score')]: 5, [field(c3!.id, 'score')]: 5 });
    expect(over.data?.[0]).toMatchObject({ item: field(c1!.id, 'score'), warningcode: 'err_scoreinvalid' });
    const missing = await gradeForm(teacher, instance, anaId, { [field(c1!.id, 'score')]: 5, [field(c2!.id, 'remark')]: 'fine' });
    expect(missing.data?.map((w) => w.warningcode)).toEqual(['err_missing', 'err_missing']);
    expect((await panel(teacher, instance, anaId)).grade.timemodified).toBe(0);

    const done = await gradeForm(teacher, instance, anaId, {
      [field(c1!.id, 'score')]: 8,
      [field(c1!.id, 'remark')]: 'Good work',
      [field(c2!.id, 'score')]: 7,
      [field(c3!.id, 'score')]: 5,
      gradetimemodified: 0,
    });
    expect(done.data).toEqual([]);
    const after = await panel(teacher, instance, anaId);
    expect(after.grade.grade).toBe(40); // 20 of 25 → 40 of 50
    expect(after.guide?.fillings.find((f) => f.criterionid === c1!.id)).toMatchObject({ score: 8, remark: 'Good work' });
    const seen = await status(ana, instance);
    expect(seen.feedback?.guide).toMatchObject({ total: 20, maxtotal: 25 });
  });

  it('lists participants fast by ids, with filters, search, sort and paging in the grading table', async () => {
    const { instance } = await add();
    await save(ana, instance, text('<p>a</p>'));
    await save(ben, instance, text('<p>b</p>'));
    // Submitted a minute ago: a grade given in the same second as the submission still "requires grading" (Moodle's ≥).
    await db().updateTable('assign_submission').set({ timemodified: now() - 60 }).where('assignment', '=', instance).execute();
    const b = await panel(teacher, instance, benId);
    await gradeForm(teacher, instance, benId, { grade: '5', gradetimemodified: b.grade.timemodified });

    const ids = await ok<Participant[]>(site, marker, 'mod_assign_list_participants', { assignid: instance, onlyids: true });
    expect(ids.map((p) => [p.fullname, p.submitted, p.requiregrading])).toEqual([
      ['Ana Alvarez', true, true],
      ['Ben Brown', true, false],
      ['Cleo Clark', false, false],
    ]);
    expect(ids[0]).not.toHaveProperty('email');
    const found = await ok<Participant[]>(site, teacher, 'mod_assign_list_participants', { assignid: instance, filter: 'BROWN', limit: 30 });
    expect(found.map((p) => p.id)).toEqual([benId]);
    expect(found[0]).toHaveProperty('email');
    expect((await call(site, ana, 'mod_assign_list_participants', { assignid: instance })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, teacher, 'mod_assign_get_participant', { assignid: instance, userid: outsiderId })).exception?.errorcode).toBe('usernotincourse');
    expect(await ok(site, teacher, 'mod_assign_get_participant', { assignid: instance, userid: anaId, embeduser: true })).toMatchObject({ id: anaId, submitted: true, user: { fullname: 'Ana Alvarez' } });

    type Table = { total: number; rows: GradingTableRow[]; gradesummary: { participants: number; submitted: number; needsgrading: number } };
    const table = (args: Record<string, unknown>) => ok<Table>(site, teacher, 'mod_assign_get_grading_table', { assignid: instance, ...args });
    const all = await table({});
    expect(all.total).toBe(3);
    expect(all.gradesummary).toMatchObject({ participants: 3, submitted: 2, needsgrading: 1 });
    expect((await table({ filters: ['submitted', 'requiregrading'] })).rows.map((r) => r.userid)).toEqual([anaId]);
    expect((await table({ filters: ['notsubmitted'] })).rows.map((r) => r.userid)).toEqual([cleoId]);
    expect((await table({ filters: ['submitted', 'notsubmitted'] })).total).toBe(0);
    expect((await table({ search: 'cle' })).rows.map((r) => r.userid)).toEqual([cleoId]);
    expect((await table({ sort: 'grade', direction: 'desc' })).rows[0]).toMatchObject({ userid: benId, grade: 5 });
    const page = await table({ perpage: 2, page: 1 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((r) => r.userid)).toEqual([cleoId]);
  });

  it('answers grades and submissions to graders only', async () => {
    const { instance } = await add();
    await save(ana, instance, text('<p>x</p>'));
    const p = await panel(teacher, instance, anaId);
    await gradeForm(teacher, instance, anaId, { grade: '8', gradetimemodified: p.grade.timemodified });
    const grades = await ok<{ assignments: Array<{ grades: Array<{ userid: number; grade: string }> }> }>(site, teacher, 'mod_assign_get_grades', { assignmentids: [instance] });
    expect(grades.assignments[0]!.grades).toMatchObject([{ userid: anaId, grade: '8.00000' }]);
    const refused = await ok<{ assignments: unknown[]; warnings: Warning[] }>(site, ana, 'mod_assign_get_grades', { assignmentids: [instance] });
    expect(refused).toMatchObject({ assignments: [], warnings: [{ warningcode: '1' }] });
    const subs = await ok<{ assignments: Array<{ submissions: Array<{ userid: number; status: string; gradingstatus: string }> }> }>(site, teacher, 'mod_assign_get_submissions', { assignmentids: [instance] });
    expect(subs.assignments[0]!.submissions).toMatchObject([{ userid: anaId, status: 'submitted', gradingstatus: 'graded' }]);
    expect(await ok(site, teacher, 'mod_assign_save_grade', { assignmentid: instance, userid: anaId, grade: 9, plugindata: { assignfeedbackcomments_editor: { text: 'ok', format: 1 } } })).toBeNull();
    expect((await call(site, teacher, 'mod_assign_save_grade', { assignmentid: instance, userid: anaId, grade: 12 })).exception?.errorcode).toBe('gradeabovemaximum');
    expect((await panel(teacher, instance, anaId)).grade).toMatchObject({ grade: 9, feedbackcomment: 'ok' });
  });

  it('deletes an assignment with its submissions, grades, files, grade item and grading area', async () => {
    const { instance, cmid } = await add({ gradingmethod: 'guide' });
    const draft = await ok<{ itemid: number }>(site, ana, 'mod_assign_prepare_submission_files', { assignmentid: instance });
    await uploadDraft(site, ana, draft.itemid, 'gone.txt', Buffer.from('bye'));
    await save(ana, instance, { ...text('<p>bye</p>'), files_filemanager: draft.itemid });
    const p = await panel(teacher, instance, anaId);
    await gradeForm(teacher, instance, anaId, { grade: '', gradetimemodified: p.grade.timemodified });
    const context = await db().selectFrom('context').select('id').where('contextlevel', '=', 70).where('instanceid', '=', cmid).executeTakeFirstOrThrow();
    await ok(site, teacher, 'core_courseformat_update_course', { action: 'cm_delete', courseid, ids: [cmid] });
    expect(await db().selectFrom('assign').select('id').where('id', '=', instance).execute()).toEqual([]);
    expect(await db().selectFrom('assign_submission').select('id').where('assignment', '=', instance).execute()).toEqual([]);
    expect(await db().selectFrom('assign_grades').select('id').where('assignment', '=', instance).execute()).toEqual([]);
    expect(await db().selectFrom('files').select('id').where('contextid', '=', context.id).execute()).toEqual([]);
    expect(await db().selectFrom('grade_items').select('id').where('itemmodule', '=', 'assign').where('iteminstance', '=', instance).execute()).toEqual([]);
    expect(await db().selectFrom('grading_areas').select('id').where('contextid', '=', context.id).execute()).toEqual([]);
  });
});
