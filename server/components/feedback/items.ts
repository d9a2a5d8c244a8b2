import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { parseMultichoice, type FeedbackItem, type modFeedbackSaveItem } from '../../../api/feedback';
import type { DB, FeedbackItemTable } from '../../db/schema';
import { AppError, invalidRecord } from '../../platform/errors';
import { formatString, formatText } from '../../platform/sanitize';
import { COMPONENT } from './access';

export type ItemRow = Selectable<FeedbackItemTable>;
export type ItemInput = z.output<typeof modFeedbackSaveItem.args>;

/** Types that collect an answer (label and page break do not). */
const VALUED = new Set(['info', 'textfield', 'textarea', 'multichoice', 'numeric']);
/** Types whose required flag cannot be switched on. */
const NEVER_REQUIRED = new Set(['label', 'pagebreak', 'info']);

export function hasValue(typ: string): boolean {
  return VALUED.has(typ);
}

/** The form field name of an item's answer (`<typ>_<itemid>`). */
export function fieldName(item: Pick<ItemRow, 'typ' | 'id'>): string {
  return `${item.typ}_${item.id}`;
}

/** A feedback's items in position order. */
export function itemsOf(db: Kysely<DB>, feedbackid: number): Promise<ItemRow[]> {
  return db.selectFrom('feedback_item').selectAll().where('feedback', '=', feedbackid).where('template', '=', 0).orderBy('position').orderBy('id').execute();
}

/** Items as the web service sends them; valued items are numbered when autonumbering is on. */
export function itemsOut(items: readonly ItemRow[], autonumbering: boolean): FeedbackItem[] {
  let n = 0;
  return items.map((item) => {
    const numbered = autonumbering && item.hasvalue === 1;
    if (numbered) n += 1;
    return itemOut(item, numbered ? n : null);
  });
}

export function itemOut(item: ItemRow, itemnumber: number | null = null): FeedbackItem {
  return {
    id: item.id,
    feedback: item.feedback,
    template: item.template,
    name: formatString(item.name),
    label: formatString(item.label),
    // A label's text is HTML: cleaned on output. Other presentations are plain encodings.
    presentation: item.typ === 'label' ? formatText(item.presentation, 1) : item.presentation,
    typ: item.typ,
    hasvalue: item.hasvalue,
    position: item.position,
    required: item.required === 1,
    dependitem: item.dependitem,
    dependvalue: item.dependvalue,
    options: item.options,
    itemnumber,
    itemfiles: [],
  };
}

/** Splits items into pages at page breaks (the breaks themselves are on no page). */
export function pagesOf<T extends Pick<ItemRow, 'typ'>>(items: readonly T[]): T[][] {
  const pages: T[][] = [[]];
  for (const item of items) {
    if (item.typ === 'pagebreak') pages.push([]);
    else pages[pages.length - 1]!.push(item);
  }
  return pages.filter((p, i) => p.length > 0 || i === 0);
}

function parseBound(value: string): number | null | 'bad' {
  if (value === '') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : 'bad';
}

/** Builds the stored columns of an item from the edit form, or field errors (string ids). */
export function itemColumns(input: ItemInput): { columns: { name: string; label: string; presentation: string; hasvalue: number; required: number; options: string }; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const valued = hasValue(input.typ);
  if (valued && input.typ !== 'info' && input.name === '') errors.name = 'required';
  let presentation = '';
  switch (input.typ) {
    case 'label':
      if (input.text.trim() === '') errors.text = 'required';
      presentation = input.text;
      break;
    case 'info':
      presentation = String(input.infotype);
      break;
    case 'textfield':
      presentation = `${input.size}|${input.maxlength}`;
      break;
    case 'textarea':
      presentation = `${input.width}|${input.height}`;
      break;
    case 'multichoice': {
      const choices = input.choices.filter((c) => c !== '');
      if (choices.length === 0) errors.choices = 'nochoices';
      else if (choices.some((c) => c.includes('|') || c.includes('>>>>>') || c.includes('<<<<<'))) errors.choices = 'choicecharacters';
      presentation = `${input.subtype}>>>>>${choices.join('|')}${input.horizontal && input.subtype !== 'd' ? '<<<<<1' : ''}`;
      break;
    }
    case 'numeric': {
      const min = parseBound(input.minimum);
      const max = parseBound(input.maximum);
      if (min === 'bad') errors.minimum = 'invalidnum';
      if (max === 'bad') errors.maximum = 'invalidnum';
      if (typeof min === 'number' && typeof max === 'number' && max < min) errors.maximum = 'rangemaxbelowmin';
      presentation = `${min === null || min === 'bad' ? '' : min}|${max === null || max === 'bad' ? '' : max}`;
      break;
    }
    case 'pagebreak':
      break;
  }
  return {
    columns: {
      name: input.typ === 'pagebreak' || input.typ === 'label' ? '' : input.name,
      label: input.label,
      presentation,
      hasvalue: valued ? 1 : 0,
      required: input.required && !NEVER_REQUIRED.has(input.typ) ? 1 : 0,
      options: '',
    },
    errors,
  };
}

/** Refuses with `invaliditem`, each field with its message. */
export function refuseItem(strings: { get(id: string, component: string, a?: unknown, lang?: string): string }, errors: Record<string, string>, lang: string): never {
  const fields = Object.fromEntries(Object.entries(errors).map(([f, id]) => [f, strings.get(id, COMPONENT, undefined, lang)]));
  throw new AppError('invaliditem', { component: COMPONENT, a: Object.values(fields).join(' '), fields });
}

/** An item of this feedback, or invalidrecord (an item of another feedback is not found here). */
export async function itemOfFeedback(db: Kysely<DB>, feedbackid: number, itemid: number): Promise<ItemRow> {
  const item = await db.selectFrom('feedback_item').selectAll().where('id', '=', itemid).where('feedback', '=', feedbackid).where('template', '=', 0).executeTakeFirst();
  if (!item) throw invalidRecord('feedback_item', `item ${itemid} of feedback ${feedbackid}`);
  return item;
}

/** Rewrites positions 1..n in the given order (only rows whose position changes are written). */
export async function renumber(db: Kysely<DB>, ordered: readonly Pick<ItemRow, 'id' | 'position'>[]): Promise<void> {
  for (const [i, item] of ordered.entries()) {
    if (item.position !== i + 1) await db.updateTable('feedback_item').set({ position: i + 1 }).where('id', '=', item.id).execute();
  }
}

/** A page break at the start or right after another break would make an empty page. */
export function pagebreakError(items: readonly Pick<ItemRow, 'typ'>[]): string | null {
  const last = items[items.length - 1];
  if (!last) return 'pagebreakfirst';
  return last.typ === 'pagebreak' ? 'pagebreaktwice' : null;
}

/** Deletes an item: its answers (submitted and in progress), dependants' links, then renumbers. */
export async function deleteItem(db: Kysely<DB>, feedbackid: number, itemid: number): Promise<void> {
  await db.deleteFrom('feedback_value').where('item', '=', itemid).execute();
  await db.deleteFrom('feedback_valuetmp').where('item', '=', itemid).execute();
  await db.updateTable('feedback_item').set({ dependitem: 0, dependvalue: '' }).where('feedback', '=', feedbackid).where('dependitem', '=', itemid).execute();
  await db.deleteFrom('feedback_item').where('id', '=', itemid).execute();
  await renumber(db, await itemsOf(db, feedbackid));
}

/** Moves an item to a position (1..n, clamped) and renumbers the rest. */
export async function moveItem(db: Kysely<DB>, feedbackid: number, itemid: number, position: number): Promise<void> {
  const items = await itemsOf(db, feedbackid);
  const from = items.findIndex((i) => i.id === itemid);
  if (from < 0) throw invalidRecord('feedback_item', `item ${itemid} of feedback ${feedbackid}`);
  const [moved] = items.splice(from, 1);
  items.splice(Math.min(position, items.length + 1) - 1, 0, moved!);
  await renumber(db, items);
}

/** The choice texts of a multiple choice item. */
export function choicesOf(item: Pick<ItemRow, 'presentation'>): string[] {
  return parseMultichoice(item.presentation).choices;
}
