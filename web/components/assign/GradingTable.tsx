import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GRADING_FILTERS, modAssignGetGradingTable, modAssignViewGradingTable, type GradingFilter, type GradingTableRow } from '../../../api/assign';
import { IDENTITY_FIELDS } from '../../../api/identity';
import { Loading } from '../../app/Page';
import { call } from '../../platform/ajax';
import { PageSizeSelect, Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { SortHeader, type SortState } from '../../platform/sorting';
import { formatDateTime } from '../../platform/intl';
import { relativeUrl } from '../../platform/url';
import { useSearchText } from '../../platform/useSearchText';
import { useStrings } from '../../platform/useStrings';
import { NameWithPicture } from '../grades/UserPicture';
import type { ModuleInfo } from '../mod/ModuleView';
import { AssignPage } from './AssignView';
import { ASSIGN_STRINGS } from './strings';

const SORTS = ['fullname', 'status', 'grade', 'timemodified'] as const;
type Sort = (typeof SORTS)[number];
const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Filters, search, sort and paging live in the address: bookmarks and the back button keep them. */
function useTableParams() {
  const [params, setParams] = useSearchParams();
  const state = {
    filters: (params.get('filter') ?? '').split(',').filter((f): f is GradingFilter => (GRADING_FILTERS as readonly string[]).includes(f)),
    search: params.get('search') ?? '',
    sort: SORTS.find((x) => x === params.get('sort')) ?? 'fullname',
    direction: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const),
    page: Math.max(0, Number(params.get('page')) || 0),
    perpage: PAGE_SIZES.find((n) => String(n) === params.get('perpage')) ?? 20,
  };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 0, ...changes };
    const out: Record<string, string> = { id: params.get('id') ?? '', action: 'grading' };
    if (next.filters.length > 0) out.filter = next.filters.join(',');
    if (next.search) out.search = next.search;
    if (next.sort !== 'fullname') out.sort = next.sort;
    if (next.direction !== 'asc') out.dir = next.direction;
    if (next.page > 0) out.page = String(next.page);
    if (next.perpage !== 20) out.perpage = String(next.perpage);
    setParams(out, { replace: changes.search !== undefined });
  };
  return [state, update] as const;
}

/** `/mod/assign/view.php?id=<cmid>&action=grading`: every participant with status and grade, a "Grade" link per row. */
export function GradingTable({ cm }: { cm: ModuleInfo }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const labels = useStrings('moodle', IDENTITY_FIELDS);
  const [state, update] = useTableParams();
  const [text, setText] = useSearchText(state.search, (search) => update({ search }));
  useEffect(() => {
    // Logs the view (Moodle's event); the table does not depend on it.
    call(modAssignViewGradingTable, { assignid: cm.instance }).catch(() => undefined);
  }, [cm.instance]);
  const table = useWsQuery(modAssignGetGradingTable, { assignid: cm.instance, ...state }, { meta: { quiet: true }, placeholderData: (previous) => previous });

  const toggleFilter = (filter: GradingFilter, on: boolean) => update({ filters: on ? [...state.filters, filter] : state.filters.filter((f) => f !== filter) });
  const sorting: SortState<Sort> = { sort: state.sort, direction: state.direction, onSort: (sort, direction) => update({ sort, direction }) };
  const graderUrl = (userid?: number) => relativeUrl('/mod/assign/view.php', { id: cm.id, action: 'grader', userid });

  let body;
  if (table.error) {
    body = (
      <div className="alert alert-error" role="alert">
        <div className="alert-message">{table.error.message}</div>
      </div>
    );
  } else if (!table.data) {
    body = <Loading />;
  } else {
    const { rows, total, identityfields, gradesummary, cangrade } = table.data;
    const pages = Math.ceil(total / state.perpage);
    const filtering = state.filters.length > 0 || state.search !== '';
    body = (
      <>
        <p className="muted" aria-live="polite">
          {total === 1 ? s('participantcount_one') : s('participantcount', total)}
          {' · '}
          {s('numberofsubmittedassignments')}: {gradesummary.submitted} {' · '}
          {s('needsgrading')}: {gradesummary.needsgrading}
        </p>
        {rows.length === 0 ? (
          <p className="empty-state">{filtering ? s('nomatchingparticipants') : s('noparticipants')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table assign-grading-table" aria-busy={table.isFetching}>
              <caption className="visually-hidden">{s('gradingtable')}</caption>
              <thead>
                <tr>
                  <SortHeader state={sorting} column="fullname" className="assign-user-col">
                    {s('user')}
                  </SortHeader>
                  {identityfields.map((field) => (
                    <th key={field} scope="col">
                      {labels(field)}
                    </th>
                  ))}
                  <SortHeader state={sorting} column="status">
                    {s('status')}
                  </SortHeader>
                  <SortHeader state={sorting} column="grade">
                    {s('grade')}
                  </SortHeader>
                  <SortHeader state={sorting} column="timemodified">
                    {s('lastmodifiedsubmission')}
                  </SortHeader>
                  {cangrade && (
                    <th scope="col">
                      <span className="visually-hidden">{s('gradeverb')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <GradingRow key={row.userid} row={row} identityfields={identityfields} graderUrl={cangrade ? graderUrl(row.userid) : undefined} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="list-footer">
          <Pager page={state.page} pages={pages} onChange={(page) => update({ page })} />
          <PageSizeSelect id="assign-perpage" className="assign-perpage" label={s('perpage')} value={state.perpage} sizes={PAGE_SIZES} onChange={(perpage) => update({ perpage })} />
        </div>
      </>
    );
  }

  return (
    <AssignPage
      cm={cm}
      subpage={s('gradingtable')}
      actions={
        table.data?.cangrade ? (
          <Link className="btn btn-primary" to={graderUrl()}>
            {s('gradeverb')}
          </Link>
        ) : undefined
      }
    >
      <section className="card">
        <div className="toolbar assign-grading-toolbar" role="search">
          <div className="assign-search">
            <label className="field-label" htmlFor="assign-search">
              {s('search')}
            </label>
            <input id="assign-search" type="search" value={text} placeholder={s('searchparticipants')} onChange={(e) => setText(e.target.value)} />
          </div>
          <fieldset className="assign-filters">
            <legend className="field-label">{s('filters')}</legend>
            {GRADING_FILTERS.map((filter) => (
              <label key={filter} className="checkbox">
                <input type="checkbox" checked={state.filters.includes(filter)} onChange={(e) => toggleFilter(filter, e.target.checked)} /> {s(`filter_${filter}`)}
              </label>
            ))}
          </fieldset>
        </div>
        {body}
      </section>
    </AssignPage>
  );
}

function GradingRow({ row, identityfields, graderUrl }: { row: GradingTableRow; identityfields: readonly (typeof IDENTITY_FIELDS)[number][]; graderUrl?: string }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const status = row.status || 'new';
  const submitted = status === 'submitted';
  const needsGrading = submitted && (row.gradingstatus !== 'graded' || row.grade === null || row.timesubmitted >= row.timegraded);
  return (
    <tr>
      <th scope="row" className="assign-user-col">
        <NameWithPicture url={row.profileimageurlsmall} fullname={row.fullname}>
          {row.fullname}
        </NameWithPicture>
      </th>
      {identityfields.map((field) => (
        <td key={field}>{row[field]}</td>
      ))}
      <td>
        <span className="assign-badges">
          <span className={`badge assign-badge-${status}`}>{s(status === 'new' ? 'submissionstatus_' : `submissionstatus_${status}`) || status}</span>
          {row.late && <span className="badge assign-badge-late">{s('latebadge')}</span>}
          {row.gradingstatus === 'graded' && <span className="badge assign-badge-graded">{s('graded')}</span>}
          {needsGrading && <span className="badge assign-badge-needsgrading">{s('needsgrading')}</span>}
        </span>
      </td>
      <td className="assign-grade-cell">
        <span className="grade-number">{row.gradefordisplay || '-'}</span>
        {row.timegraded > 0 && (
          <span className="assign-cell-note muted">
            <span className="visually-hidden">{s('lastmodifiedgrade')}: </span>
            {formatDateTime(row.timegraded)}
          </span>
        )}
      </td>
      <td>{formatDateTime(row.timesubmitted, '-')}</td>
      {graderUrl && (
        <td className="row-actions">
          <Link className="btn btn-secondary btn-small" to={graderUrl} aria-label={s('gradeuser', row.fullname)}>
            {s('gradeverb')}
          </Link>
        </td>
      )}
    </tr>
  );
}
