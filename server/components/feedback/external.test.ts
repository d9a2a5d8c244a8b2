import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackItem } from '../../../api/feedback';
import { now } from '../../platform/platform';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok } from '../assign/fixtures';
import { callAs as call, type Session } from '../tag/fixtures';

type Added = { cmid: number; instance: number };
type Analysis = { completedcount: number; itemsdata: Array<{ item: FeedbackItem; data: string[]; choices?: Array<{ answertext: string; answercount: number; quotient: number }>; average?: number | null }> };
type Responses = {
  attempts: Array<{ id: number; fullname: string; userid: number; responses: Array<{ name: string; printval: string; rawval: string }> }>;
  totalattempts: number;
  anonattempts: Array<{ number: number; responses: Array<{ printval: string }> }>;
  totalanonattempts: number;
};
type Processed = { jumpto: number; completed: boolean; completionpagecontents: string };

describe.each(testDialects)('mod_feedback on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let otherCourseid: number;
  let teacher: Session;
  let marker: Session;
  let ana: Session;
  let ben: Session;
  let outsider: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Biology', 'BIO1');
    otherCourseid = await site.createCourse('Chemistry', 'CHEM1');
    const teacherId = await site.createUser('teacher1', { firstname: 'Tess', lastname: 'Teacher' });
    const markerId = await site.createUser('marker1', { firstname: 'Mark', lastname: 'Marker' });
    const anaId = await site.createUser('ana', { firstname: 'Ana', lastname: 'Alvarez' });
    const benId = await site.createUser('ben', { firstname: 'Ben', lastname: 'Brown' });
    const outsiderId = await site.createUser('outsider', { firstname: 'Otto', lastname: 'Outside' });
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(teacherId, otherCourseid, 'editingteacher');
    await site.enrol(markerId, courseid, 'teacher');
    for (const id of [anaId, benId]) await site.enrol(id, courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    marker = await site.sessionFor(markerId);
    ana = await site.sessionFor(anaId);
    ben = await site.sessionFor(benId);
    outsider = await site.sessionFor(outsiderId);
  });
  afterAll(() => site.close());

  const db = () => site.platform.db;
  const add = (overrides: Record<string, unknown> = {}, course = courseid) =>
    ok<Added>(site, teacher, 'mod_feedback_add_instance', { courseid: course, section: 1, name: 'Course survey', intro: '<p>Tell us.</p>', ...overrides });
  const addItem = async (feedbackid: number, item: Record<string, unknown>) => (await ok<{ item: FeedbackItem }>(site, teacher, 'mod_feedback_save_item', { feedbackid, ...item })).item;
  const items = async (feedbackid: number, session = teacher) => (await ok<{ items: FeedbackItem[] }>(site, session, 'mod_feedback_get_items', { feedbackid })).items;
  const page = (session: Session, feedbackid: number, pageno: number, responses: Array<{ name: string; value: string | number }>, extra: Record<string, unknown> = {}) =>
    call<Processed>(site, session, 'mod_feedback_process_page', { feedbackid, page: pageno, responses, ...extra });
  const count = async (table: 'feedback_completed' | 'feedback_value' | 'feedback_valuetmp' | 'feedback_item') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** A survey with two pages: a label, a required choice and a numeric 1..10 | page break | a text answer. */
  async function survey(overrides: Record<string, unknown> = {}) {
    const f = await add(overrides);
    await addItem(f.instance, { typ: 'label', text: '<p>About the course</p>' });
    const choice = await addItem(f.instance, { typ: 'multichoice', name: 'How was it?', subtype: 'r', choices: ['Good', 'Fair', 'Poor'], required: 1 });
    const rating = await addItem(f.instance, { typ: 'numeric', name: 'Rate it', minimum: '1', maximum: '10' });
    await addItem(f.instance, { typ: 'pagebreak' });
    const comment = await addItem(f.instance, { typ: 'textarea', name: 'Anything else?' });
    return { ...f, choice, rating, comment };
  }

  it('adds a feedback with its settings and refuses a close time before the open time, storing nothing', async () => {
    const before = Number((await db().selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const refused = await call(site, teacher, 'mod_feedback_add_instance', { courseid, section: 1, name: 'Bad', timeopen: 2000, timeclose: 1000 });
    expect(refused.exception?.errorcode).toBe('invalidsettings');
    expect(refused.exception?.fielderrors?.map((e) => e.field)).toEqual(['timeclose']);
    expect(Number((await db().selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    const f = await add({ anonymous: 2, multiple_submit: 0, page_after_submit: '<p>Thanks!</p>' });
    const got = await ok<{ feedback: { anonymous: number; multiple_submit: boolean; name: string } }>(site, ana, 'mod_feedback_get_feedback', { cmid: f.cmid });
    expect(got.feedback).toMatchObject({ anonymous: 2, multiple_submit: false, name: 'Course survey' });
    expect((await call(site, ana, 'mod_feedback_add_instance', { courseid, section: 1, name: 'Nope' })).exception?.errorcode).toBe('nopermissions');
  });

  it('changes its settings for teachers only, refusing a close time before the open time and keeping the old values', async () => {
    const f = await add({ anonymous: 1 });
    await ok(site, teacher, 'mod_feedback_update_instance', { cmid: f.cmid, name: 'Course survey (named)', anonymous: 2, multiple_submit: 0 });
    const got = await ok<{ feedback: { anonymous: number; multiple_submit: boolean; name: string } }>(site, ana, 'mod_feedback_get_feedback', { cmid: f.cmid });
    expect(got.feedback).toMatchObject({ name: 'Course survey (named)', anonymous: 2, multiple_submit: false });
    const bad = await call(site, teacher, 'mod_feedback_update_instance', { cmid: f.cmid, name: 'Later', timeopen: 5000, timeclose: 4000 });
    expect(bad.exception?.fielderrors?.map((e) => e.field)).toEqual(['timeclose']);
    expect((await call(site, ana, 'mod_feedback_update_instance', { cmid: f.cmid, name: 'Mine' })).exception?.errorcode).toBe('nopermissions');
    expect((await db().selectFrom('feedback').select('name').where('id', '=', f.instance).executeTakeFirstOrThrow()).name).toBe('Course survey (named)');
  });

  it('adds every item type, refuses invalid items field by field, and numbers valued items', async () => {
    const f = await add();
    await addItem(f.instance, { typ: 'info', infotype: 2 });
    await addItem(f.instance, { typ: 'textfield', name: 'Nickname', size: 20, maxlength: 10 });
    await addItem(f.instance, { typ: 'multichoice', name: 'Topics', subtype: 'c', choices: ['Cells', 'Genes'], horizontal: 1 });
    await addItem(f.instance, { typ: 'multichoice', name: 'Year', subtype: 'd', choices: ['1', '2'] });
    const list = await items(f.instance);
    expect(list.map((i) => [i.typ, i.position, i.itemnumber, i.presentation])).toEqual([
      ['info', 1, 1, '2'],
      ['textfield', 2, 2, '20|10'],
      ['multichoice', 3, 3, 'c>>>>>Cells|Genes<<<<<1'],
      ['multichoice', 4, 4, 'd>>>>>1|2'],
    ]);
    const noName = await call(site, teacher, 'mod_feedback_save_item', { feedbackid: f.instance, typ: 'numeric', minimum: '9', maximum: '2' });
    expect(noName.exception?.errorcode).toBe('invaliditem');
    expect(noName.exception?.fielderrors?.map((e) => e.field).sort()).toEqual(['maximum', 'name']);
    const noChoices = await call(site, teacher, 'mod_feedback_save_item', { feedbackid: f.instance, typ: 'multichoice', name: 'Empty', choices: ['', ' '] });
    expect(noChoices.exception?.fielderrors?.[0]).toMatchObject({ field: 'choices', message: 'Enter at least one choice.' });
    await addItem(f.instance, { typ: 'pagebreak' });
    const twice = await call(site, teacher, 'mod_feedback_save_item', { feedbackid: f.instance, typ: 'pagebreak' });
    expect(twice.exception?.fielderrors?.[0]?.message).toBe('A page break cannot follow another page break.');
    expect((await items(f.instance)).length).toBe(5);
    // Learners and non-editing teachers cannot change questions.
    expect((await call(site, ana, 'mod_feedback_save_item', { feedbackid: f.instance, typ: 'textarea', name: 'x' })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, marker, 'mod_feedback_save_item', { feedbackid: f.instance, typ: 'textarea', name: 'x' })).exception?.errorcode).toBe('nopermissions');
  });

  it('edits an item in place, moves items and renumbers, and refuses items of another feedback', async () => {
    const f = await add();
    const a = await addItem(f.instance, { typ: 'textfield', name: 'A' });
    const b = await addItem(f.instance, { typ: 'textfield', name: 'B' });
    const c = await addItem(f.instance, { typ: 'textfield', name: 'C' });
    await addItem(f.instance, { itemid: b.id, typ: 'textfield', name: 'B2', required: 1 });
    const moved = await ok<{ items: FeedbackItem[] }>(site, teacher, 'mod_feedback_move_item', { feedbackid: f.instance, itemid: c.id, position: 1 });
    expect(moved.items.map((i) => [i.name, i.position, i.required])).toEqual([
      ['C', 1, false],
      ['A', 2, false],
      ['B2', 3, true],
    ]);
    const other = await add();
    const foreign = await call(site, teacher, 'mod_feedback_move_item', { feedbackid: other.instance, itemid: a.id, position: 1 });
    expect(foreign.exception?.errorcode).toBe('invalidrecord');
    const foreignDelete = await call(site, teacher, 'mod_feedback_delete_item', { feedbackid: other.instance, itemid: a.id });
    expect(foreignDelete.exception?.errorcode).toBe('invalidrecord');
    const typeChange = await call(site, teacher, 'mod_feedback_save_item', { feedbackid: f.instance, itemid: a.id, typ: 'textarea', name: 'A' });
    expect(typeChange.exception?.errorcode).toBe('invaliditem');
  });

  it('deletes an item with its answers and renumbers the rest', async () => {
    const s = await survey();
    expect((await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: 1 }, { name: `numeric_${s.rating.id}`, value: '7' }])).data?.jumpto).toBe(1);
    expect((await page(ana, s.instance, 1, [{ name: `textarea_${s.comment.id}`, value: 'Loved it' }])).data?.completed).toBe(true);
    const values = await count('feedback_value');
    const after = await ok<{ items: FeedbackItem[] }>(site, teacher, 'mod_feedback_delete_item', { feedbackid: s.instance, itemid: s.rating.id });
    expect(after.items.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(after.items.some((i) => i.id === s.rating.id)).toBe(false);
    expect(await count('feedback_value')).toBe(values - 1);
  });

  it('deletes an item by the edit page link only with the session key and the capability, then returns to the edit page', async () => {
    const s = await survey();
    const url = (itemid: number, sesskey?: string) => `/mod/feedback/edit.php?id=${s.cmid}&deleteitem=${itemid}${sesskey ? `&sesskey=${sesskey}` : ''}`;
    const get = (session: Session, path: string) => site.app.inject({ method: 'GET', url: path, headers: { cookie: session.cookie, accept: 'text/html' } });
    const forged = await get(teacher, url(s.rating.id));
    expect(forged.statusCode).toBe(403);
    expect((await items(s.instance)).map((i) => i.id)).toContain(s.rating.id);
    const learner = await get(ana, url(s.rating.id, ana.sesskey));
    expect(learner.statusCode).toBe(403);
    const other = await survey();
    const foreign = await get(teacher, url(other.rating.id, teacher.sesskey));
    expect(foreign.statusCode).toBe(404);
    expect((await items(other.instance)).map((i) => i.id)).toContain(other.rating.id);
    const done = await get(teacher, url(s.rating.id, teacher.sesskey));
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/mod/feedback/edit.php?id=${s.cmid}`);
    const left = await items(s.instance);
    expect(left.map((i) => i.id)).not.toContain(s.rating.id);
    expect(left.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    // Without deleteitem the page itself is served.
    expect((await get(teacher, `/mod/feedback/edit.php?id=${s.cmid}`)).statusCode).toBe(200);
  });

  it('pages a learner through the questions, validates required and numeric answers, and submits from the last page', async () => {
    const s = await survey({ page_after_submit: '<p>Thank you!</p>' });
    expect((await ok<{ gopage: number }>(site, ana, 'mod_feedback_launch_feedback', { feedbackid: s.instance })).gopage).toBe(0);
    const first = await ok<{ items: FeedbackItem[]; hasnextpage: boolean; hasprevpage: boolean; pagecount: number }>(site, ana, 'mod_feedback_get_page_items', { feedbackid: s.instance, page: 0 });
    expect(first).toMatchObject({ hasnextpage: true, hasprevpage: false, pagecount: 2 });
    expect(first.items.map((i) => i.typ)).toEqual(['label', 'multichoice', 'numeric']);
    const tmpBefore = await count('feedback_valuetmp');
    const missing = await page(ana, s.instance, 0, [{ name: `numeric_${s.rating.id}`, value: '11' }]);
    expect(missing.exception?.errorcode).toBe('invalidresponses');
    expect(Object.fromEntries((missing.exception?.fielderrors ?? []).map((e) => [e.field, e.message]))).toEqual({
      [`multichoice_${s.choice.id}`]: 'Required',
      [`numeric_${s.rating.id}`]: 'The number is out of range.',
    });
    const notNumber = await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: '1' }, { name: `numeric_${s.rating.id}`, value: 'ten' }]);
    expect(notNumber.exception?.fielderrors?.[0]?.message).toBe('Enter a number.');
    const badChoice = await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: '4' }]);
    expect(badChoice.exception?.fielderrors?.[0]?.message).toBe('This answer is not one of the choices.');
    expect(await count('feedback_valuetmp')).toBe(tmpBefore);
    // A decimal comma is read as people type it.
    const next = await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: '2' }, { name: `numeric_${s.rating.id}`, value: '7,5' }]);
    expect(next.data).toMatchObject({ jumpto: 1, completed: false });
    expect((await ok<{ gopage: number }>(site, ana, 'mod_feedback_launch_feedback', { feedbackid: s.instance })).gopage).toBe(1);
    const unfinished = await ok<{ responses: Array<{ item: number; value: string }> }>(site, ana, 'mod_feedback_get_unfinished_responses', { feedbackid: s.instance });
    expect(unfinished.responses.map((r) => [r.item, r.value]).sort()).toEqual([[s.choice.id, '2'], [s.rating.id, '7.5']].sort());
    const back = await page(ana, s.instance, 1, [], { goprevious: 1 });
    expect(back.data?.jumpto).toBe(0);
    const done = await page(ana, s.instance, 1, [{ name: `textarea_${s.comment.id}`, value: 'More labs please' }]);
    expect(done.data).toMatchObject({ completed: true, completionpagecontents: '<p>Thank you!</p>' });
    expect(await count('feedback_valuetmp')).toBe(tmpBefore);
    const access = await ok<{ isalreadysubmitted: boolean; cansubmit: boolean; canviewreports: boolean }>(site, ana, 'mod_feedback_get_feedback_access_information', { feedbackid: s.instance });
    expect(access).toMatchObject({ isalreadysubmitted: true, cansubmit: true, canviewreports: false });
  });

  it('refuses answers to unknown items, items of another page or feedback, and a skipped required page', async () => {
    const s = await survey();
    const other = await survey();
    const before = await count('feedback_valuetmp');
    expect((await page(ben, s.instance, 0, [{ name: 'multichoice_999999', value: '1' }])).exception?.errorcode).toBe('unknownitem');
    expect((await page(ben, s.instance, 0, [{ name: `multichoice_${other.choice.id}`, value: '1' }])).exception?.errorcode).toBe('unknownitem');
    expect((await page(ben, s.instance, 0, [{ name: `textarea_${s.comment.id}`, value: 'wrong page' }])).exception?.errorcode).toBe('unknownitem');
    expect((await page(ben, s.instance, 0, [{ name: `textarea_${s.choice.id}`, value: 'wrong type' }])).exception?.errorcode).toBe('unknownitem');
    expect((await page(ben, s.instance, 5, [])).exception?.errorcode).toBe('invalidparameter');
    expect(await count('feedback_valuetmp')).toBe(before);
    // Jumping straight to the last page does not submit without the required first-page answer.
    const skipped = await page(ben, s.instance, 1, [{ name: `textarea_${s.comment.id}`, value: 'skip' }]);
    expect(skipped.exception?.errorcode).toBe('invalidresponses');
    expect(skipped.exception?.fielderrors?.[0]?.field).toBe(`multichoice_${s.choice.id}`);
    // Teachers do not answer; outsiders cannot enter the course.
    expect((await page(marker, s.instance, 0, [])).exception?.errorcode).toBe('nopermissions');
    expect((await page(outsider, s.instance, 0, [])).exception?.errorcode).toBe('requireloginerror');
  });

  it('refuses answers before opening and after closing, and a second answer when one is allowed; a repeated final submit is harmless', async () => {
    const closed = await survey({ timeopen: now() - 7200, timeclose: now() - 3600 });
    const late = await page(ana, closed.instance, 0, [{ name: `multichoice_${closed.choice.id}`, value: '1' }]);
    expect(late.exception?.errorcode).toBe('feedback_is_not_open');
    expect((await call(site, ana, 'mod_feedback_launch_feedback', { feedbackid: closed.instance })).exception?.errorcode).toBe('feedback_is_not_open');

    const once = await survey({ multiple_submit: 0 });
    const key = 'a1b2c3d4-key';
    await page(ana, once.instance, 0, [{ name: `multichoice_${once.choice.id}`, value: '1' }]);
    const final = [{ name: `textarea_${once.comment.id}`, value: 'Once' }];
    expect((await page(ana, once.instance, 1, final, { submissionkey: key })).data?.completed).toBe(true);
    const completed = await count('feedback_completed');
    // The same submit again (a double click or a retried request) answers "completed" and stores nothing more.
    expect((await page(ana, once.instance, 1, final, { submissionkey: key })).data?.completed).toBe(true);
    expect(await count('feedback_completed')).toBe(completed);
    const again = await page(ana, once.instance, 0, [{ name: `multichoice_${once.choice.id}`, value: '1' }]);
    expect(again.exception?.errorcode).toBe('this_feedback_is_already_submitted');
    expect((await call(site, ana, 'mod_feedback_launch_feedback', { feedbackid: once.instance })).exception?.errorcode).toBe('this_feedback_is_already_submitted');
    expect(await count('feedback_completed')).toBe(completed);
  });

  it('analyses answers per item with counts and averages, lists named responses to teachers only, and exports them as CSV', async () => {
    const s = await survey({ anonymous: 2 });
    const answer = async (who: Session, choice: string, rating: string, text: string) => {
      await page(who, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: choice }, { name: `numeric_${s.rating.id}`, value: rating }]);
      expect((await page(who, s.instance, 1, [{ name: `textarea_${s.comment.id}`, value: text }])).data?.completed).toBe(true);
    };
    await answer(ana, '1', '8', 'Great labs');
    await answer(ben, '3', '4', '=HYPERLINK("x")');
    // A named learner answering again replaces their response.
    await answer(ben, '1', '6', 'Changed my mind, "good"');
    const analysis = await ok<Analysis>(site, marker, 'mod_feedback_get_analysis', { feedbackid: s.instance });
    expect(analysis.completedcount).toBe(2);
    const choice = analysis.itemsdata.find((d) => d.item.id === s.choice.id);
    expect(choice?.choices).toEqual([
      { answertext: 'Good', answercount: 2, quotient: 1 },
      { answertext: 'Fair', answercount: 0, quotient: 0 },
      { answertext: 'Poor', answercount: 0, quotient: 0 },
    ]);
    expect(JSON.parse(choice?.data[0] ?? '{}')).toMatchObject({ answertext: 'Good', answercount: 2 });
    expect(analysis.itemsdata.find((d) => d.item.id === s.rating.id)?.average).toBe(7);
    expect((await call(site, ana, 'mod_feedback_get_analysis', { feedbackid: s.instance })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, ana, 'mod_feedback_get_responses_analysis', { feedbackid: s.instance })).exception?.errorcode).toBe('nopermissions');

    const responses = await ok<Responses>(site, marker, 'mod_feedback_get_responses_analysis', { feedbackid: s.instance, perpage: 1, page: 0 });
    expect(responses.totalattempts).toBe(2);
    expect(responses.attempts).toHaveLength(1);
    expect(responses.attempts[0]?.fullname).toBe('Ben Brown');
    expect(responses.attempts[0]?.responses.map((r) => r.printval)).toEqual(['Good', '6', 'Changed my mind, "good"']);

    const csv = await site.app.inject({ method: 'GET', url: `/mod/feedback/export.php?id=${s.cmid}`, headers: { cookie: marker.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('User full name,Submitted on,How was it?,Rate it,Anything else?');
    expect(lines.some((l) => l.startsWith('Ben Brown,') && l.endsWith(',Good,6,"Changed my mind, ""good"""'))).toBe(true);
    expect(lines).toHaveLength(3);
    const refused = await site.app.inject({ method: 'GET', url: `/mod/feedback/export.php?id=${s.cmid}`, headers: { cookie: ana.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Great labs');
  });

  it('lets editing teachers delete one response with its answers; others, and responses of another feedback, are refused', async () => {
    const s = await survey({ anonymous: 2 });
    const other = await survey({ anonymous: 2 });
    for (const [who, f] of [[ana, s], [ben, s], [ana, other]] as const) {
      await page(who, f.instance, 0, [{ name: `multichoice_${f.choice.id}`, value: '1' }]);
      await page(who, f.instance, 1, []);
    }
    type Info = { candeletesubmissions: boolean };
    expect((await ok<Info>(site, teacher, 'mod_feedback_get_feedback_access_information', { feedbackid: s.instance })).candeletesubmissions).toBe(true);
    expect((await ok<Info>(site, marker, 'mod_feedback_get_feedback_access_information', { feedbackid: s.instance })).candeletesubmissions).toBe(false);
    const listed = await ok<Responses>(site, teacher, 'mod_feedback_get_responses_analysis', { feedbackid: s.instance });
    const anas = listed.attempts.find((r) => r.fullname === 'Ana Alvarez')!;
    const otherListed = await ok<Responses>(site, teacher, 'mod_feedback_get_responses_analysis', { feedbackid: other.instance });
    for (const who of [marker, ana]) expect((await call(site, who, 'mod_feedback_delete_response', { feedbackid: s.instance, completedid: anas.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, teacher, 'mod_feedback_delete_response', { feedbackid: s.instance, completedid: otherListed.attempts[0]!.id })).exception?.errorcode).toBe('invalidrecord');
    const values = await count('feedback_value');
    await ok(site, teacher, 'mod_feedback_delete_response', { feedbackid: s.instance, completedid: anas.id });
    expect(await count('feedback_value')).toBe(values - 1);
    expect((await ok<Analysis>(site, teacher, 'mod_feedback_get_analysis', { feedbackid: s.instance })).completedcount).toBe(1);
    expect((await ok<Responses>(site, teacher, 'mod_feedback_get_responses_analysis', { feedbackid: other.instance })).totalattempts).toBe(1);
    expect((await call(site, teacher, 'mod_feedback_delete_response', { feedbackid: s.instance, completedid: anas.id })).exception?.errorcode).toBe('invalidrecord');
  });

  it('keeps anonymous responses nameless and shows the published analysis to learners who answered', async () => {
    const s = await survey({ anonymous: 1, publish_stats: 1 });
    expect((await call(site, ana, 'mod_feedback_get_analysis', { feedbackid: s.instance })).exception?.errorcode).toBe('nopermissions');
    await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: '2' }]);
    await page(ana, s.instance, 1, []);
    await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: '3' }]);
    await page(ana, s.instance, 1, []);
    const mine = await ok<Analysis>(site, ana, 'mod_feedback_get_analysis', { feedbackid: s.instance });
    expect(mine.completedcount).toBe(2);
    const responses = await ok<Responses>(site, teacher, 'mod_feedback_get_responses_analysis', { feedbackid: s.instance });
    expect(responses.totalattempts).toBe(0);
    expect(responses.totalanonattempts).toBe(2);
    expect(responses.anonattempts.map((r) => r.number)).toEqual([1, 2]);
    expect(JSON.stringify(responses)).not.toContain('Alvarez');
  });

  it('deleting the activity from the course removes its questions and responses', async () => {
    const s = await survey();
    await page(ana, s.instance, 0, [{ name: `multichoice_${s.choice.id}`, value: '1' }]);
    await page(ana, s.instance, 1, []);
    await ok(site, teacher, 'core_courseformat_update_course', { action: 'cm_delete', courseid, ids: [s.cmid] });
    expect(await db().selectFrom('feedback').select('id').where('id', '=', s.instance).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('feedback_item').select('id').where('feedback', '=', s.instance).execute()).toEqual([]);
    expect(await db().selectFrom('feedback_completed').select('id').where('feedback', '=', s.instance).execute()).toEqual([]);
  });

  it('saves items as a template and reuses it in another course, appending or replacing', async () => {
    const s = await survey();
    const saved = await ok<{ template: { id: number; itemcount: number; ispublic: boolean } }>(site, teacher, 'mod_feedback_save_template', { feedbackid: s.instance, name: 'End of term' });
    expect(saved.template).toMatchObject({ itemcount: 5, ispublic: false });
    // A course template is not offered in another course; a public one needs the site-wide capability.
    const elsewhere = await add({}, otherCourseid);
    expect((await call(site, teacher, 'mod_feedback_use_template', { feedbackid: elsewhere.instance, templateid: saved.template.id })).exception?.errorcode).toBe('invalidrecord');
    expect((await call(site, teacher, 'mod_feedback_save_template', { feedbackid: s.instance, name: 'Public', ispublic: 1 })).exception?.errorcode).toBe('nopermissions');
    const adminSession = await site.sessionFor(2);
    const pub = await ok<{ template: { id: number } }>(site, adminSession, 'mod_feedback_save_template', { feedbackid: s.instance, name: 'Public survey', ispublic: 1 });
    const listed = await ok<{ templates: Array<{ id: number; candelete: boolean }> }>(site, teacher, 'mod_feedback_get_templates', { feedbackid: elsewhere.instance });
    expect(listed.templates.map((t) => t.id)).toEqual([pub.template.id]);
    expect(listed.templates[0]?.candelete).toBe(false);
    await addItem(elsewhere.instance, { typ: 'textfield', name: 'Existing' });
    const appended = await ok<{ items: FeedbackItem[] }>(site, teacher, 'mod_feedback_use_template', { feedbackid: elsewhere.instance, templateid: pub.template.id, mode: 'append' });
    expect(appended.items.map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(appended.items[0]?.name).toBe('Existing');
    const replaced = await ok<{ items: FeedbackItem[] }>(site, teacher, 'mod_feedback_use_template', { feedbackid: elsewhere.instance, templateid: pub.template.id, mode: 'replace' });
    expect(replaced.items.map((i) => i.typ)).toEqual(['label', 'multichoice', 'numeric', 'pagebreak', 'textarea']);
    expect((await call(site, teacher, 'mod_feedback_delete_template', { feedbackid: elsewhere.instance, templateid: pub.template.id })).exception?.errorcode).toBe('nopermissions');
    const left = await ok<{ templates: Array<{ id: number }> }>(site, teacher, 'mod_feedback_delete_template', { feedbackid: s.instance, templateid: saved.template.id });
    expect(left.templates.map((t) => t.id)).toEqual([pub.template.id]);
  });
});
