import type { Kysely } from 'kysely';
import { parseMultichoice } from '../../../api/feedback';
import type { DB } from '../../db/schema';
import type { ItemRow } from './items';

export interface ChoiceStat {
  answertext: string;
  answercount: number;
  quotient: number;
}

export interface ItemAnalysis {
  data: string[];
  choices?: ChoiceStat[];
  average?: number | null;
  answercount: number;
}

/** Answers of the valued items of a feedback's responses, by item, in one query. */
export async function valuesByItem(db: Kysely<DB>, feedbackid: number, itemIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('feedback_value as v')
    .innerJoin('feedback_completed as c', 'c.id', 'v.completed')
    .select(['v.item', 'v.value'])
    .where('c.feedback', '=', feedbackid)
    .where('v.item', 'in', itemIds)
    .orderBy('c.timemodified')
    .orderBy('v.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.item) ?? [];
    list.push(r.value);
    out.set(r.item, list);
  }
  return out;
}

/**
 * One item's results (activities.md §5.2): per choice its count and share of the responses (each
 * also as the JSON string Moodle sends), numeric answers with their average, text answers as given.
 */
export function analyseItem(item: ItemRow, values: readonly string[], completedcount: number): ItemAnalysis {
  if (item.typ === 'multichoice') {
    const { choices } = parseMultichoice(item.presentation);
    const counts = choices.map(() => 0);
    for (const v of values) for (const index of v.split('|')) if (counts[Number(index) - 1] !== undefined) counts[Number(index) - 1]! += 1;
    const stats = choices.map((answertext, i) => ({ answertext, answercount: counts[i]!, quotient: completedcount ? counts[i]! / completedcount : 0 }));
    return { data: stats.map((s) => JSON.stringify(s)), choices: stats, answercount: values.length };
  }
  if (item.typ === 'numeric') {
    const numbers = values.map(Number).filter((n) => Number.isFinite(n));
    const average = numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null;
    return { data: values.slice(), average, answercount: numbers.length };
  }
  return { data: values.filter((v) => v !== ''), answercount: values.filter((v) => v !== '').length };
}

/** How an answer reads in the responses table and the export: choice texts, a date for the response time. */
export function printValue(item: ItemRow, value: string): string {
  if (value === '') return '';
  if (item.typ === 'multichoice') {
    const { choices } = parseMultichoice(item.presentation);
    return value
      .split('|')
      .map((i) => choices[Number(i) - 1] ?? '')
      .filter((t) => t !== '')
      .join('; ');
  }
  if (item.typ === 'info' && item.presentation === '1') return new Date(Number(value) * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return value;
}
