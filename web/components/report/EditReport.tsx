import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import {
  REPORT_CAPABILITIES,
  scheduleSchema,
  type ReportSchedule,
  blockConfigurableReportsGetReport,
  blockConfigurableReportsListReports,
  blockConfigurableReportsSaveReport,
} from '../../../api/report';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { CheckField, describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { SqlEditor } from './SqlEditor';
import { QueryPreview, usePreview } from './QueryPreview';
import { COMPONENT, REPORT_STRINGS } from './strings';
import './report.css';

type Values = { name: string; summary: string; querysql: string; remotequerysql: string; contextid: number; capability: string; schedule: ReportSchedule; emailresult: boolean };
type Place = { contextid: number; name: string };

/** Creates or edits a report: name, summary, where it is listed, who may view it, and its SQL with a preview. */
export function EditReport() {
  const s = useStrings(COMPONENT, REPORT_STRINGS);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const report = useWsQuery(blockConfigurableReportsGetReport, { id }, { enabled: id > 0 });
  const courseid = report.data?.courseid ?? (Number(params.get('courseid')) || 0);
  const places = useWsQuery(blockConfigurableReportsListReports, { courseid });
  if ((id > 0 && !report.data) || !places.data) return <Loading />;
  const initial: Values = report.data
    ? {
        name: report.data.name,
        summary: report.data.summary,
        querysql: report.data.querysql,
        remotequerysql: report.data.remotequerysql,
        contextid: report.data.contextid,
        capability: report.data.capability,
        schedule: report.data.schedule,
        emailresult: report.data.emailresult,
      }
    : {
        name: '',
        summary: '',
        querysql: '',
        remotequerysql: '',
        contextid: places.data.places.at(courseid > 0 ? -1 : 0)?.contextid ?? 0,
        capability: REPORT_CAPABILITIES[0],
        schedule: 'none',
        emailresult: false,
      };
  const choices = places.data.places.some((p) => p.contextid === initial.contextid)
    ? places.data.places
    : [...places.data.places, { contextid: initial.contextid, name: report.data?.contextname ?? '' }];
  return (
    <ReportForm
      key={id}
      id={id}
      timemodified={report.data?.timemodified ?? 0}
      initial={initial}
      places={choices}
      s={s}
      courseid={courseid}
      hasremotedb={places.data.hasremotedb}
      querytimeout={places.data.querytimeout}
    />
  );
}

interface FormProps {
  id: number;
  /** The saved report's stamp, sent back so a save over someone else's is refused. */
  timemodified: number;
  initial: Values;
  places: Place[];
  s: StringLookup;
  courseid: number;
  hasremotedb: boolean;
  querytimeout: number;
}

function ReportForm({ id, timemodified, initial, places, s, courseid, hasremotedb, querytimeout }: FormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const [saved, setSaved] = useState(false);
  const preview = usePreview(courseid);
  const save = useWsMutation(blockConfigurableReportsSaveReport, [blockConfigurableReportsListReports, blockConfigurableReportsGetReport], { quiet: true });
  useUnsavedChanges(!saved && JSON.stringify(values) !== JSON.stringify(initial));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    if (saved) void navigate(relativeUrl('/blocks/configurable_reports/managereport.php', courseid ? { courseid } : {}));
  }, [saved, navigate, courseid]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = s('required');
    if (!values.querysql.trim()) found.querysql = s('required');
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { id, ...values, timemodified },
      {
        onSuccess: () => {
          void addNotification({ message: s('saved'), type: 'success' });
          setSaved(true);
        },
        onError: (error) => {
          const fields = error instanceof AjaxError ? (error.fielderrors ?? []) : [];
          if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
          else setErrors({ form: error.message });
        },
      },
    );
  }

  const running = preview.state.running;
  return (
    <Page
      title={id ? s('editreport') : s('newreport')}
      breadcrumb={[{ label: courseid ? s('coursereports') : s('sitereports'), to: relativeUrl('/blocks/configurable_reports/managereport.php', courseid ? { courseid } : {}) }]}
    >
      <form className="card form-stack report-form" onSubmit={submit} noValidate>
        <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
        <FormField id="report-name" label={s('name')} error={errors.name}>
          <input id="report-name" type="text" value={values.name} onChange={(e) => set('name', e.target.value)} required maxLength={255} {...describedBy('report-name', errors.name)} />
        </FormField>
        <FormField id="report-summary" label={s('summary')}>
          <textarea id="report-summary" rows={2} value={values.summary} onChange={(e) => set('summary', e.target.value)} />
        </FormField>
        <div className="report-form-row">
          <FormField id="report-context" label={s('where')} error={errors.contextid}>
            <select id="report-context" value={values.contextid} onChange={(e) => set('contextid', Number(e.target.value))} {...describedBy('report-context', errors.contextid)}>
              {places.map((p) => (
                <option key={p.contextid} value={p.contextid}>
                  {p.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="report-capability" label={s('capability')} help={s('capability_help')} error={errors.capability}>
            <select id="report-capability" value={values.capability} onChange={(e) => set('capability', e.target.value)} {...describedBy('report-capability', errors.capability, s('capability_help'))}>
              {[...new Set([...REPORT_CAPABILITIES, values.capability])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <SqlField id="report-querysql" label={s('querysql')} help={s('querysql_help', querytimeout)} error={errors.querysql} value={values.querysql} onChange={(v) => set('querysql', v)} autoFocus />
        <SqlField
          id="report-remotequerysql"
          label={s('remotequerysql')}
          help={hasremotedb ? s('remotequerysql_help') : `${s('remotequerysql_help')} ${s('remotequerysql_none')}`}
          error={errors.remotequerysql}
          value={values.remotequerysql}
          onChange={(v) => set('remotequerysql', v)}
        />
        <div className="report-schedule">
          <FormField id="report-schedule" label={s('schedule')} help={s('schedule_help')}>
            <select id="report-schedule" value={values.schedule} onChange={(e) => set('schedule', scheduleSchema.catch('none').parse(e.target.value))} {...describedBy('report-schedule', undefined, s('schedule_help'))}>
              {scheduleSchema.options.map((option) => (
                <option key={option} value={option}>
                  {s(`schedule_${option}`)}
                </option>
              ))}
            </select>
          </FormField>
          {values.schedule !== 'none' && (
            <CheckField className="report-emailresult" label={s('emailresult')} help={s('emailresult_help')} checked={values.emailresult} onChange={(checked) => set('emailresult', checked)} />
          )}
        </div>
        <div className="form-actions">
          <PendingButton isPending={running === 'main'} pendingLabel={s('previewing')} className="btn btn-secondary" onPress={() => void preview.run(values.querysql, 'main')} isDisabled={running !== null || !values.querysql.trim()}>
            {s('preview')}
          </PendingButton>
          {values.remotequerysql.trim() !== '' && (
            <PendingButton isPending={running === 'remote'} pendingLabel={s('previewing')} className="btn btn-secondary" onPress={() => void preview.run(values.remotequerysql, 'remote')} isDisabled={running !== null}>
              {s('previewremote')}
            </PendingButton>
          )}
          <span className="spacer" />
          <Button className="btn btn-secondary" onPress={() => void navigate(-1)}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary">
            {id ? s('savechanges') : s('createreport')}
          </PendingButton>
        </div>
      </form>
      <QueryPreview state={preview.state} s={s} />
    </Page>
  );
}

interface SqlFieldProps {
  id: string;
  label: string;
  help: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** An SQL editor with its label above, help below and error beside it. */
function SqlField({ id, label, help, error, value, onChange, autoFocus = false }: SqlFieldProps) {
  return (
    <div className="field">
      <span id={`${id}-label`} className="label">
        {label}
      </span>
      <SqlEditor labelledBy={`${id}-label`} describedBy={`${id}-help`} value={value} onChange={onChange} autoFocus={autoFocus} invalid={Boolean(error)} />
      <p id={`${id}-help`} className="field-help">
        {help}
      </p>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
