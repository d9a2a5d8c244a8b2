import type { Kysely } from 'kysely';
import type { FeedbackTemplate } from '../../../api/feedback';
import type { DB } from '../../db/schema';
import { invalidRecord } from '../../platform/errors';
import { itemsOf, renumber } from './items';

type TemplateRow = { id: number; name: string; ispublic: number; course: number };

/** Templates of a course and public ones, with their item counts, in two queries. */
export async function templatesFor(db: Kysely<DB>, courseid: number, canDelete: (t: TemplateRow) => boolean): Promise<FeedbackTemplate[]> {
  const rows = await db
    .selectFrom('feedback_template')
    .select(['id', 'name', 'ispublic', 'course'])
    .where((eb) => eb.or([eb('course', '=', courseid), eb('ispublic', '=', 1)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
  const counts = rows.length
    ? await db
        .selectFrom('feedback_item')
        .select((eb) => ['template', eb.fn.countAll<string | number>().as('n')])
        .where('template', 'in', rows.map((r) => r.id))
        .groupBy('template')
        .execute()
    : [];
  const countOf = new Map(counts.map((c) => [c.template, Number(c.n)]));
  return rows.map((r) => ({ id: r.id, name: r.name, ispublic: r.ispublic === 1, course: r.course, itemcount: countOf.get(r.id) ?? 0, candelete: canDelete(r) }));
}

/** A template the course may use (its own or a public one), or invalidrecord. */
export async function usableTemplate(db: Kysely<DB>, courseid: number, templateid: number): Promise<TemplateRow> {
  const row = await db.selectFrom('feedback_template').select(['id', 'name', 'ispublic', 'course']).where('id', '=', templateid).executeTakeFirst();
  if (!row || (row.ispublic !== 1 && row.course !== courseid)) throw invalidRecord('feedback_template', `template ${templateid}`);
  return row;
}

const COPIED = ['name', 'label', 'presentation', 'typ', 'hasvalue', 'required', 'options'] as const;

/** Copies a feedback's items into a new template (dependencies re-pointed to the copies). */
export async function saveAsTemplate(db: Kysely<DB>, feedbackid: number, course: number, ispublic: boolean, name: string, at: number): Promise<number> {
  const template = await db.insertInto('feedback_template').values({ course: ispublic ? 0 : course, ispublic: ispublic ? 1 : 0, name, timecreated: at }).returning('id').executeTakeFirstOrThrow();
  await copyItems(db, await itemsOf(db, feedbackid), { feedback: 0, template: template.id }, 0);
  return template.id;
}

/** Copies a template's items to the end of a feedback (or into an emptied one). */
export async function applyTemplate(db: Kysely<DB>, feedbackid: number, templateid: number): Promise<void> {
  const source = await db.selectFrom('feedback_item').selectAll().where('template', '=', templateid).where('feedback', '=', 0).orderBy('position').orderBy('id').execute();
  const existing = await itemsOf(db, feedbackid);
  await copyItems(db, source, { feedback: feedbackid, template: 0 }, existing.length);
  await renumber(db, await itemsOf(db, feedbackid));
}

async function copyItems(db: Kysely<DB>, source: ReadonlyArray<Awaited<ReturnType<typeof itemsOf>>[number]>, owner: { feedback: number; template: number }, offset: number): Promise<void> {
  const map = new Map<number, number>();
  for (const [i, item] of source.entries()) {
    const values = Object.fromEntries(COPIED.map((c) => [c, item[c]])) as Pick<typeof item, (typeof COPIED)[number]>;
    const row = await db.insertInto('feedback_item').values({ ...values, ...owner, position: offset + i + 1 }).returning('id').executeTakeFirstOrThrow();
    map.set(item.id, row.id);
  }
  for (const item of source) {
    const target = map.get(item.dependitem);
    if (target) await db.updateTable('feedback_item').set({ dependitem: target, dependvalue: item.dependvalue }).where('id', '=', map.get(item.id)!).execute();
  }
}

/** Deletes every item and response of a feedback (replacing its items by a template's). */
export async function clearFeedback(db: Kysely<DB>, feedbackid: number): Promise<void> {
  const completed = db.selectFrom('feedback_completed').select('id').where('feedback', '=', feedbackid);
  await db.deleteFrom('feedback_value').where('completed', 'in', completed).execute();
  await db.deleteFrom('feedback_completed').where('feedback', '=', feedbackid).execute();
  const tmp = db.selectFrom('feedback_completedtmp').select('id').where('feedback', '=', feedbackid);
  await db.deleteFrom('feedback_valuetmp').where('completed', 'in', tmp).execute();
  await db.deleteFrom('feedback_completedtmp').where('feedback', '=', feedbackid).execute();
  await db.deleteFrom('feedback_item').where('feedback', '=', feedbackid).where('template', '=', 0).execute();
}

export async function deleteTemplate(db: Kysely<DB>, templateid: number): Promise<void> {
  await db.deleteFrom('feedback_item').where('template', '=', templateid).where('feedback', '=', 0).execute();
  await db.deleteFrom('feedback_template').where('id', '=', templateid).execute();
}
