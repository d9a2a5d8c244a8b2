import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { coreUserGetProfileChoices, coreUserGetUsersByField, coreUserUpdateUsers } from '../../../api/user';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { config } from '../../platform/config';
import { showException } from '../../platform/dialogs';
import { describedBy, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

const PREFERENCES = '/user/preferences.php';
/** Set before the page reloads in the new language, so the preferences page can say it was saved. */
const SAVED_KEY = 'tessera/user/languagesaved';

/** Says "Changes saved" once on the page after a reload in the new language (when storage allows). */
export function takeLanguageSaved(): boolean {
  try {
    const saved = window.sessionStorage.getItem(SAVED_KEY) === '1';
    window.sessionStorage.removeItem(SAVED_KEY);
    return saved;
  } catch {
    return false;
  }
}

function rememberLanguageSaved(): void {
  try {
    window.sessionStorage.setItem(SAVED_KEY, '1');
  } catch {
    // Without session storage the new language on the page is the only confirmation.
  }
}

/**
 * My preferred language (/user/language.php): one of the installed languages, or the site's default
 * (an empty language, which follows the default when an administrator changes it), saved as my own
 * profile's language. Other people's language is set on their edit form (/user/editadvanced.php).
 */
export function PreferredLanguage() {
  const s = useStrings('core_user', ['lang', 'preferences']);
  const id = config().userid;
  const me = useWsQuery(coreUserGetUsersByField, { field: 'id', values: [id] });
  const choices = useWsQuery(coreUserGetProfileChoices, {}, { staleTime: Infinity });
  const current = me.data?.[0]?.lang ?? '';
  return (
    <Page title={s('lang')} breadcrumb={[{ label: s('preferences'), to: PREFERENCES }]}>
      {me.isPending || choices.isPending ? <Loading /> : <LanguageForm current={current} languages={choices.data?.languages ?? []} sitelang={choices.data?.sitelang ?? ''} />}
    </Page>
  );
}

interface LanguageFormProps {
  current: string;
  languages: ReadonlyArray<{ code: string; name: string }>;
  sitelang: string;
}

function LanguageForm({ current, languages, sitelang }: LanguageFormProps) {
  const s = useStrings('core_user', ['lang', 'langhelp', 'langsitedefault', 'savechanges', 'cancel', 'changessaved']);
  const navigate = useNavigate();
  // A language removed from the site since it was chosen shows as the site's default, which it now is.
  const [lang, setLang] = useState(languages.some((l) => l.code === current) ? current : '');
  const defaultName = languages.find((l) => l.code === sitelang)?.name ?? sitelang;
  const [error, setError] = useState<string>();
  const save = useWsMutation(coreUserUpdateUsers, [coreUserGetUsersByField], { quiet: true });
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { users: [{ id: config().userid, lang }] },
      {
        onSuccess: () => {
          if (lang === current) {
            void addNotification({ message: s('changessaved'), type: 'success' });
            void navigate(PREFERENCES);
            return;
          }
          // The whole page (menus, strings, dates) comes again from the server in the new language.
          rememberLanguageSaved();
          window.location.assign(PREFERENCES);
        },
        onError: (failure) => {
          if (failure instanceof AjaxError && failure.errorcode === 'invalidlang') setError(failure.message);
          else void showException(failure);
        },
      },
    );
  }
  return (
    <form className="card form form-stack language-form" onSubmit={submit} noValidate>
      <FormField id="user-language" label={s('lang')} help={s('langhelp')} error={error}>
        <select id="user-language" value={lang} onChange={(e) => setLang(e.target.value)} {...describedBy('user-language', error, s('langhelp'))}>
          <option value="">{s('langsitedefault', defaultName)}</option>
          {languages.map((l) => (
            // Each language is named in itself, and marked so screen readers pronounce it that way.
            <option key={l.code} value={l.code} lang={l.code.replace(/_/g, '-')}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
      <div className="form-actions">
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary">
          {s('savechanges')}
        </PendingButton>
        <Link className="btn btn-secondary" to={PREFERENCES}>
          {s('cancel')}
        </Link>
      </div>
    </form>
  );
}
