import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { toolLpAddTemplateCohort, toolLpDataForTemplatePlansPage, toolLpDataForTemplatesManagePage, toolLpRemoveTemplateCohort, toolLpSearchCohorts } from '../../../api/plans';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { Autocomplete, type AutocompleteOption } from '../../platform/Autocomplete';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { PLAN_STRINGS } from './planStrings';
import './competency.css';
import './plans.css';

const PER_PAGE = 25;

/** `/admin/tool/lp/template_plans.php?id=…`: the cohorts whose members get a plan from the template, and the plans it has. */
export function TemplatePlansPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const templateid = Number(params.get('id')) || 0;
  const pagecontextid = Number(params.get('pagecontextid')) || 1;
  const [pageNo, setPageNo] = useState(0);
  const page = useWsQuery(toolLpDataForTemplatePlansPage, { templateid, page: pageNo, perpage: PER_PAGE }, { meta: { quiet: true } });
  const add = useWsMutation(toolLpAddTemplateCohort, [toolLpDataForTemplatePlansPage, toolLpDataForTemplatesManagePage]);
  const remove = useWsMutation(toolLpRemoveTemplateCohort, [toolLpDataForTemplatePlansPage, toolLpDataForTemplatesManagePage]);
  const [chosen, setChosen] = useState<AutocompleteOption[]>([]);
  if (page.error) return <ErrorPage message={page.error.message} />;
  const data = page.data;
  const template = data?.template;

  const searchCohorts = async (query: string): Promise<AutocompleteOption[]> => {
    const found = await call(toolLpSearchCohorts, { query, context: { contextid: template?.contextid ?? pagecontextid }, includes: 'parents' });
    return found.cohorts.map((c) => ({ value: String(c.id), label: s('cohortlabel', { name: c.name, count: c.membercount }) }));
  };

  const addCohort = () => {
    const [cohort] = chosen;
    if (!cohort) return;
    add.mutate(
      { templateid, cohortid: Number(cohort.value) },
      {
        onSuccess: ({ plancount }) => {
          setChosen([]);
          void addNotification({ message: s('cohortadded', plancount), type: 'success' });
        },
      },
    );
  };

  const askRemove = async (cohort: { id: number; name: string }) => {
    const yes = await confirmDialog({ title: s('removecohort'), message: s('removecohortconfirm', cohort.name), confirmLabel: s('removecohort'), cancelLabel: s('cancel'), destructive: true });
    if (yes) remove.mutate({ templateid, cohortid: cohort.id });
  };

  return (
    <Page
      title={template ? s('cohortsandplansof', template.shortname) : s('cohortsandplans')}
      breadcrumb={[{ label: s('templates'), to: relativeUrl('/admin/tool/lp/learningplans.php', { pagecontextid }) }]}
      actions={
        <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/templatecompetencies.php', { templateid, pagecontextid })}>
          {s('templatecompetencies')}
        </Link>
      }
    >
      {!data || !template ? (
        <Loading />
      ) : (
        <div className="plan-columns">
          <section className="card" aria-labelledby="cohorts-heading">
            <h2 id="cohorts-heading">{s('cohorts')}</h2>
            <p className="muted small">{s('cohortshelp')}</p>
            {data.canmanage && template.visible && (
              <div className="cohort-add">
                <Autocomplete label={s('searchcohorts')} value={chosen} onChange={setChosen} source={searchCohorts} placeholder={s('searchcohortsplaceholder')} />
                <PendingButton isPending={add.isPending} className="btn btn-primary" isDisabled={chosen.length === 0} onPress={addCohort}>
                  {s('addcohort')}
                </PendingButton>
              </div>
            )}
            {!template.visible && <p className="alert alert-info">{s('templatehiddencohort')}</p>}
            {data.cohorts.length === 0 ? (
              <p className="muted">{s('nocohorts')}</p>
            ) : (
              <ul className="plain-list">
                {data.cohorts.map((c) => (
                  <li key={c.id} className="plain-list-item">
                    <span>
                      {c.name} <span className="muted small">{s('memberscount', c.membercount)}</span>
                    </span>
                    {data.canmanage && (
                      <Button className="btn btn-link danger" onPress={() => void askRemove(c)} aria-label={s('removecohortnamed', c.name)}>
                        {s('remove')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="plans-heading">
            <h2 id="plans-heading">{s('plansfromtemplate', data.plancount)}</h2>
            {data.plans.length === 0 ? (
              <p className="muted">{s('noplansfromtemplate')}</p>
            ) : (
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{s('user')}</th>
                      <th scope="col">{s('status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.plans.map((p) => (
                      <tr key={p.id}>
                        <th scope="row">
                          <Link to={relativeUrl('/admin/tool/lp/plan.php', { id: p.id })}>{p.user.fullname}</Link>
                        </th>
                        <td>
                          <span className={`plan-status plan-status-${p.status}`}>{p.statusname}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager page={pageNo} pages={Math.ceil(data.plancount / PER_PAGE)} onChange={setPageNo} />
          </section>
        </div>
      )}
    </Page>
  );
}
