import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { coreCompetencyDeleteTemplate, coreCompetencyDuplicateTemplate, coreCompetencyTemplateHasRelatedData, toolLpDataForTemplatesManagePage, type Template } from '../../../api/plans';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { confirmDialog } from '../../platform/dialogs';
import { formatDate } from '../../platform/intl';
import { EmptyState, ListTable } from '../../platform/ListTable';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { ActionSelectorDialog } from './ActionSelectorDialog';
import { PLAN_STRINGS } from './planStrings';
import { RowMenu } from './RowMenu';
import { TemplateForm } from './TemplateForm';
import './competency.css';
import './plans.css';

/** `/admin/tool/lp/learningplans.php?pagecontextid=…`: the learning-plan templates of a context, with their actions. */
export function TemplatesPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pagecontextid = Number(params.get('pagecontextid')) || 1;
  const page = useWsQuery(toolLpDataForTemplatesManagePage, { pagecontext: { contextid: pagecontextid } });
  const remove = useWsMutation(coreCompetencyDeleteTemplate, [toolLpDataForTemplatesManagePage]);
  const duplicate = useWsMutation(coreCompetencyDuplicateTemplate, [toolLpDataForTemplatesManagePage]);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const data = page.data;

  const deleted = (template: Template) => () => void addNotification({ message: s('templatedeleted', template.shortname), type: 'success' });

  async function askDelete(template: Template) {
    // With plans, the question is what becomes of them; without, a plain confirmation.
    if (await call(coreCompetencyTemplateHasRelatedData, { id: template.id })) {
      setDeleting(template);
      return;
    }
    const yes = await confirmDialog({ title: s('deletetemplate'), message: s('deletetemplateconfirm', template.shortname), confirmLabel: s('deletetemplate'), cancelLabel: s('cancel'), destructive: true });
    if (yes) remove.mutate({ id: template.id, deleteplans: true }, { onSuccess: deleted(template) });
  }

  const competenciesUrl = (t: Template) => relativeUrl('/admin/tool/lp/templatecompetencies.php', { templateid: t.id, pagecontextid });
  const plansUrl = (t: Template) => relativeUrl('/admin/tool/lp/template_plans.php', { id: t.id, pagecontextid });
  return (
    <Page
      title={s('templates')}
      breadcrumb={[{ label: m('administrationsite'), to: '/admin/' }]}
      actions={
        <>
          <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/competencyframeworks.php', { pagecontextid })}>
            {s('competencyframeworks')}
          </Link>
          {data?.canmanage && (
            <Button className="btn btn-primary" onPress={() => setEditing('new')}>
              {s('addtemplate')}
            </Button>
          )}
        </>
      }
    >
      {!data ? (
        <Loading />
      ) : data.templates.length === 0 ? (
        <EmptyState title={s('notemplates')} description={s('notemplatesdesc')} />
      ) : (
        <ListTable columns={[s('shortname'), s('competencies'), s('plans'), s('cohorts'), s('duedate'), s('context')]} actionsLabel={s('actions')}>
          {data.templates.map((t) => (
            <tr key={t.id}>
              <th scope="row">
                <Link to={competenciesUrl(t)}>{t.shortname}</Link> {!t.visible && <span className="badge badge-muted">{s('hidden')}</span>}
              </th>
              <td>{t.competenciescount}</td>
              <td>
                <Link to={plansUrl(t)}>
                  {t.planscount}
                  <span className="visually-hidden"> — {s('plansoftemplate', t.shortname)}</span>
                </Link>
              </td>
              <td>{t.cohortscount}</td>
              <td>{formatDate(t.duedate, '-')}</td>
              <td>{t.contextnamenoprefix}</td>
              <td className="row-actions">
                <RowMenu
                  label={s('actionsfor', t.shortname)}
                  items={[
                    { id: 'competencies', label: s('templatecompetencies'), onAction: () => void navigate(competenciesUrl(t)) },
                    { id: 'plans', label: s('cohortsandplans'), onAction: () => void navigate(plansUrl(t)) },
                    ...(t.canmanage
                      ? [
                          { id: 'edit', label: s('edit'), onAction: () => setEditing(t) },
                          {
                            id: 'duplicate',
                            label: s('duplicate'),
                            onAction: () => duplicate.mutate({ id: t.id }, { onSuccess: (copy) => void addNotification({ message: s('templateduplicated', copy.shortname), type: 'success' }) }),
                          },
                          { id: 'delete', label: s('delete'), onAction: () => void askDelete(t) },
                        ]
                      : []),
                  ]}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {editing && data && <TemplateForm template={editing === 'new' ? undefined : editing} contextid={data.pagecontextid} s={s} onClose={() => setEditing(null)} />}
      {deleting && (
        <ActionSelectorDialog
          title={s('deletetemplate')}
          message={s('deletetemplatewithplans', { name: deleting.shortname, count: deleting.planscount })}
          choices={[
            { value: 'unlink', label: s('unlinkplanstemplate') },
            { value: 'delete', label: s('deleteplanstemplate') },
          ]}
          confirmLabel={s('deletetemplate')}
          cancelLabel={s('cancel')}
          destructive
          onClose={() => setDeleting(null)}
          onConfirm={(choice) => {
            const template = deleting;
            setDeleting(null);
            remove.mutate({ id: template.id, deleteplans: choice === 'delete' }, { onSuccess: deleted(template) });
          }}
        />
      )}
    </Page>
  );
}
