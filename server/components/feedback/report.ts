import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { FEEDBACK_ANONYMOUS, FEEDBACK_NAMED } from './access';
import { printValue } from './analysis';
import { fieldName, type ItemRow } from './items';

export interface ResponseRow {
  id: number;
  courseid: number;
  userid: number;
  timemodified: number;
  fullname: string;
  /** The anonymous "Response number N". */
  number: number;
  responses: Array<{ id: number; name: string; printval: string; rawval: string }>;
}

/**
 * One page of responses (perpage 0 = all): named ones newest first with who answered; anonymous ones
 * in a stable shuffled order (by their random number) so the order tells nothing. Two queries.
 */
export async function responsesPage(
  db: Kysely<DB>,
  feedbackid: number,
  items: readonly ItemRow[],
  options: { anonymous: boolean; page: number; perpage: number },
): Promise<{ rows: ResponseRow[]; total: number }> {
  const kind = options.anonymous ? FEEDBACK_ANONYMOUS : FEEDBACK_NAMED;
  const base = db.selectFrom('feedback_completed as c').where('c.feedback', '=', feedbackid).where('c.anonymous_response', '=', kind);
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  let query = base
    .leftJoin('user as u', 'u.id', 'c.userid')
    .select(['c.id', 'c.courseid', 'c.userid', 'c.timemodified', 'u.firstname', 'u.lastname'])
    .$call((q) => (options.anonymous ? q.orderBy('c.random_response').orderBy('c.id') : q.orderBy('c.timemodified', 'desc').orderBy('c.id', 'desc')));
  const offset = options.perpage > 0 ? options.page * options.perpage : 0;
  if (options.perpage > 0) query = query.limit(options.perpage).offset(offset);
  const completed = await query.execute();
  const values = completed.length
    ? await db.selectFrom('feedback_value').select(['id', 'completed', 'item', 'value']).where('completed', 'in', completed.map((c) => c.id)).execute()
    : [];
  const byCompleted = new Map<number, Map<number, { id: number; value: string }>>();
  for (const v of values) {
    const map = byCompleted.get(v.completed) ?? new Map<number, { id: number; value: string }>();
    map.set(v.item, { id: v.id, value: v.value });
    byCompleted.set(v.completed, map);
  }
  const rows = completed.map((c, i) => {
    const answers = byCompleted.get(c.id) ?? new Map<number, { id: number; value: string }>();
    return {
      id: c.id,
      courseid: c.courseid,
      userid: options.anonymous ? 0 : c.userid,
      timemodified: c.timemodified,
      fullname: options.anonymous ? '' : `${c.firstname ?? ''} ${c.lastname ?? ''}`.trim(),
      number: offset + i + 1,
      responses: items.map((item) => {
        const answer = answers.get(item.id);
        return { id: answer?.id ?? 0, name: fieldName(item), printval: printValue(item, answer?.value ?? ''), rawval: answer?.value ?? '' };
      }),
    };
  });
  return { rows, total };
}
