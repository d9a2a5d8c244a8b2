import { useState, type FormEvent } from 'react';
import { TIMEOUT_MAX, TIMEOUT_MIN, blockConfigurableReportsGetSettings, blockConfigurableReportsSaveSettings } from '../../../api/report';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { COMPONENT, REPORT_STRINGS } from './strings';
import './report.css';

type Settings = ResultOf<typeof blockConfigurableReportsGetSettings>;

/** The section of `/admin/settings.php` that holds the reports' settings. */
export const REPORT_SETTINGS_SECTION = 'blocksettingconfigurable_reports';

/** `/admin/settings.php?section=blocksettingconfigurable_reports`: the query timeout and the second database for remote queries. */
export function ReportSettings() {
  const s = useStrings(COMPONENT, REPORT_STRINGS);
  const settings = useWsQuery(blockConfigurableReportsGetSettings, {}, { meta: { quiet: true } });
  return (
    <Page title={s('settings')} breadcrumb={[{ label: s('sitereports'), to: '/blocks/configurable_reports/managereport.php' }]}>
      <p className="muted">{s('settings_intro')}</p>
      {settings.error ? (
        <ErrorPage message={settings.error.message} />
      ) : settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} stored={settings.data} s={s} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function SettingsForm({ stored, s }: { stored: Settings; s: StringLookup }) {
  const save = useWsMutation(blockConfigurableReportsSaveSettings, [blockConfigurableReportsGetSettings], { quiet: true });
  const [timeout, setTimeoutValue] = useState(String(stored.querytimeout));
  const [remotedb, setRemotedb] = useState(stored.remotedb);
  const [errors, setErrors] = useState<{ querytimeout?: string; remotedb?: string }>({});
  useUnsavedChanges(!save.isPending && (timeout !== String(stored.querytimeout) || remotedb !== stored.remotedb));
  const timeoutHelp = s('setting_querytimeout_help', { min: TIMEOUT_MIN, max: TIMEOUT_MAX });

  function submit(event: FormEvent) {
    event.preventDefault();
    const seconds = Number(timeout);
    if (!Number.isInteger(seconds) || seconds < TIMEOUT_MIN || seconds > TIMEOUT_MAX) {
      setErrors({ querytimeout: timeoutHelp });
      return;
    }
    setErrors({});
    save.mutate(
      { querytimeout: seconds, remotedb },
      {
        onSuccess: () => void addNotification({ message: s('settingssaved'), type: 'success' }),
        onError: (failure) => {
          const fields = failure instanceof AjaxError ? (failure.fielderrors ?? []) : [];
          if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
          else void showException(failure);
        },
      },
    );
  }

  return (
    <form className="card form-stack report-settings" onSubmit={submit} noValidate>
      <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
      <FormField id="report-querytimeout" label={s('setting_querytimeout')} help={timeoutHelp} error={errors.querytimeout}>
        <input
          id="report-querytimeout"
          type="number"
          inputMode="numeric"
          min={TIMEOUT_MIN}
          max={TIMEOUT_MAX}
          value={timeout}
          onChange={(e) => setTimeoutValue(e.target.value)}
          {...describedBy('report-querytimeout', errors.querytimeout, timeoutHelp)}
        />
      </FormField>
      <FormField id="report-remotedb" label={s('setting_remotedb')} help={s('setting_remotedb_help')} error={errors.remotedb}>
        <input
          id="report-remotedb"
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={remotedb}
          onChange={(e) => setRemotedb(e.target.value)}
          {...describedBy('report-remotedb', errors.remotedb, s('setting_remotedb_help'))}
        />
      </FormField>
      <div className="form-actions">
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary">
          {s('savesettings')}
        </PendingButton>
      </div>
    </form>
  );
}
