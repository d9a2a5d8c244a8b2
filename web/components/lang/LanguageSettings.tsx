import { useState, type FormEvent } from 'react';
import { coreGetLanguageSettings, coreUpdateLanguageSettings, type LanguagePack } from '../../../api/lang';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { describedBy, FormField } from '../../platform/FormField';
import { formatNumber, formatPercent } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { LANGUAGE_SETTINGS_STRINGS } from './strings';
import './lang.css';

/** A pack code as the `lang` attribute of text written in that language. */
const langAttribute = (code: string) => code.replace(/_/g, '-');

/**
 * `/admin/settings.php?section=langsettings`: the site's default language (the login page's, and
 * that of every user who has not chosen one), and the installed packs with how much each translates.
 */
export function LanguageSettings() {
  const s = useStrings('moodle', LANGUAGE_SETTINGS_STRINGS);
  const settings = useWsQuery(coreGetLanguageSettings, {}, { meta: { quiet: true } });
  return (
    <Page title={s('languagesettings')} breadcrumb={[{ label: s('administrationsite'), to: '/admin/' }]}>
      {settings.error ? (
        <ErrorPage message={settings.error.message} />
      ) : settings.data ? (
        <>
          <DefaultLanguageForm key={settings.data.lang} stored={settings.data.lang} languages={settings.data.languages} />
          <LanguagePacks sitelang={settings.data.lang} languages={settings.data.languages} />
        </>
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function DefaultLanguageForm({ stored, languages }: { stored: string; languages: readonly LanguagePack[] }) {
  const s = useStrings('moodle', LANGUAGE_SETTINGS_STRINGS);
  const save = useWsMutation(coreUpdateLanguageSettings, [coreGetLanguageSettings], { quiet: true });
  const [lang, setLang] = useState(stored);
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { lang },
      {
        onSuccess: () => void addNotification({ message: s('languagesaved'), type: 'success' }),
        onError: (failure) => {
          if (failure instanceof AjaxError && failure.errorcode === 'invalidlang') setError(failure.message);
          else void showException(failure);
        },
      },
    );
  }
  return (
    <form className="card form form-stack language-settings" onSubmit={submit} noValidate>
      <FormField id="site-language" label={s('sitelang')} help={s('sitelanghelp')} error={error}>
        <select id="site-language" value={lang} onChange={(e) => setLang(e.target.value)} {...describedBy('site-language', error, s('sitelanghelp'))}>
          {languages.map((l) => (
            <option key={l.code} value={l.code} lang={langAttribute(l.code)}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
      <div className="form-actions">
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary" isDisabled={lang === stored}>
          {s('savechanges')}
        </PendingButton>
      </div>
    </form>
  );
}

function LanguagePacks({ sitelang, languages }: { sitelang: string; languages: readonly LanguagePack[] }) {
  const s = useStrings('moodle', LANGUAGE_SETTINGS_STRINGS);
  return (
    <section className="card" aria-labelledby="language-packs">
      <h2 id="language-packs">{s('languagepacks')}</h2>
      <div className="table-scroll">
        <table className="table language-packs">
          <thead>
            <tr>
              <th scope="col">{s('language')}</th>
              <th scope="col">{s('languagepackcode')}</th>
              <th scope="col">{s('textdirection')}</th>
              <th scope="col">{s('translatedstrings')}</th>
            </tr>
          </thead>
          <tbody>
            {languages.map((l) => {
              const share = l.strings ? l.translated / l.strings : 1;
              return (
                <tr key={l.code}>
                  <th scope="row">
                    <span lang={langAttribute(l.code)}>{l.name}</span>
                    {l.code === sitelang && <span className="badge">{s('defaultlanguage')}</span>}
                  </th>
                  <td>
                    <code>{l.code}</code>
                  </td>
                  <td>{s(l.dir)}</td>
                  <td>
                    <div className="language-coverage">
                      <meter min={0} max={1} value={share} aria-hidden="true" />
                      <span>
                        {s('translatedof', {
                          translated: formatNumber(l.translated),
                          strings: formatNumber(l.strings),
                          percent: formatPercent(share),
                        })}
                      </span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
