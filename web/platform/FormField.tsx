import { useId, type ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  help?: string;
  /** The control; it should carry `id`, and gets described by the help and error through `describedBy(id, …)`. */
  children: ReactNode;
}

/** A label above its field, help below it, and the error next to it. */
export function FormField({ id, label, error, help, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes tying a control to its help and error. */
export function describedBy(id: string, error?: string, help?: string) {
  const ids = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** The summary above a form with errors: focusable, announced, naming each problem. */
export function ErrorSummary({ title, errors }: { title: string; errors: Array<string | undefined> }) {
  const shown = errors.filter((e): e is string => Boolean(e));
  if (shown.length === 0) return null;
  return (
    <div className="alert alert-error" role="alert" tabIndex={-1}>
      <p className="alert-message">{title}</p>
      <ul>
        {shown.map((e, i) => (
          <li key={i}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/** A checkbox with its label and optional help below it; `className` lets a form style its checks. */
export function CheckField({ label, help, checked, onChange, className }: { label: string; help?: string; checked: boolean; onChange: (checked: boolean) => void; className: string }) {
  const id = useId();
  return (
    <div className={`field ${className}`}>
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={help ? `${id}-help` : undefined} /> {label}
      </label>
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
    </div>
  );
}
