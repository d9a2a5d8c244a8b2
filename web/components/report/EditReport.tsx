import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import {
  REPORT_CAPABILITIES,
  blockConfigurableReportsGetReport,
  blockConfigurableReportsListReports,
  blockConfigurableReportsPreviewQuery,
  blockConfigurableReportsSaveReport,
} from '../../../api/report';
import type { ResultOf } from '../../../api/contract';
import { Loading, Page } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { SqlEditor } from './SqlEditor';
import { ReportTable } from '../../platform/ReportTable';
import { COMPONENT, REPORT_STRINGS, tableMessages } from './strings';
import './report.css';

type Preview = ResultOf<typeof blockConfigurableReportsPreviewQuery>;
type Values = { name: string; summary: string; querysql: string; contextid: number; capability: string };

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
    ? { name: report.data.name, summary: report.data.summary, querysql: report.data.querysql, contextid: report.data.contextid, capability: report.data.capability }
    : { name: '', summary: '', querysql: '', contextid: places.data.places.at(-1)?.contextid ?? 0, capability: REPORT_CAPABILITIES[0] };
  const choices = places.data.places.some((p) => p.contextid === initial.contextid)
    ? places.data.places
    : [...places.data.places, { contextid: initial.contextid, name: report.data?.contextname ?? '' }];
  return <ReportForm key={id} id={id} initial={initial} places={choices} s={s} courseid={courseid} />;
}

function ReportForm({ id, initial, places, s, courseid }: { id: number; initial: Values; places: Array<{ contextid: number; name: string }>; s: ReturnType<typeof useStrings>; courseid: number }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saved, setSaved] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const save = useWsMutation(blockConfigurableReportsSaveReport, [blockConfigurableReportsListReports, blockConfigurableReportsGetReport], { quiet: true });
  useUnsavedChanges(!saved && JSON.stringify(values) !== JSON.stringify(initial));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    if (saved) void navigate(relativeUrl('/blocks/configurable_reports/managereport.php', courseid ? { courseid } : {}));
  }, [saved, navigate, courseid]);

  async function runPreview() {
    setPreviewing(true);
    setPreviewError('');
    try {
      setPreview(await call(blockConfigurableReportsPreviewQuery, { querysql: values.querysql, courseid }));
    } catch (error) {
      setPreview(null);
      setPreviewError(error instanceof Error ? error.message : String(error));
    } finally {
      setPreviewing(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = s('required');
    if (!values.querysql.trim()) found.querysql = s('required');
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { id, ...values },
      {
        onSuccess: () => {
          void addNotification({ message: s('saved'), type: 'success' });
          setSaved(true);
        },
        onError: (error) => {
          const fields = error instanceof AjaxError ? (error.fielderrors ?? []) : [];
          if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
          else setErrors({ name: error.message });
        },
      },
    );
  }

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
        <div className="field">
          <span id="report-querysql-label" className="label">
            {s('querysql')}
          </span>
          <SqlEditor labelledBy="report-querysql-label" describedBy="report-querysql-help" value={values.querysql} onChange={(v) => set('querysql', v)} autoFocus invalid={Boolean(errors.querysql)} />
          <p id="report-querysql-help" className="field-help">
            {s('querysql_help', 10)}
          </p>
          {errors.querysql && <p className="field-error">{errors.querysql}</p>}
        </div>
        <div className="form-actions">
          <Button className="btn btn-secondary" onPress={() => void runPreview()} isDisabled={previewing || !values.querysql.trim()}>
            {previewing && <span className="spinner" aria-hidden="true" />}
            {s('preview')}
          </Button>
          <span className="spacer" />
          <Button className="btn btn-secondary" onPress={() => void navigate(-1)}>
            {s('cancel')}
          </Button>
          <Button type="submit" className="btn btn-primary" isDisabled={save.isPending}>
            {save.isPending && <span className="spinner" aria-hidden="true" />}
            {id ? s('savechanges') : s('createreport')}
          </Button>
        </div>
      </form>
      <section className="report-preview" aria-live="polite" aria-label={s('preview')}>
        {previewing && <p className="muted">{s('previewing')}</p>}
        {previewError && (
          <div className="alert alert-error" role="alert">
            {previewError}
          </div>
        )}
        {preview && <PreviewTable preview={preview} s={s} />}
      </section>
    </Page>
  );
}

function PreviewTable({ preview, s }: { preview: Preview; s: ReturnType<typeof useStrings> }) {
  const messages = useMemo(() => tableMessages(s), [s]);
  if (preview.rows.length === 0) return <p className="muted">{s('previewnorows')}</p>;
  return (
    <div className="card report-preview-table">
      <h2>{s('previewrows', preview.rows.length)}</h2>
      {/* Client mode: the preview's rows are sorted, searched and paged in the browser. */}
      <ReportTable stateId="preview" caption={s('preview')} columns={preview.columns} rows={preview.rows} messages={messages} />
      {preview.truncated && <p className="muted small">{s('previewtruncated', preview.rows.length)}</p>}
    </div>
  );
}
