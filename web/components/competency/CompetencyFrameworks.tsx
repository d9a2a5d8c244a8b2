import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import {
  coreCompetencyDeleteCompetencyFramework,
  coreCompetencyDuplicateCompetencyFramework,
  toolLpDataForCompetencyFrameworksManagePage,
  toolLpExportFrameworkCsv,
  type Framework,
} from '../../../api/competency';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';

import { alertDialog, confirmDialog } from '../../platform/dialogs';
import { EmptyState, ListTable } from '../../platform/ListTable';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { FrameworkForm } from './FrameworkForm';
import { ImportFrameworkDialog } from './ImportFrameworkDialog';
import { RowMenu } from './RowMenu';
import { COMPETENCY_STRINGS } from './strings';
import './competency.css';

/** Offers a text as a downloaded file. */
function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** `/admin/tool/lp/competencyframeworks.php?pagecontextid=…`: the frameworks of a context, with their actions. */
export function CompetencyFrameworks() {
  const s = useStrings('core_competency', COMPETENCY_STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const [params] = useSearchParams();
  const pagecontextid = Number(params.get('pagecontextid')) || 0;
  const page = useWsQuery(toolLpDataForCompetencyFrameworksManagePage, { pagecontext: { contextid: pagecontextid } });
  const remove = useWsMutation(coreCompetencyDeleteCompetencyFramework, [toolLpDataForCompetencyFrameworksManagePage]);
  const duplicate = useWsMutation(coreCompetencyDuplicateCompetencyFramework, [toolLpDataForCompetencyFrameworksManagePage]);
  const [editing, setEditing] = useState<Framework | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const data = page.data;

  async function deleteFramework(fw: Framework) {
    const ok = await confirmDialog({ title: s('deleteframework'), message: s('deleteframeworkconfirm', fw.shortname), confirmLabel: s('deleteframework'), destructive: true });
    if (!ok) return;
    remove.mutate(
      { id: fw.id },
      {
        onSuccess: (deleted) => {
          if (deleted) void addNotification({ message: s('frameworkdeleted'), type: 'success' });
          else void alertDialog(s('deleteframework'), s('frameworkcannotbedeleted', fw.shortname));
        },
      },
    );
  }

  async function exportFramework(fw: Framework) {
    const file = await call(toolLpExportFrameworkCsv, { id: fw.id });
    download(file.filename, file.csv);
  }

  const manageUrl = (fw: Framework) => relativeUrl('/admin/tool/lp/competencies.php', { competencyframeworkid: fw.id, pagecontextid });
  return (
    <Page
      title={s('competencyframeworks')}
      breadcrumb={[{ label: m('administrationsite'), to: '/admin/' }]}
      actions={
        <>
          <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/learningplans.php', { pagecontextid })}>
            {s('templates')}
          </Link>
          {data?.canmanage && (
            <>
              <Button className="btn btn-secondary" onPress={() => setImporting(true)}>
                {s('importframework')}
              </Button>
              <Button className="btn btn-primary" onPress={() => setEditing('new')}>
                {s('addnewcompetencyframework')}
              </Button>
            </>
          )}
        </>
      }
    >
      {!data ? (
        <Loading />
      ) : data.competencyframeworks.length === 0 ? (
        <EmptyState title={s('nocompetencyframeworks')} description={s('nocompetencyframeworksdesc')} />
      ) : (
        <ListTable columns={[s('shortname'), s('idnumber'), s('competencies'), s('context')]} actionsLabel={s('actions')}>
          {data.competencyframeworks.map((fw) => (
            <tr key={fw.id}>
              <th scope="row">
                <Link to={manageUrl(fw)}>{fw.shortname}</Link> {!fw.visible && <span className="badge badge-muted">{s('hidden')}</span>}
              </th>
              <td>{fw.idnumber}</td>
              <td>{fw.competenciescount}</td>
              <td>{fw.contextnamenoprefix}</td>
              <td className="row-actions">
                <RowMenu
                  label={s('actionsfor', fw.shortname)}
                  items={[
                    ...(fw.canmanage
                      ? [
                          { id: 'edit', label: s('edit'), onAction: () => setEditing(fw) },
                          {
                            id: 'duplicate',
                            label: s('duplicate'),
                            onAction: () => duplicate.mutate({ id: fw.id }, { onSuccess: (copy) => void addNotification({ message: s('frameworkduplicated', copy.shortname), type: 'success' }) }),
                          },
                        ]
                      : []),
                    { id: 'export', label: s('exportframework'), onAction: () => void exportFramework(fw) },
                    ...(fw.canmanage ? [{ id: 'delete', label: s('delete'), onAction: () => void deleteFramework(fw) }] : []),
                  ]}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {editing && data && <FrameworkForm framework={editing === 'new' ? undefined : editing} contextid={data.pagecontextid} scales={data.scales} s={s} onClose={() => setEditing(null)} />}
      {importing && data && <ImportFrameworkDialog contextid={data.pagecontextid} s={s} onClose={() => setImporting(false)} />}
    </Page>
  );
}
