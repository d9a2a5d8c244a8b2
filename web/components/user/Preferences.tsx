import { useEffect, useState } from 'react';
import { Checkbox, Label, Radio, RadioGroup } from 'react-aria-components';
import { Link } from 'react-router';
import { coreUserGetProfileChoices, coreUserGetUserPreferences, coreUserGetUsersByField, coreUserUpdateUserPreferences } from '../../../api/user';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { VIEW_PREFERENCE } from '../my/Dashboard';
import { takeLanguageSaved } from './PreferredLanguage';
import './user.css';

type View = 'card' | 'list';
/** Set to '1' when the user wants no notification e-mail (server/components/message/send.ts). */
const EMAIL_OFF_PREFERENCE = 'message_email_disabled';

interface Stored {
  view: View;
  email: boolean;
}

/** My preferences: my account's language, how the dashboard lists my courses, and whether notifications come by e-mail. */
export function Preferences() {
  const s = useStrings('moodle', ['preferences', 'preferencesintro']);
  const current = useWsQuery(coreUserGetUserPreferences, { name: '', userid: 0 });
  const values = new Map((current.data?.preferences ?? []).map((p) => [p.name, p.value]));
  const stored: Stored = { view: values.get(VIEW_PREFERENCE) === 'list' ? 'list' : 'card', email: values.get(EMAIL_OFF_PREFERENCE) !== '1' };
  const saved = useStrings('core_user', ['changessaved'])('changessaved');
  useEffect(() => {
    // Back from the language page, reloaded in the new language: said once, when the text is there.
    if (saved && takeLanguageSaved()) void addNotification({ message: saved, type: 'success' });
  }, [saved]);
  return (
    <Page title={s('preferences')}>
      <p className="muted">{s('preferencesintro')}</p>
      <AccountPreferences />
      {/* Keyed by the saved values, so the form starts again from what the server holds. */}
      {current.isPending ? <Loading /> : <PreferencesForm key={`${stored.view}-${stored.email}`} stored={stored} />}
    </Page>
  );
}

/** Links to the preferences that have a page of their own, with the current value beside each. */
function AccountPreferences() {
  const s = useStrings('core_user', ['useraccount', 'editmyprofile', 'lang', 'langsitedefault']);
  const me = useWsQuery(coreUserGetUsersByField, { field: 'id', values: [config().userid] });
  const choices = useWsQuery(coreUserGetProfileChoices, {}, { staleTime: Infinity });
  const code = me.data?.[0]?.lang;
  const nameOf = (lang: string | undefined) => choices.data?.languages.find((l) => l.code === lang)?.name ?? lang ?? '';
  const language = code === '' ? s('langsitedefault', nameOf(choices.data?.sitelang)) : nameOf(code);
  return (
    <section className="card" aria-labelledby="preferences-account">
      <h2 id="preferences-account">{s('useraccount')}</h2>
      <ul className="preference-links">
        <li>
          <Link to="/user/edit.php">{s('editmyprofile')}</Link>
        </li>
        <li>
          <Link to="/user/language.php" aria-describedby="preferences-language">
            {s('lang')}
          </Link>
          <span id="preferences-language" className="muted">
            {language}
          </span>
        </li>
      </ul>
    </section>
  );
}

function PreferencesForm({ stored }: { stored: Stored }) {
  const s = useStrings('moodle', ['dashboard', 'courseviewpreference', 'viewcards', 'viewlist', 'savechanges', 'changessaved', 'emailnotifications', 'emailnotificationshelp']);
  const m = useStrings('core_message', ['notifications']);
  const save = useWsMutation(coreUserUpdateUserPreferences, [coreUserGetUserPreferences]);
  const [view, setView] = useState<View>(stored.view);
  const [email, setEmail] = useState(stored.email);
  const unchanged = view === stored.view && email === stored.email;
  return (
    <form
      className="card form form-stack preferences-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            userid: 0,
            preferences: [
              { type: VIEW_PREFERENCE, value: view },
              { type: EMAIL_OFF_PREFERENCE, value: email ? null : '1' },
            ],
          },
          { onSuccess: () => void addNotification({ message: s('changessaved'), type: 'success' }) },
        );
      }}
    >
      <h2>{s('dashboard')}</h2>
      <RadioGroup className="radio-group" value={view} onChange={(value) => setView(value === 'list' ? 'list' : 'card')}>
        <Label className="field-label">{s('courseviewpreference')}</Label>
        <Radio className="radio" value="card">
          {s('viewcards')}
        </Radio>
        <Radio className="radio" value="list">
          {s('viewlist')}
        </Radio>
      </RadioGroup>
      <h2>{m('notifications')}</h2>
      <div className="field">
        <Checkbox className="checkbox" isSelected={email} onChange={setEmail} aria-describedby="pref-email-help">
          <span className="checkbox-box" aria-hidden="true" />
          {s('emailnotifications')}
        </Checkbox>
        <p id="pref-email-help" className="field-help">
          {s('emailnotificationshelp')}
        </p>
      </div>
      <div className="form-actions">
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary" isDisabled={unchanged}>
          {s('savechanges')}
        </PendingButton>
      </div>
    </form>
  );
}
