import { coreUserGetProfileChoices } from '../../../api/user';
import { useWsQuery } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';
import { Field, SelectField, TextField, type FieldErrors, type FieldName, type Values } from './UserFormFields';

interface ProfileFieldsetProps {
  field: { s: StringLookup; values: Values; errors: FieldErrors; onChange: (name: FieldName, value: string) => void };
  s: StringLookup;
  withIdentity: boolean;
}

/** Names, email, identity (admins only), place, language, timezone and description. */
export function ProfileFieldset({ field, s, withIdentity }: ProfileFieldsetProps) {
  // The same for every user and page: asked once per visit.
  const choices = useWsQuery(coreUserGetProfileChoices, {}, { staleTime: Infinity }).data;
  const languages = choices?.languages.map((l) => ({ value: l.code, label: l.name })) ?? [];
  // An empty language follows the site's default, whatever it becomes later.
  const sitelang = choices?.languages.find((l) => l.code === choices.sitelang)?.name ?? '';
  const timezones = choices?.timezones.map((t) => ({ value: t.id, label: t.name })) ?? [];
  const countries = choices?.countries.map((c) => ({ value: c.code, label: c.name })) ?? [];
  return (
    <>
      <fieldset>
        <legend>{s('personal')}</legend>
        <TextField name="firstname" {...field} required autoComplete="given-name" />
        <TextField name="lastname" {...field} required autoComplete="family-name" />
        <TextField name="email" {...field} type="email" required autoComplete="email" />
        <TextField name="city" {...field} />
        <SelectField name="country" {...field} options={countries} empty={s('selectcountry')} />
        <Field name="description" label={s('description')} error={field.errors.description}>
          {(props) => <textarea {...props} rows={4} value={field.values.description} onChange={(e) => field.onChange('description', e.target.value)} />}
        </Field>
      </fieldset>
      {withIdentity && (
        <fieldset>
          <legend>{s('identity')}</legend>
          <TextField name="idnumber" {...field} />
          <TextField name="department" {...field} />
          <TextField name="institution" {...field} />
          <TextField name="phone1" {...field} autoComplete="tel" />
          <TextField name="phone2" {...field} />
        </fieldset>
      )}
      <fieldset>
        <legend>{s('preferencesheading')}</legend>
        <SelectField name="lang" {...field} options={languages} empty={s('langsitedefault', sitelang)} />
        <SelectField name="timezone" {...field} options={timezones} />
      </fieldset>
    </>
  );
}
