import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { cohortSortColumns, coreCohortDeleteCohorts, coreCohortListCohorts } from '../../../api/cohort';
import type { ArgsOf, ResultOf } from '../../../api/contract';
import { Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { ReportTable } from '../../platform/ReportTable';
import type { TableColumn, TableRequest } from '../../platform/ReportTableColumns';
import { useTableMessages } from '../../platform/ReportTableMessages';
import { useWsTableSource, wsPage, wsSorts } from '../../platform/tablesource';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { CohortForm, type EditableCohort } from './CohortForm';
import './cohort.css';

type Cohort = ResultOf<typeof coreCohortListCohorts>['cohorts'][number];

const COHORT_STRINGS = [
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
] as const;

/** One page as the report table asks for it (a module function: the source does not watch it). */
const toArgs = (request: TableRequest, filters: { contextid: number }): ArgsOf<typeof coreCohortListCohorts> => ({
  contextid: filters.contextid,
  search: request.search,
  ...wsPage(request),
  sorts: wsSorts(request, cohortSortColumns),
});
const toPage = (answer: ResultOf<typeof coreCohortListCohorts>) => ({ data: answer.cohorts, recordsFiltered: answer.total });

/** The cohorts of the site (or of one context) in the report table: searched, sorted and paged by the server, with their actions. */
export function Cohorts() {
  const s = useStrings('core_cohort', COHORT_STRINGS);
  const m = useStrings('moodle', ['administrationsite', 'yes', 'no']);
  const [params, setParams] = useSearchParams();
  const contextid = Number(params.get('contextid')) || 0;
  const search = params.get('search') ?? '';
  const [editing, setEditing] = useState<EditableCohort | 'new' | null>(null);
  const source = useWsTableSource(coreCohortListCohorts, { contextid }, toArgs, toPage);
  const remove = useWsMutation(coreCohortDeleteCohorts, [coreCohortListCohorts]);
  const table = useTableMessages();
  const messages = { ...table, search: s('searchcohorts'), zeroRecords: s('nocohortsfound', search), emptyTable: `${s('nocohorts')}. ${s('nocohortsdesc')}` };

  async function deleteCohort(cohort: Cohort) {
    const ok = await confirmDialog({ title: s('deletecohort'), message: s('deletecohortconfirm', { name: cohort.name, count: cohort.membercount }), confirmLabel: s('deletecohort'), destructive: true });
    if (ok) remove.mutate({ cohortids: [cohort.id] }, { onSuccess: () => void addNotification({ message: s('cohortdeleted'), type: 'success' }) });
  }
  const columns = cohortColumns(s, m, {
    onEdit: (cohort) => setEditing({ id: cohort.id, name: cohort.name, idnumber: cohort.idnumber, description: htmlToText(cohort.description), visible: cohort.visible, categoryid: cohort.categoryid }),
    onDelete: (cohort) => void deleteCohort(cohort),
  });

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
      <div className="card cohort-table">
        <ReportTable
          key={contextid}
          stateId={contextid ? `cohorts${contextid}` : 'cohorts'}
          caption={s('cohorts')}
          columns={columns}
          messages={messages}
          {...source}
          search={search}
          onSearchChange={(text) => setParams({ ...(contextid ? { contextid: String(contextid) } : {}), ...(text ? { search: text } : {}) }, { replace: true })}
          rowKey={(cohort) => cohort.id}
        />
      </div>
      {editing && <CohortForm cohort={editing === 'new' ? undefined : editing} categoryid={0} onClose={() => setEditing(null)} />}
    </Page>
  );
}

interface CohortActions {
  onEdit: (cohort: Cohort) => void;
  onDelete: (cohort: Cohort) => void;
}

/** The list's columns: name (with its description), id number, context, members, visible, actions. */
function cohortColumns(s: StringLookup, m: StringLookup, { onEdit, onDelete }: CohortActions): Array<TableColumn<Cohort>> {
  return [
    {
      header: s('name'),
      key: 'name',
      rowHeader: true,
      searchable: false,
      hideable: false,
      value: (cohort) => cohort.name,
      cell: (cohort) => (
        <>
          {cohort.canassign ? <Link to={relativeUrl('/cohort/assign.php', { id: cohort.id })}>{cohort.name}</Link> : cohort.name}
          {cohort.description && <div className="muted small">{htmlToText(cohort.description)}</div>}
        </>
      ),
    },
    { header: s('idnumber'), key: 'idnumber', searchable: false, numeric: false, value: (cohort) => cohort.idnumber },
    { header: s('context'), key: 'contextname', searchable: false, value: (cohort) => cohort.contextname },
    { header: s('members'), key: 'membercount', searchable: false, numeric: true, value: (cohort) => cohort.membercount },
    { header: s('visible'), key: 'visible', searchable: false, value: (cohort) => (cohort.visible ? m('yes') : m('no')) },
    {
      header: s('editcohort'),
      headerHidden: true,
      sortable: false,
      searchable: false,
      hideable: false,
      value: () => null,
      cell: (cohort) => (
        <div className="row-actions">
          {cohort.canassign && (
            <Link className="btn btn-link" to={relativeUrl('/cohort/assign.php', { id: cohort.id })} aria-label={`${s('assign')}: ${cohort.name}`}>
              {s('assign')}
            </Link>
          )}
          {cohort.canmanage && (
            <>
              <Button className="btn btn-link" aria-label={`${s('editcohort')}: ${cohort.name}`} onPress={() => onEdit(cohort)}>
                {s('editcohort')}
              </Button>
              <Button className="btn btn-link danger" aria-label={`${s('deletecohort')}: ${cohort.name}`} onPress={() => onDelete(cohort)}>
                {s('deletecohort')}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];
}
