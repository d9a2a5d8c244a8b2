import { blockConfigurableReportsListRuns } from '../../../api/report';
import { formatDateTime, formatNumber } from '../../platform/intl';
import { useWsQuery } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';

/** The stored results of a scheduled report, newest first, each a CSV to download; nothing for an unscheduled report without runs. */
export function ScheduledRuns({ id, s }: { id: number; s: StringLookup }) {
  const list = useWsQuery(blockConfigurableReportsListRuns, { id });
  const data = list.data;
  if (!data || (data.schedule === 'none' && data.runs.length === 0)) return null;
  return (
    <section className="card report-runs" aria-labelledby="report-runs-title">
      <h2 id="report-runs-title">{s('scheduledruns')}</h2>
      {data.schedule !== 'none' && <p className="muted small">{s(`schedule_${data.schedule}`)}</p>}
      {data.runs.length === 0 ? (
        <p className="muted">{s('scheduledruns_none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{s('run_time')}</th>
                <th scope="col" className="numeric">
                  {s('run_rows')}
                </th>
                <th scope="col">{s('run_status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.runs.map((run) => (
                <tr key={run.id}>
                  <th scope="row">
                    {run.downloadurl ? (
                      <a href={run.downloadurl} download aria-label={s('run_download', formatDateTime(run.timecreated))}>
                        {formatDateTime(run.timecreated)}
                      </a>
                    ) : (
                      formatDateTime(run.timecreated)
                    )}
                  </th>
                  <td className="numeric">{run.status === 'ok' ? formatNumber(run.rowcount) : ''}</td>
                  <td>
                    {run.status === 'ok' ? (
                      <span className="badge report-run-ok">{run.truncated ? s('run_truncated', formatNumber(run.rowcount)) : s('run_ok')}</span>
                    ) : (
                      <>
                        <span className="badge report-run-failed">{s('run_failed')}</span> <span className="small">{run.message}</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
