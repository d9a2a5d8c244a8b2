import { useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { blockConfigurableReportsGetReport, blockConfigurableReportsRunReport, type ReportSource } from '../../../api/report';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { ReportTable } from '../../platform/ReportTable';
import { cellColumns } from '../../platform/ReportTableColumns';
import { useTableMessages, type TableMessages } from '../../platform/ReportTableMessages';
import { getJsonSource } from '../../platform/tablesource';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { ScheduledRuns } from './ScheduledRuns';
import { COMPONENT, REPORT_STRINGS } from './strings';
import './report.css';

/** Where the table's server mode fetches its pages (GET, JSON under `data`). */
const DATA_PATH = '/blocks/configurable_reports/data.php';

/**
 * A report's results in the report table (server mode: the database pages, sorts and searches), with
 * downloads; a report with a remote query shows the main and remote results on two tabs.
 */
export function ViewReport() {
  const s = useStrings(COMPONENT, REPORT_STRINGS);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const report = useWsQuery(blockConfigurableReportsGetReport, { id });
  const messages = useTableMessages();
  const [source, setSource] = useState<ReportSource>('main');
  // The time range of %%STARTTIME%% and %%ENDTIME%% (whole days, UTC); empty: from the beginning, until now.
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { starttime: dayStart(from), endtime: to ? dayStart(to) + 86_399 : 0 };
  if (!report.data) return <Loading />;
  const r = report.data;
  const download = (format: 'csv' | 'xlsx' | 'ods') => relativeUrl('/blocks/configurable_reports/export.php', { id, format, ...(source === 'remote' ? { source } : {}), ...range });
  const results = (which: ReportSource) => <ReportResults id={id} source={which} starttime={range.starttime} endtime={range.endtime} caption={r.name} messages={messages} />;
  return (
    <Page
      title={r.name}
      breadcrumb={[{ label: r.courseid ? s('coursereports') : s('sitereports'), to: relativeUrl('/blocks/configurable_reports/managereport.php', r.courseid ? { courseid: r.courseid } : {}) }]}
      actions={
        <>
          <a className="btn btn-secondary" href={download('csv')} download>
            {s('exportcsv')}
          </a>
          <a className="btn btn-secondary" href={download('xlsx')} download>
            {s('exportxlsx')}
          </a>
          <a className="btn btn-secondary" href={download('ods')} download>
            {s('exportods')}
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
      {r.hasremote ? (
        <Tabs className="report-tabs" selectedKey={source} onSelectionChange={(key) => setSource(key === 'remote' ? 'remote' : 'main')}>
          <TabList aria-label={r.name} className="report-tablist">
            <Tab id="main" className="report-tab">
              {s('mainresults')}
            </Tab>
            <Tab id="remote" className="report-tab">
              {s('remoteresults')}
            </Tab>
          </TabList>
          <TabPanel id="main">{results('main')}</TabPanel>
          <TabPanel id="remote">{results('remote')}</TabPanel>
        </Tabs>
      ) : (
        results('main')
      )}
      <ScheduledRuns id={id} s={s} />
    </Page>
  );
}

interface ResultsProps {
  id: number;
  source: ReportSource;
  starttime: number;
  endtime: number;
  caption: string;
  messages: TableMessages;
}

/** One source's results: its column names first (a one-row page), then the table fetching its pages by GET. */
function ReportResults({ id, source, starttime, endtime, caption, messages }: ResultsProps) {
  const columns = useWsQuery(blockConfigurableReportsRunReport, { id, source, mode: 'server', start: 0, length: 1, starttime, endtime });
  const fetchPage = useMemo(() => getJsonSource(DATA_PATH, { id, source, starttime, endtime }), [id, source, starttime, endtime]);
  const names = columns.data?.columns;
  const tableColumns = useMemo(() => cellColumns(names ?? []), [names]);
  if (!columns.data) return <Loading />;
  return (
    <div className="card">
      {columns.data.error ? (
        <div className="alert alert-warning" role="alert">
          {columns.data.error}
        </div>
      ) : (
        <ReportTable
          stateId={source === 'main' ? `report${id}` : `report${id}${source}`}
          caption={caption}
          columns={tableColumns}
          messages={messages}
          fetchPage={fetchPage}
          allowNoSort
        />
      )}
    </div>
  );
}

/** Unix time of the start of a `yyyy-mm-dd` day (UTC); 0 when empty. */
function dayStart(day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
}
