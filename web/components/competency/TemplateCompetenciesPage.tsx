import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import {
  coreCompetencyAddCompetencyToTemplate,
  coreCompetencyRemoveCompetencyFromTemplate,
  coreCompetencyReorderTemplateCompetency,
  coreCompetencyTemplateViewed,
  toolLpDataForTemplateCompetenciesPage,
  toolLpDataForTemplatesManagePage,
} from '../../../api/plans';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { formatDate } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { CompetencyPicker } from './CompetencyPicker';
import { LinkedCompetencyList } from './LinkedCompetencyList';
import { PLAN_STRINGS } from './planStrings';
import { SummaryDialog } from './SummaryDialog';
import './competency.css';
import './plans.css';

/** `/admin/tool/lp/templatecompetencies.php?templateid=…&pagecontextid=…`: a template's competencies, added with the picker, reordered and unlinked. */
export function TemplateCompetenciesPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const templateid = Number(params.get('templateid')) || 0;
  const pagecontextid = Number(params.get('pagecontextid')) || 0;
  const page = useWsQuery(toolLpDataForTemplateCompetenciesPage, { templateid, pagecontext: { contextid: pagecontextid } }, { meta: { quiet: true } });
  const client = useQueryClient();
  const reorder = useWsMutation(coreCompetencyReorderTemplateCompetency, [toolLpDataForTemplateCompetenciesPage]);
  const remove = useWsMutation(coreCompetencyRemoveCompetencyFromTemplate, [toolLpDataForTemplateCompetenciesPage, toolLpDataForTemplatesManagePage]);
  const [picking, setPicking] = useState(false);
  const [summaryOf, setSummaryOf] = useState(0);
  const loaded = page.data !== undefined;
  useEffect(() => {
    // The view is logged once the template has loaded; a failed log is not the reader's concern.
    if (loaded) call(coreCompetencyTemplateViewed, { id: templateid }).catch(() => undefined);
  }, [loaded, templateid]);
  if (page.error) return <ErrorPage message={page.error.message} />;
  const data = page.data;
  const template = data?.template;

  async function addCompetencies(ids: number[]) {
    setPicking(false);
    try {
      for (const competencyid of ids) await call(coreCompetencyAddCompetencyToTemplate, { templateid, competencyid });
      void addNotification({ message: s('competenciesadded', ids.length), type: 'success' });
    } catch (error) {
      void showException(error);
    }
    await client.invalidateQueries({ queryKey: [toolLpDataForTemplateCompetenciesPage.name] });
  }

  const backUrl = relativeUrl('/admin/tool/lp/learningplans.php', { pagecontextid: data?.pagecontextid ?? pagecontextid });
  return (
    <Page
      title={template ? s('templatecompetenciesof', template.shortname) : s('templatecompetencies')}
      breadcrumb={[{ label: s('templates'), to: backUrl }]}
      actions={
        data && (
          <>
            <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/template_plans.php', { id: templateid, pagecontextid: data.pagecontextid })}>
              {s('cohortsandplans')}
            </Link>
            {data.canmanagetemplatecompetencies && (
              <Button className="btn btn-primary" onPress={() => setPicking(true)}>
                {s('addcompetencies')}
              </Button>
            )}
          </>
        )
      }
    >
      {!data || !template ? (
        <Loading />
      ) : (
        <>
          <section className="card plan-facts" aria-label={s('templatedetails')}>
            {template.description && <p>{htmlToText(template.description)}</p>}
            <dl className="facts-row">
              <div>
                <dt>{s('duedate')}</dt>
                <dd>{formatDate(template.duedate, s('noduedate'))}</dd>
              </div>
              <div>
                <dt>{s('competencies')}</dt>
                <dd>{data.statistics.competencycount}</dd>
              </div>
              <div>
                <dt>{s('plans')}</dt>
                <dd>{s('completedofplans', { completed: data.statistics.completedplancount, total: data.statistics.plancount })}</dd>
              </div>
              <div>
                <dt>{s('linkedtocourses')}</dt>
                <dd>{s('countofcount', { count: data.statistics.linkedcompetencycount, total: data.statistics.competencycount })}</dd>
              </div>
            </dl>
          </section>
          <LinkedCompetencyList
            label={s('templatecompetencies')}
            items={data.competencies}
            canManage={data.canmanagetemplatecompetencies}
            onReorder={(from, to) => reorder.mutateAsync({ templateid, competencyidfrom: from, competencyidto: to })}
            onRemove={(item) => remove.mutate({ templateid, competencyid: item.competency.id }, { onSuccess: () => void addNotification({ message: s('competencyunlinked', item.competency.shortname), type: 'success' }) })}
            removeQuestion={(item) => ({ title: s('unlinkcompetency'), message: s('unlinkfromtemplateconfirm', { competency: item.competency.shortname, template: template.shortname }), confirmLabel: s('unlinkcompetency') })}
            renderName={(item) => (
              <Button className="btn-linklike" onPress={() => setSummaryOf(item.competency.id)}>
                {item.competency.shortname}
              </Button>
            )}
            renderExtra={(item) => <span className="muted small">{s('incourses', item.linkedcoursescount)}</span>}
            empty={
              <>
                <p>
                  <strong>{s('notemplatecompetencies')}</strong>
                </p>
                <p>{s('notemplatecompetenciesdesc')}</p>
              </>
            }
            s={s}
          />
          {picking && (
            <CompetencyPicker pagecontextid={template.contextid} includes="parents" disallowed={data.competencies.map((c) => c.competency.id)} onAdd={(ids) => void addCompetencies(ids)} onClose={() => setPicking(false)} />
          )}
          {summaryOf > 0 && <SummaryDialog competencyid={summaryOf} s={s} onClose={() => setSummaryOf(0)} />}
        </>
      )}
    </Page>
  );
}
