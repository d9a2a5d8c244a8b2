import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { CONTEXT_COURSE } from '../platform/access/types';
import type { Platform } from '../platform/platform';
import { loadUser } from '../platform/session';
import type { CallContext } from '../ws/method';

/** Calls a registered web-service method's handler as the given caller, with its arguments validated as the endpoint would. */
async function callMethod<T>(ctx: CallContext, name: string, args: unknown): Promise<T> {
  const method = ctx.platform.components.flatMap((c) => c.methods ?? []).find((m) => m.contract.name === name);
  if (!method) throw new Error(`demo data: method ${name} is not registered`);
  return (await method.handler(ctx, method.contract.args.parse(args))) as T;
}

async function contextFor(platform: Platform, db: Kysely<DB>, userid: number): Promise<CallContext | null> {
  const user = await loadUser(db, userid);
  return user ? { platform, db, user, session: null, access: createAccess(db, user.id), lang: 'en', ip: '127.0.0.1' } : null;
}

const COMMENTS = ['The lab sessions made the theory click.', 'More worked examples before the test, please.', 'Pace was right for me.', 'I liked the group work on cell diagrams.'];
const TOPICS = ['Cells', 'Genetics', 'Evolution', 'Ecology'];

/**
 * BIO101's "Mid-term course feedback": a named feedback with every item type (label, information,
 * short and long text, single, multiple and drop-down choice, a numeric rating, a page break), made
 * as the teacher would through the edit methods, and answered by most of the class. The answers
 * depend only on each student's place in the class, so they are the same on every run.
 */
export async function addDemoFeedback(platform: Platform, db: Kysely<DB>): Promise<void> {
  const course = await db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirst();
  const teacherRow = await db.selectFrom('user').select('id').where('username', '=', 'teacher1').executeTakeFirst();
  if (!course || !teacherRow) return;
  const teacher = await contextFor(platform, db, teacherRow.id);
  if (!teacher) return;
  const added = await callMethod<{ instance: number }>(teacher, 'mod_feedback_add_instance', {
    courseid: course.id,
    section: 1,
    name: 'Mid-term course feedback',
    intro: '<p>Tell us how the first half of the course went. It takes about three minutes.</p>',
    anonymous: 2,
    multiple_submit: 1,
    page_after_submit: '<p>Thank you! We read every answer and will talk about the results in class.</p>',
  });
  const feedbackid = added.instance;
  const item = async (fields: Record<string, unknown>) => (await callMethod<{ item: { id: number } }>(teacher, 'mod_feedback_save_item', { feedbackid, ...fields })).item.id;
  await item({ typ: 'label', text: '<p><strong>Part 1: the course so far.</strong> Questions marked * need an answer.</p>' });
  await item({ typ: 'info', infotype: 2, label: 'course' });
  const overall = await item({ typ: 'multichoice', name: 'How would you rate the course so far?', label: 'overall', subtype: 'r', choices: ['Excellent', 'Good', 'Fair', 'Poor'], horizontal: 1, required: 1 });
  const topics = await item({ typ: 'multichoice', name: 'Which topics would you like to revise?', label: 'topics', subtype: 'c', choices: TOPICS });
  const hours = await item({ typ: 'numeric', name: 'Hours of study per week outside class', label: 'hours', minimum: '0', maximum: '40', required: 1 });
  await item({ typ: 'pagebreak' });
  const pace = await item({ typ: 'multichoice', name: 'The pace of the lessons is…', label: 'pace', subtype: 'd', choices: ['Too slow', 'About right', 'Too fast'] });
  const best = await item({ typ: 'textfield', name: 'The best thing about the course in a few words', label: 'best', size: 40, maxlength: 120 });
  const comments = await item({ typ: 'textarea', name: 'Any other comments?', label: 'comments' });

  const students = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as c', 'c.id', 'ra.contextid')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .select('ra.userid')
    .where('c.contextlevel', '=', CONTEXT_COURSE)
    .where('c.instanceid', '=', course.id)
    .where('r.shortname', '=', 'student')
    .orderBy('ra.userid')
    .execute();
  // Every third student has not answered yet, so the analysis and the reminders have something to show.
  for (const [i, { userid }] of students.entries()) {
    if (i % 3 === 2) continue;
    const ctx = await contextFor(platform, db, userid);
    if (!ctx) continue;
    const first = [
      { name: `multichoice_${overall}`, value: String((i % 4) + 1 === 4 ? 2 : (i % 4) + 1) },
      { name: `multichoice_${topics}[0]`, value: String((i % 4) + 1) },
      ...(i % 2 === 0 ? [{ name: `multichoice_${topics}[1]`, value: String(((i + 1) % 4) + 1) }] : []),
      { name: `numeric_${hours}`, value: String(1 + ((i * 7) % 12)) },
    ];
    await callMethod(ctx, 'mod_feedback_process_page', { feedbackid, page: 0, responses: first });
    const second = [
      { name: `multichoice_${pace}`, value: String((i % 3) + 1) },
      { name: `textfield_${best}`, value: ['Lab practicals', 'Clear slides', 'Friendly teacher', 'Field trip'][i % 4]! },
      { name: `textarea_${comments}`, value: COMMENTS[i % COMMENTS.length]! },
    ];
    await callMethod(ctx, 'mod_feedback_process_page', { feedbackid, page: 1, responses: second });
  }
}
