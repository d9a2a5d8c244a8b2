import type { ReactNode } from 'react';
import { AjaxError } from '../../platform/ajax';
import type { StringLookup } from '../../platform/useStrings';

/** Every editable field of the user forms, as text (suspended is a flag, kept apart). */
export type FieldName =
  | 'username'
  | 'password'
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'idnumber'
  | 'department'
  | 'institution'
  | 'phone1'
  | 'phone2'
  | 'city'
  | 'country'
  | 'lang'
  | 'timezone'
  | 'description';

export type Values = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_VALUES: Values = {
  username: '',
  password: '',
  firstname: '',
  lastname: '',
  email: '',
  idnumber: '',
  department: '',
  institution: '',
  phone1: '',
  phone2: '',
  city: '',
  country: '',
  // A new user follows the site default until they or an administrator choose a language.
  lang: '',
  timezone: '99',
  description: '',
};

/** Which field a server refusal is about, so its message shows next to that field. */
const FIELD_OF_ERROR: Record<string, FieldName> = {
  invalidusername: 'username',
  usernameexists: 'username',
  invalidemail: 'email',
  errorpasswordpolicy: 'password',
  missingfirstname: 'firstname',
  missinglastname: 'lastname',
  invalidlang: 'lang',
  invalidtimezone: 'timezone',
  invalidcountry: 'country',
};

/** A server error placed on its field, or undefined when it belongs to no field. */
export function fieldError(error: unknown): FieldErrors | undefined {
  if (!(error instanceof AjaxError)) return undefined;
  const field = FIELD_OF_ERROR[error.errorcode];
  return field ? { [field]: error.message } : undefined;
}

interface FieldProps {
  name: FieldName;
  label: string;
  help?: string;
  error?: string;
  required?: boolean;
  requiredLabel?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean }) => ReactNode;
}

/** A labelled field: label above, the control, help below, the error next to it. */
export function Field({ name, label, help, error, required = false, requiredLabel, children }: FieldProps) {
  const id = `user-${name}`;
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="required" title={requiredLabel}>
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-describedby': described || undefined, 'aria-invalid': error ? true : undefined, 'aria-required': required || undefined })}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {help && (
        <small className="muted field-help" id={`${id}-help`}>
          {help}
        </small>
      )}
    </div>
  );
}

interface TextFieldProps {
  name: FieldName;
  s: StringLookup;
  values: Values;
  errors: FieldErrors;
  onChange: (name: FieldName, value: string) => void;
  label?: string;
  help?: string;
  type?: 'text' | 'email' | 'password';
  required?: boolean;
  autoComplete?: string;
}

export function TextField({ name, s, values, errors, onChange, label, help, type = 'text', required = false, autoComplete }: TextFieldProps) {
  return (
    <Field name={name} label={label ?? s(name)} help={help} error={errors[name]} required={required} requiredLabel={s('required')}>
      {(props) => <input {...props} type={type} value={values[name]} autoComplete={autoComplete} onChange={(e) => onChange(name, e.target.value)} />}
    </Field>
  );
}

interface SelectFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete'> {
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first option, for "none chosen" (value ''). */
  empty?: string;
}

/** A choice from a list; a stored value the list lacks (from before the list) stays selectable. */
export function SelectField({ name, s, values, errors, onChange, label, help, required = false, options, empty }: SelectFieldProps) {
  const value = values[name];
  const known = value === '' ? empty !== undefined : options.some((o) => o.value === value);
  return (
    <Field name={name} label={label ?? s(name)} help={help} error={errors[name]} required={required} requiredLabel={s('required')}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(name, e.target.value)}>
          {empty !== undefined && <option value="">{empty}</option>}
          {!known && <option value={value}>{value}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The error summary at the top of a form: each error links to its field. */
export function ErrorSummary({ errors, general, s }: { errors: FieldErrors; general?: string; s: StringLookup }) {
  const entries = Object.entries(errors) as Array<[FieldName, string]>;
  if (entries.length === 0 && !general) return null;
  return (
    <div className="alert alert-error" role="alert">
      <div className="alert-message">
        <p>{s('formerrors')}</p>
        <ul>
          {general && <li>{general}</li>}
          {entries.map(([field, message]) => (
            <li key={field}>
              <a href={`#user-${field}`}>{s(field === 'password' ? 'password' : field)}</a>: {message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
