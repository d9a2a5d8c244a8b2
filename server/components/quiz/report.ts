import { sql, type OrderByModifiers } from 'kysely';
import type { z } from 'zod';
import type { modQuizGetAttemptsReport } from '../../../api/quiz';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import type { QuizAccess } from './access';
import { rescale } from './grades';

type ReportArgs = z.output<(typeof modQuizGetAttemptsReport)['args']>;
type Sort = ReportArgs['sorts'][number];

/** `%word%` for LIKE, its wildcards escaped, lower-cased as the compared names are. */
const likeWord = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * ORDER BY of one sort. Grades and marks exist only for finished attempts; the others sort after
 * them either way (nulls last on both databases). A question's mark is read through the
 * (attemptid, slot) index of the attempt's slots.
 */
function orderOf(sort: Sort): { by: ReturnType<typeof sql>; modifiers: OrderByModifiers } {
  const nullsLast: OrderByModifiers = (ob) => (sort.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast();
  switch (sort.column) {
    case 'firstname':
    case 'lastname':
      return { by: sql.ref(`u.${sort.column}`), modifiers: sort.direction };
    case 'grade':
      return { by: sql`case when a.state = 'finished' then a.sumgrades end`, modifiers: nullsLast };
    case 'mark':
      return {
        by: sql`case when a.state = 'finished' then (select s.fraction * s.maxmark from quiz_attempt_slots s where s.attemptid = a.id and s.slot = ${sort.slot ?? 0}) end`,
        modifiers: nullsLast,
      };
    default:
      return { by: sql.ref(`a.${sort.column}`), modifiers: sort.direction };
  }
}

/**
 * One page of a quiz's attempts (previews left out) matching the search, in the asked order and then
 * by learner and attempt so paging is stable, with the total, each attempt's grade and marks: three
 * queries whatever the page size.
 */
export async function attemptsReport(ctx: CallContext, qa: QuizAccess, args: ReportArgs) {
  let base = ctx.db.selectFrom('quiz_attempts as a').innerJoin('user as u', 'u.id', 'a.userid').where('a.quiz', '=', qa.quiz.id).where('a.preview', '=', 0);
  for (const word of args.search.trim().split(/\s+/).filter(Boolean)) {
    const pattern = likeWord(word);
    base = base.where((eb) => eb.or([eb(sql`lower(u.firstname)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(u.lastname)`, 'like', sql`${pattern} escape '\\'`)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let page = base.select(['a.id', 'a.userid', 'u.firstname', 'u.lastname', 'a.attempt', 'a.state', 'a.timestart', 'a.timefinish', 'a.sumgrades']).limit(args.perpage).offset(args.page * args.perpage);
  for (const sort of args.sorts.filter((s) => s.column !== 'mark' || s.slot !== undefined)) {
    const { by, modifiers } = orderOf(sort);
    page = page.orderBy(by, modifiers);
  }
  const attempts = await page.orderBy('u.lastname').orderBy('u.firstname').orderBy('a.userid').orderBy('a.attempt').execute();
  const ids = attempts.map((a) => a.id);
  const slotRows = ids.length ? await ctx.db.selectFrom('quiz_attempt_slots').select(['attemptid', 'slot', 'fraction', 'maxmark']).where('attemptid', 'in', ids).execute() : [];
  const marksOf = new Map<number, Array<{ slot: number; mark: number | null }>>();
  for (const r of slotRows) {
    const list = marksOf.get(r.attemptid) ?? [];
    list.push({ slot: r.slot, mark: r.fraction === null ? null : Math.round(Number(r.fraction) * Number(r.maxmark) * 100) / 100 });
    marksOf.set(r.attemptid, list);
  }
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10 ** qa.quiz.decimalpoints) / 10 ** qa.quiz.decimalpoints);
  return {
    total,
    rows: attempts.map((a) => {
      const finished = a.state === 'finished';
      const sumgrades = finished && a.sumgrades !== null ? Number(a.sumgrades) : null;
      return {
        attemptid: a.id,
        userid: a.userid,
        fullname: formatString(`${a.firstname} ${a.lastname}`),
        attempt: a.attempt,
        state: a.state,
        timestart: a.timestart,
        timefinish: a.timefinish,
        sumgrades,
        grade: round(rescale(qa.quiz, sumgrades)),
        marks: finished ? (marksOf.get(a.id) ?? []).sort((x, y) => x.slot - y.slot) : [],
      };
    }),
  };
}
