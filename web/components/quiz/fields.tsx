import { useId, type ReactNode } from 'react';
import { CheckField, describedBy, FormField } from '../../platform/FormField';

/** A checkbox with its label and optional help. */
export function Check(props: { label: string; help?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <CheckField {...props} className="quiz-check" />;
}

/** A short text field for a number (kept as typed; checked on submit). */
export function NumberField({ label, help, value, error, onChange, decimal = false }: { label: string; help?: string; value: string; error?: string; onChange: (value: string) => void; decimal?: boolean }) {
  const id = useId();
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <input id={id} type="text" inputMode={decimal ? 'decimal' : 'numeric'} className="quiz-number" value={value} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error, help)} />
    </FormField>
  );
}

/** A select of string values. */
export function SelectField({ label, help, value, error, onChange, children }: { label: string; help?: string; value: string; error?: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error, help)}>
        {children}
      </select>
    </FormField>
  );
}

/** A date and time with its own "Enable" box: off means not set. */
export function DateField({ label, enableLabel, enabled, value, error, onChange }: { label: string; enableLabel: string; enabled: boolean; value: string; error?: string; onChange: (changes: { enabled?: boolean; value?: string }) => void }) {
  const id = useId();
  return (
    <fieldset className="quiz-date-field">
      <legend className="field-label" id={`${id}-legend`}>
        {label}
      </legend>
      <div className="quiz-date-row">
        <input id={id} type="datetime-local" aria-labelledby={`${id}-legend`} value={value} disabled={!enabled} onChange={(e) => onChange({ value: e.target.value })} {...describedBy(id, error)} />
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(e) => onChange({ enabled: e.target.checked })} /> {enableLabel}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
