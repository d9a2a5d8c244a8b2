import { parseMultichoice, parseNumericRange, type FeedbackItem } from '../../../api/feedback';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';

/** The question of an item as headings show it: its text, or for an information item what it records. */
export function itemTitle(item: FeedbackItem, s: StringLookup): string {
  const number = item.itemnumber ? `${item.itemnumber}. ` : '';
  return `${number}${htmlToText(item.name) || (item.typ === 'info' ? s(`info_${item.presentation}`) : s(`typ_${item.typ}`))}`;
}

/** One line telling what an item asks, for the edit list: the question and the facts of its type. */
export function itemSummary(item: FeedbackItem, s: StringLookup): { title: string; detail: string } {
  const title = item.typ === 'label' ? htmlToText(item.presentation) : item.typ === 'pagebreak' ? s('pagebreakmarker') : htmlToText(item.name) || s(`info_${item.presentation}`);
  let detail = s(`typ_${item.typ}`);
  if (item.typ === 'multichoice') {
    const { subtype, choices } = parseMultichoice(item.presentation);
    detail = `${s(`subtype_${subtype}`)}: ${choices.join(' · ')}`;
  } else if (item.typ === 'numeric') {
    const { min, max } = parseNumericRange(item.presentation);
    if (min !== null && max !== null) detail = `${detail} — ${s('rangehint', { min, max })}`;
    else if (min !== null) detail = `${detail} — ${s('minhint', min)}`;
    else if (max !== null) detail = `${detail} — ${s('maxhint', max)}`;
  } else if (item.typ === 'info') {
    detail = `${detail}: ${s(`info_${item.presentation}`)}`;
  }
  return { title, detail };
}
