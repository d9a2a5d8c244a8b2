import { useId } from 'react';
import { parseMultichoice, parseNumericRange, parsePair, type FeedbackItem } from '../../../api/feedback';
import { describedBy } from '../../platform/FormField';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';

interface ItemFieldProps {
  item: FeedbackItem;
  /** The answer as the server stores it: text, a number, or 1-based choice numbers. */
  value: string[];
  error?: string;
  onChange: (value: string[]) => void;
  s: StringLookup;
}

/** One question as a learner answers it, labelled with its number and question, its error beside it. */
export function ItemField({ item, value, error, onChange, s }: ItemFieldProps) {
  const id = useId();
  const question = `${item.itemnumber ? `${item.itemnumber}. ` : ''}${htmlToText(item.name)}`;
  const required = item.required ? <span className="feedback-required" aria-hidden="true"> *</span> : null;
  if (item.typ === 'label') return <div className="feedback-label rich-text" dangerouslySetInnerHTML={{ __html: item.presentation }} />;
  if (item.typ === 'info' || item.typ === 'pagebreak') return null;
  let help: string | undefined;
  if (item.typ === 'numeric') {
    const { min, max } = parseNumericRange(item.presentation);
    help = min !== null && max !== null ? s('rangehint', { min, max }) : min !== null ? s('minhint', min) : max !== null ? s('maxhint', max) : undefined;
  }
  const aria = { ...describedBy(id, error, help), 'aria-required': item.required || undefined };
  const errorLine = error && (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  );
  const helpLine = help && (
    <p id={`${id}-help`} className="field-help">
      {help}
    </p>
  );
  if (item.typ === 'multichoice') {
    const { subtype, choices, horizontal } = parseMultichoice(item.presentation);
    if (subtype === 'd') {
      return (
        <div className="field feedback-question">
          <label htmlFor={id}>
            {question}
            {required}
          </label>
          <select id={id} value={value[0] ?? '0'} onChange={(e) => onChange(e.target.value === '0' ? [] : [e.target.value])} {...aria}>
            <option value="0">{s('notselected')}</option>
            {choices.map((c, i) => (
              <option key={i} value={String(i + 1)}>
                {c}
              </option>
            ))}
          </select>
          {errorLine}
        </div>
      );
    }
    const multiple = subtype === 'c';
    return (
      <fieldset className="field feedback-question" {...describedBy(id, error)} aria-required={item.required || undefined}>
        <legend>
          {question}
          {required}
        </legend>
        <div className={`feedback-choices${horizontal ? ' feedback-choices-horizontal' : ''}`}>
          {choices.map((c, i) => {
            const v = String(i + 1);
            return (
              <label key={i} className="checkbox">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`${item.typ}_${item.id}`}
                  value={v}
                  checked={value.includes(v)}
                  onChange={(e) => onChange(multiple ? (e.target.checked ? [...value, v] : value.filter((x) => x !== v)) : [v])}
                />{' '}
                {c}
              </label>
            );
          })}
        </div>
        {errorLine}
      </fieldset>
    );
  }
  const control =
    item.typ === 'textarea' ? (
      <textarea id={id} rows={parsePair(item.presentation, [40, 5])[1]} value={value[0] ?? ''} onChange={(e) => onChange([e.target.value])} {...aria} />
    ) : (
      <input
        id={id}
        type="text"
        inputMode={item.typ === 'numeric' ? 'decimal' : undefined}
        maxLength={item.typ === 'textfield' ? parsePair(item.presentation, [30, 255])[1] : undefined}
        size={item.typ === 'textfield' ? parsePair(item.presentation, [30, 255])[0] : 10}
        className={item.typ === 'numeric' ? 'feedback-number' : undefined}
        value={value[0] ?? ''}
        onChange={(e) => onChange([e.target.value])}
        {...aria}
      />
    );
  return (
    <div className="field feedback-question">
      <label htmlFor={id}>
        {question}
        {required}
      </label>
      {control}
      {helpLine}
      {errorLine}
    </div>
  );
}

/** The browser's check of an answer (the server checks again): required, and numbers in range. */
export function answerError(item: FeedbackItem, value: string[], s: StringLookup): string | undefined {
  if (item.typ === 'label' || item.typ === 'info' || item.typ === 'pagebreak') return undefined;
  const given = value.filter((v) => v.trim() !== '');
  if (given.length === 0) return item.required ? s('requiredshort') : undefined;
  if (item.typ === 'numeric') {
    const text = (given[0] ?? '').trim().replace(',', '.');
    if (!/^-?\d+(\.\d+)?$/.test(text)) return s('invalidnum');
    const n = Number(text);
    const { min, max } = parseNumericRange(item.presentation);
    if ((min !== null && n < min) || (max !== null && n > max)) return s('numberoutofrange');
  }
  return undefined;
}
