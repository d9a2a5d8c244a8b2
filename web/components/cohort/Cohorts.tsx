import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { coreCohortDeleteCohorts, coreCohortListCohorts } from '../../../api/cohort';
import type { ResultOf } from '../../../api/contract';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { CohortForm, type EditableCohort } from './CohortForm';
import './cohort.css';

type Cohort = ResultOf<typeof coreCohortListCohorts>['cohorts'][number];
const PER_PAGE = 25;

/** The cohorts of the site (or of one context), searchable and paged, with their actions. */
export function Cohorts() {
  const s = useStrings('core_cohort', [
    'cohorts',
    'addcohort',
    'editcohort',
    'deletecohort',
    'deletecohortconfirm',
    'cohortdeleted',
    'name',
    'idnumber',
    'context',
    'members',
    'visible',
    'assign',
    'searchcohorts',
    'nocohorts',
    'nocohortsdesc',
    'nocohortsfound',
    'totalcohorts',
    'onecohort',
  ]);
  const m = useStrings('moodle', ['administrationsite', 'yes', 'no', 'search']);
  const [params, setParams] = useSearchParams();
  const contextid = Number(params.get('contextid')) || 0;
  const search = params.get('search') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const [text, setText] = useState(search);
  const [editing, setEditing] = useState<EditableCohort | 'new' | null>(null);
  const list = useWsQuery(coreCohortListCohorts, { contextid, search, page, perpage: PER_PAGE });
  const remove = useWsMutation(coreCohortDeleteCohorts, [coreCohortListCohorts]);

  async function deleteCohort(cohort: Cohort) {
    const ok = await confirmDialog({ title: s('deletecohort'), message: s('deletecohortconfirm', { name: cohort.name, count: cohort.membercount }), confirmLabel: s('deletecohort'), destructive: true });
    if (ok) remove.mutate({ cohortids: [cohort.id] }, { onSuccess: () => void addNotification({ message: s('cohortdeleted'), type: 'success' }) });
  }

  const data = list.data;
  const pages = data ? Math.ceil(data.total / PER_PAGE) : 0;
  return (
    <Page
      title={s('cohorts')}
      breadcrumb={[{ label: m('administrationsite'), to: '/admin/' }]}
      actions={
        <Button className="btn btn-primary" onPress={() => setEditing('new')}>
          {s('addcohort')}
        </Button>
      }
    >
      <form
        role="search"
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ ...(contextid ? { contextid: String(contextid) } : {}), ...(text.trim() ? { search: text.trim() } : {}) });
        }}
      >
        <input type="search" className="filter-input" aria-label={s('searchcohorts')} placeholder={s('searchcohorts')} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn-secondary">
          {m('search')}
        </button>
        {data && <span className="muted">{data.total === 1 ? s('onecohort') : s('totalcohorts', data.total)}</span>}
      </form>
      {!data ? (
        <Loading />
      ) : data.total === 0 ? (
        <div className="card empty-state">
          {search ? (
            <p>{s('nocohortsfound', search)}</p>
          ) : (
            <>
              <p>
                <strong>{s('nocohorts')}</strong>
              </p>
              <p>{s('nocohortsdesc')}</p>
            </>
          )}
        </div>
      ) : (
        <div className="card table-scroll">
          <table className="table cohort-table">
            <thead>
              <tr>
                <th scope="col">{s('name')}</th>
                <th scope="col">{s('idnumber')}</th>
                <th scope="col">{s('context')}</th>
                <th scope="col">{s('members')}</th>
                <th scope="col">{s('visible')}</th>
                <th scope="col">
                  <span className="visually-hidden">{s('editcohort')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.cohorts.map((cohort) => (
                <tr key={cohort.id}>
                  <th scope="row">
                    {cohort.canassign ? <Link to={relativeUrl('/cohort/assign.php', { id: cohort.id })}>{cohort.name}</Link> : cohort.name}
                    {cohort.description && <div className="muted small">{htmlToText(cohort.description)}</div>}
                  </th>
                  <td>{cohort.idnumber}</td>
                  <td>{cohort.contextname}</td>
                  <td>{cohort.membercount}</td>
                  <td>{cohort.visible ? m('yes') : m('no')}</td>
                  <td className="row-actions">
                    {cohort.canassign && (
                      <Link className="btn btn-link" to={relativeUrl('/cohort/assign.php', { id: cohort.id })} aria-label={`${s('assign')}: ${cohort.name}`}>
                        {s('assign')}
                      </Link>
                    )}
                    {cohort.canmanage && (
                      <>
                        <Button
                          className="btn btn-link"
                          aria-label={`${s('editcohort')}: ${cohort.name}`}
                          onPress={() => setEditing({ id: cohort.id, name: cohort.name, idnumber: cohort.idnumber, description: htmlToText(cohort.description), visible: cohort.visible, categoryid: cohort.categoryid })}
                        >
                          {s('editcohort')}
                        </Button>
                        <Button className="btn btn-link danger" aria-label={`${s('deletecohort')}: ${cohort.name}`} onPress={() => void deleteCohort(cohort)}>
                          {s('deletecohort')}
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={pages} onChange={(next) => setParams({ ...Object.fromEntries(params), page: String(next) })} />
        </div>
      )}
      {editing && <CohortForm cohort={editing === 'new' ? undefined : editing} categoryid={0} onClose={() => setEditing(null)} />}
    </Page>
  );
}
