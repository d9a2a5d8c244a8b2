import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { blockConfigurableReportsGetReport, blockConfigurableReportsRunReport } from '../../../api/report';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { useWsQuery } from '../../platform/query';
import { ReportTable, type TableRequest } from '../../platform/ReportTable';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { COMPONENT, REPORT_STRINGS, tableMessages } from './strings';
import './report.css';

/** A report's results in the report table (server mode: the database pages, sorts and searches), with downloads. */
export function ViewReport() {
  const s = useStrings(COMPONENT, REPORT_STRINGS);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const report = useWsQuery(blockConfigurableReportsGetReport, { id });
  const messages = useMemo(() => tableMessages(s), [s]);
  // The time range of %%STARTTIME%% and %%ENDTIME%% (whole days, UTC); empty: from the beginning, until now.
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const starttime = dayStart(from);
  const endtime = to ? dayStart(to) + 86_399 : 0;
  const fetchPage = useCallback(
    async (request: TableRequest) => {
      const answer = await call(blockConfigurableReportsRunReport, { id, mode: 'server', starttime, endtime, ...request });
      return { data: answer.data, recordsTotal: answer.recordsTotal, recordsFiltered: answer.recordsFiltered, error: answer.error };
    },
    [id, starttime, endtime],
  );
  // The column names (a one-row page), so the table can be laid out before its first page.
  const columns = useWsQuery(blockConfigurableReportsRunReport, { id, mode: 'server', start: 0, length: 1 });
  if (!report.data || !columns.data) return <Loading />;
  const r = report.data;
  return (
    <Page
      title={r.name}
      breadcrumb={[{ label: r.courseid ? s('coursereports') : s('sitereports'), to: relativeUrl('/blocks/configurable_reports/managereport.php', r.courseid ? { courseid: r.courseid } : {}) }]}
      actions={
        <>
          <a className="btn btn-secondary" href={relativeUrl('/blocks/configurable_reports/export.php', { id, format: 'csv', starttime, endtime })} download>
            {s('exportcsv')}
          </a>
          <a className="btn btn-secondary" href={relativeUrl('/blocks/configurable_reports/export.php', { id, format: 'xlsx', starttime, endtime })} download>
            {s('exportxlsx')}
          </a>
          {r.canedit && (
            <Link className="btn btn-primary" to={relativeUrl('/blocks/configurable_reports/editreport.php', { id })}>
              {s('edit')}
            </Link>
          )}
        </>
      }
    >
      {r.summary && <p className="muted">{r.summary}</p>}
      <fieldset className="report-range">
        <legend>{s('timerange')}</legend>
        <label>
          {s('starttime')}
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {s('endtime')}
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </fieldset>
      <div className="card">
        {columns.data.error ? (
          <div className="alert alert-warning" role="alert">
            {columns.data.error}
          </div>
        ) : (
          <ReportTable stateId={`report${id}`} caption={r.name} columns={columns.data.columns} messages={messages} fetchPage={fetchPage} allowNoSort />
        )}
      </div>
    </Page>
  );
}

/** Unix time of the start of a `yyyy-mm-dd` day (UTC); 0 when empty. */
function dayStart(day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
}
