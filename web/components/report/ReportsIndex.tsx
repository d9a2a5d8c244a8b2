import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { blockConfigurableReportsDeleteReport, blockConfigurableReportsListReports, type ReportSummary } from '../../../api/report';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { REPORT_SETTINGS_SECTION } from './ReportSettings';
import { COMPONENT, REPORT_STRINGS } from './strings';
import './report.css';

/** The site reports index (no courseid) or a course's report menu. */
export function ReportsIndex() {
  const s = useStrings(COMPONENT, REPORT_STRINGS);
  const [params] = useSearchParams();
  const courseid = Number(params.get('courseid')) || 0;
  const list = useWsQuery(blockConfigurableReportsListReports, { courseid });
  const remove = useWsMutation(blockConfigurableReportsDeleteReport, [blockConfigurableReportsListReports]);

  async function deleteReport(report: ReportSummary) {
    const ok = await confirmDialog({ title: s('deletereport'), message: s('deleteconfirm', report.name), confirmLabel: s('deletereport'), destructive: true });
    if (ok) remove.mutate({ id: report.id }, { onSuccess: () => void addNotification({ message: s('deleted'), type: 'success' }) });
  }

  const data = list.data;
  const title = courseid ? s('coursereports') : s('sitereports');
  return (
    <Page
      title={title}
      breadcrumb={courseid ? [{ label: s('reports'), to: `/course/view.php?id=${courseid}` }] : []}
      actions={
        <>
          {data?.canconfigure && (
            <Link className="btn btn-secondary" to={relativeUrl('/admin/settings.php', { section: REPORT_SETTINGS_SECTION })}>
              {s('settings')}
            </Link>
          )}
          {data?.canmanage && (
            <Link className="btn btn-primary" to={relativeUrl('/blocks/configurable_reports/editreport.php', courseid ? { courseid } : {})}>
              {s('addreport')}
            </Link>
          )}
        </>
      }
    >
      {!data ? (
        <Loading />
      ) : data.reports.length === 0 ? (
        <div className="card empty-state">
          <p>{data.canmanage ? s('noreportsmanage') : s('noreports')}</p>
        </div>
      ) : (
        <div className="card table-scroll">
          <table className="table report-list">
            <thead>
              <tr>
                <th scope="col">{s('name')}</th>
                <th scope="col">{s('where')}</th>
                <th scope="col">
                  <span className="visually-hidden">{s('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.reports.map((report) => (
                <tr key={report.id}>
                  <th scope="row">
                    <Link to={relativeUrl('/blocks/configurable_reports/viewreport.php', { id: report.id })}>{report.name}</Link>
                    {report.summary && <div className="muted small">{report.summary}</div>}
                  </th>
                  <td>{report.contextname}</td>
                  <td className="row-actions">
                    {report.canedit && (
                      <>
                        <Link className="btn btn-link" to={relativeUrl('/blocks/configurable_reports/editreport.php', { id: report.id })} aria-label={`${s('edit')}: ${report.name}`}>
                          {s('edit')}
                        </Link>
                        <Button className="btn btn-link danger" aria-label={`${s('delete')}: ${report.name}`} onPress={() => void deleteReport(report)}>
                          {s('delete')}
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
