import { useId, useState, type ReactNode } from 'react';
import { modFeedbackGetItems, modFeedbackSaveItem, parseMultichoice, parseNumericRange, parsePair, type FeedbackItem, type FeedbackItemType, type MultichoiceSubtype } from '../../../api/feedback';
import type { ArgsOf } from '../../../api/contract';
import { AjaxError } from '../../platform/ajax';
import { FormDialog } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { useWsMutation } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { FEEDBACK_STRINGS } from './strings';

type Values = {
  name: string;
  label: string;
  required: boolean;
  text: string;
  infotype: number;
  size: string;
  maxlength: string;
  width: string;
  height: string;
  subtype: MultichoiceSubtype;
  choices: string;
  horizontal: boolean;
  minimum: string;
  maximum: string;
};
type Errors = Partial<Record<keyof Values | 'form', string>>;

function initialValues(typ: FeedbackItemType, item?: FeedbackItem): Values {
  const presentation = item?.presentation ?? '';
  const [size, maxlength] = parsePair(typ === 'textfield' ? presentation : '', [30, 255]);
  const [width, height] = parsePair(typ === 'textarea' ? presentation : '', [40, 5]);
  const choice = parseMultichoice(typ === 'multichoice' ? presentation : '');
  const range = parseNumericRange(typ === 'numeric' ? presentation : '');
  return {
    name: item ? htmlToText(item.name) : '',
    label: item ? htmlToText(item.label) : '',
    required: item?.required ?? false,
    text: typ === 'label' ? presentation : '',
    infotype: typ === 'info' && item ? Number(presentation) || 1 : 1,
    size: String(size),
    maxlength: String(maxlength),
    width: String(width),
    height: String(height),
    subtype: choice.subtype,
    choices: choice.choices.join('\n'),
    horizontal: choice.horizontal,
    minimum: range.min === null ? '' : String(range.min),
    maximum: range.max === null ? '' : String(range.max),
  };
}

const intOr = (value: string, fallback: number) => (/^\d+$/.test(value.trim()) ? Number(value) : fallback);

function argsOf(feedbackid: number, typ: FeedbackItemType, v: Values, itemid: number): ArgsOf<typeof modFeedbackSaveItem> {
  return {
    feedbackid,
    itemid,
    typ,
    name: v.name,
    label: v.label,
    required: v.required,
    text: v.text,
    infotype: v.infotype,
    size: intOr(v.size, 30),
    maxlength: intOr(v.maxlength, 255),
    width: intOr(v.width, 40),
    height: intOr(v.height, 5),
    subtype: v.subtype,
    choices: v.choices.split('\n').map((c) => c.trim()).filter((c) => c !== ''),
    horizontal: v.horizontal,
    minimum: v.minimum,
    maximum: v.maximum,
  };
}

/** What the browser can tell before asking the server; the server checks everything again. */
function validate(typ: FeedbackItemType, v: Values, s: StringLookup): Errors {
  const errors: Errors = {};
  const valued = typ === 'textfield' || typ === 'textarea' || typ === 'multichoice' || typ === 'numeric';
  if (valued && v.name.trim() === '') errors.name = s('required');
  if (typ === 'label' && v.text.trim() === '') errors.text = s('required');
  if (typ === 'multichoice' && v.choices.trim() === '') errors.choices = s('nochoices');
  if (typ === 'numeric') {
    const num = (x: string) => (x.trim() === '' ? null : Number(x.replace(',', '.')));
    const [min, max] = [num(v.minimum), num(v.maximum)];
    if (min !== null && !Number.isFinite(min)) errors.minimum = s('invalidnum');
    if (max !== null && !Number.isFinite(max)) errors.maximum = s('invalidnum');
    else if (min !== null && max !== null && Number.isFinite(min) && max < min) errors.maximum = s('rangemaxbelowmin');
  }
  for (const key of ['size', 'maxlength', 'width', 'height'] as const) if (!/^\d+$/.test(v[key].trim())) errors[key] = s('invalidnum');
  return errors;
}

function serverErrors(error: Error): Errors {
  if (!(error instanceof AjaxError) || !error.fielderrors?.length) return { form: error.message };
  const out: Errors = {};
  for (const { field, message } of error.fielderrors) {
    const key = (['name', 'label', 'text', 'choices', 'minimum', 'maximum'] as const).find((k) => k === field) ?? 'form';
    out[key] = message;
  }
  return out;
}

interface ItemDialogProps {
  feedbackid: number;
  typ: FeedbackItemType;
  /** The item to edit; absent to add one at the end. */
  item?: FeedbackItem;
  onClose: () => void;
  onSaved: (item: FeedbackItem) => void;
}

/** The form of one question, with the fields of its type. */
export function ItemDialog({ feedbackid, typ, item, onClose, onSaved }: ItemDialogProps) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(typ, item));
  const [errors, setErrors] = useState<Errors>({});
  const save = useWsMutation(modFeedbackSaveItem, [modFeedbackGetItems], { quiet: true });
  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const typeName = s(`typ_${typ}`);
  const field = (key: keyof Values, label: string, control: (id: string, props: ReturnType<typeof describedBy>) => ReactNode, help?: string) => (
    <Field label={label} help={help} error={errors[key]}>
      {control}
    </Field>
  );
  const text = (key: 'name' | 'label' | 'size' | 'maxlength' | 'width' | 'height' | 'minimum' | 'maximum', label: string, help?: string, numeric = false) =>
    field(key, label, (id, props) => <input id={id} type="text" inputMode={numeric ? 'decimal' : undefined} value={values[key]} onChange={(e) => set(key)(e.target.value)} {...props} />, help);
  const valued = typ !== 'label' && typ !== 'pagebreak' && typ !== 'info';
  return (
    <FormDialog
      title={item ? s('edititemtitle', typeName) : s('additemtitle', typeName)}
      formId={formId}
      submitLabel={s('savequestion')}
      cancelLabel={s('cancel')}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        const found = validate(typ, values, s);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        save.mutate(argsOf(feedbackid, typ, values, item?.id ?? 0), { onSuccess: (saved) => onSaved(saved.item), onError: (error) => setErrors(serverErrors(error)) });
      }}
    >
      <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
      {typ === 'label' && field('text', s('labeltext'), (id, props) => <textarea id={id} rows={5} value={values.text} onChange={(e) => set('text')(e.target.value)} {...props} />)}
      {valued && text('name', s('question'))}
      {typ === 'info' &&
        field('infotype', s('infotype'), (id, props) => (
          <select id={id} value={values.infotype} onChange={(e) => set('infotype')(Number(e.target.value))} {...props}>
            {[1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {s(`info_${n}`)}
              </option>
            ))}
          </select>
        ))}
      {typ !== 'pagebreak' && text('label', s('label'), s('label_help'))}
      {typ === 'textfield' && (
        <div className="feedback-field-pair">
          {text('size', s('textfield_size'), undefined, true)}
          {text('maxlength', s('textfield_maxlength'), undefined, true)}
        </div>
      )}
      {typ === 'textarea' && (
        <div className="feedback-field-pair">
          {text('width', s('textarea_width'), undefined, true)}
          {text('height', s('textarea_height'), undefined, true)}
        </div>
      )}
      {typ === 'multichoice' && (
        <>
          {field('subtype', s('multichoicetype'), (id, props) => (
            <select id={id} value={values.subtype} onChange={(e) => set('subtype')(e.target.value as MultichoiceSubtype)} {...props}>
              {(['r', 'c', 'd'] as const).map((t) => (
                <option key={t} value={t}>
                  {s(`subtype_${t}`)}
                </option>
              ))}
            </select>
          ))}
          {field('choices', s('choices'), (id, props) => <textarea id={id} rows={5} value={values.choices} onChange={(e) => set('choices')(e.target.value)} {...props} />, s('choices_help'))}
          {values.subtype !== 'd' && <Check label={s('horizontal')} checked={values.horizontal} onChange={set('horizontal')} />}
        </>
      )}
      {typ === 'numeric' && (
        <div className="feedback-field-pair">
          {text('minimum', s('minimum'), s('range_help'), true)}
          {text('maximum', s('maximum'), s('range_help'), true)}
        </div>
      )}
      {valued && <Check label={s('requiredshort')} checked={values.required} onChange={set('required')} />}
    </FormDialog>
  );
}

function Field({ label, help, error, children }: { label: string; help?: string; error?: string; children: (id: string, props: ReturnType<typeof describedBy>) => ReactNode }) {
  const id = useId();
  return (
    <FormField id={id} label={label} help={help} error={error}>
      {children(id, describedBy(id, error, help))}
    </FormField>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    </div>
  );
}
