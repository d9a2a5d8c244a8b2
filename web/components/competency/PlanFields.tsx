import { describedBy, FormField } from '../../platform/FormField';
import type { StringLookup } from '../../platform/useStrings';

/** What a plan and a template share in their forms; the due date as the date input holds it. */
export interface PlanFieldValues {
  name: string;
  description: string;
  duedate: string;
}

interface PlanFieldsProps {
  /** Prefixes the fields' ids, so a plan's and a template's form keep their own. */
  idPrefix: string;
  nameLabel: string;
  dueHelp: string;
  values: PlanFieldValues;
  errors: { name?: string; duedate?: string };
  s: StringLookup;
  onChange: (change: Partial<PlanFieldValues>) => void;
}

/** The name, description and due date fields of a learning plan or a plan template. */
export function PlanFields({ idPrefix, nameLabel, dueHelp, values, errors, s, onChange }: PlanFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <FormField id={id('name')} label={nameLabel} error={errors.name}>
        <input id={id('name')} type="text" value={values.name} maxLength={100} onChange={(e) => onChange({ name: e.target.value })} required autoFocus {...describedBy(id('name'), errors.name)} />
      </FormField>
      <FormField id={id('description')} label={s('description')}>
        <textarea id={id('description')} rows={3} value={values.description} onChange={(e) => onChange({ description: e.target.value })} />
      </FormField>
      <FormField id={id('duedate')} label={s('duedate')} error={errors.duedate} help={dueHelp}>
        <input id={id('duedate')} type="date" value={values.duedate} onChange={(e) => onChange({ duedate: e.target.value })} {...describedBy(id('duedate'), errors.duedate, dueHelp)} />
      </FormField>
    </>
  );
}
