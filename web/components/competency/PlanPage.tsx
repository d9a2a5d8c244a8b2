import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CourseSummary } from '../../../api/competencyshapes';
import { coreCompetencyAddCompetencyToPlan, coreCompetencyPlanViewed, coreCompetencyRemoveCompetencyFromPlan, coreCompetencyReorderPlanCompetency, toolLpDataForPlanPage, type Plan } from '../../../api/plans';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { config } from '../../platform/config';
import { ModalDialog, showException } from '../../platform/dialogs';
import { formatDate } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { CompetencyPicker } from './CompetencyPicker';
import { LinkedCompetencyList } from './LinkedCompetencyList';
import { PlanActionBar } from './PlanActionBar';
import { PlanForm } from './PlanForm';
import { PLAN_STRINGS } from './planStrings';
import { PlanStatus } from './PlansPage';
import { usePlanActions } from './usePlanActions';
import { UserCompetencySummaryDialog } from './UserCompetencySummaryDialog';
import './competency.css';
import './plans.css';

/** The courses the plan's competencies are linked to, once each. */
function LinkedCoursesDialog({ courses, s, onClose }: { courses: CourseSummary[]; s: StringLookup; onClose: () => void }) {
  return (
    <ModalDialog isOpen title={s('linkedcourses')} onClose={onClose}>
      {courses.length === 0 ? (
        <p className="muted">{s('nolinkedcourses')}</p>
      ) : (
        <ul>
          {courses.map((c) => (
            <li key={c.id}>
              <Link to={relativeUrl('/course/view.php', { id: c.id })}>{c.fullname}</Link> <span className="muted small">{c.shortname}</span>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}

/** `/admin/tool/lp/plan.php?id=…`: one plan with its status, every action the status allows, and its competencies with the owner's ratings. */
export function PlanPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const planid = Number(params.get('id')) || 0;
  const page = useWsQuery(toolLpDataForPlanPage, { planid }, { meta: { quiet: true } });
  const reorder = useWsMutation(coreCompetencyReorderPlanCompetency, [toolLpDataForPlanPage]);
  const remove = useWsMutation(coreCompetencyRemoveCompetencyFromPlan, [toolLpDataForPlanPage]);
  const [editing, setEditing] = useState<Plan | null>(null);
  const [picking, setPicking] = useState(false);
  const [showCourses, setShowCourses] = useState(false);
  const [summaryOf, setSummaryOf] = useState(0);
  const data = page.data;
  const plansUrl = relativeUrl('/admin/tool/lp/plans.php', { userid: data?.plan.userid ?? config().userid });
  const { actionsFor, pending } = usePlanActions(s, {
    onEdit: setEditing,
    onDeleted: () => void navigate(plansUrl),
    onLinkedCourses: () => setShowCourses(true),
  });
  const loaded = data !== undefined;
  useEffect(() => {
    // The view is logged once the plan has loaded; a failed log is not the reader's concern.
    if (loaded) call(coreCompetencyPlanViewed, { id: planid }).catch(() => undefined);
  }, [loaded, planid]);
  if (page.error) return <ErrorPage message={page.error.message} />;
  if (!data) return <Loading />;
  const { plan, user } = data;

  async function addCompetencies(ids: number[]) {
    setPicking(false);
    try {
      for (const competencyid of ids) await call(coreCompetencyAddCompetencyToPlan, { planid, competencyid });
      void addNotification({ message: s('competenciesadded', ids.length), type: 'success' });
    } catch (error) {
      void showException(error);
    }
    await client.invalidateQueries({ queryKey: [toolLpDataForPlanPage.name] });
  }

  const courses = [...new Map(data.competencies.flatMap((c) => c.linkedcourses).map((c) => [c.id, c])).values()].sort((a, b) => a.fullname.localeCompare(b.fullname));
  const actions = actionsFor(plan);
  const own = plan.userid === config().userid;
  return (
    <Page title={plan.name} breadcrumb={[{ label: own ? s('learningplans') : s('learningplansof', user.fullname), to: plansUrl }]}>
      <section className="card plan-facts" aria-label={s('plandetails')}>
        <div className="plan-facts-head">
          <PlanStatus plan={plan} />
          <PlanActionBar label={s('planactions')} actions={actions} pending={pending} />
        </div>
        {plan.description && <p>{htmlToText(plan.description)}</p>}
        <dl className="facts-row">
          {!own && (
            <div>
              <dt>{s('planowner')}</dt>
              <dd>
                <Link to={relativeUrl('/user/profile.php', { id: user.id })}>{user.fullname}</Link>
              </dd>
            </div>
          )}
          <div>
            <dt>{s('duedate')}</dt>
            <dd>{formatDate(plan.duedate, s('noduedate'))}</dd>
          </div>
          {plan.template && (
            <div>
              <dt>{s('template')}</dt>
              <dd>{plan.template.shortname}</dd>
            </div>
          )}
          {plan.reviewer && (
            <div>
              <dt>{s('reviewerlabel')}</dt>
              <dd>{plan.reviewer.fullname}</dd>
            </div>
          )}
          <div>
            <dt>{s('proficientcompetencies')}</dt>
            <dd>
              {s('countofcount', { count: data.proficientcompetencycount, total: data.competencycount })}
              <progress className="plan-progress" max={100} value={data.proficientcompetencypercentage} aria-label={s('proficientpercent', data.proficientcompetencypercentage)} />
            </dd>
          </div>
        </dl>
      </section>
      <div className="section-head">
        <h2>{s('plancompetencies')}</h2>
        {plan.canbeedited && (
          <Button className="btn btn-primary" onPress={() => setPicking(true)}>
            {s('addcompetencies')}
          </Button>
        )}
      </div>
      {plan.iscompleted && <p className="muted small">{s('plancompletedratings')}</p>}
      <LinkedCompetencyList
        label={s('plancompetencies')}
        items={data.competencies}
        canManage={plan.canbeedited}
        onReorder={(from, to) => reorder.mutateAsync({ planid, competencyidfrom: from, competencyidto: to })}
        onRemove={(item) => remove.mutate({ planid, competencyid: item.competency.id }, { onSuccess: () => void addNotification({ message: s('competencyunlinked', item.competency.shortname), type: 'success' }) })}
        removeQuestion={(item) => ({ title: s('unlinkcompetency'), message: s('unlinkfromplanconfirm', { competency: item.competency.shortname, plan: plan.name }), confirmLabel: s('unlinkcompetency') })}
        renderName={(item) => <Link to={relativeUrl('/admin/tool/lp/user_competency_in_plan.php', { userid: plan.userid, competencyid: item.competency.id, planid })}>{item.competency.shortname}</Link>}
        renderExtra={(item) => {
          const rating = item.usercompetencyplan ?? item.usercompetency;
          return (
            <>
              <span className={`rating-badge${rating?.proficiency ? ' is-proficient' : ''}`}>{rating?.grade ? rating.gradename : s('notrated')}</span>
              {item.usercompetency && !item.usercompetency.isstatusidle && <span className="badge">{item.usercompetency.statusname}</span>}
              <Button className="btn btn-link" onPress={() => setSummaryOf(item.competency.id)} aria-label={s('summaryof', item.competency.shortname)}>
                {s('summary')}
              </Button>
            </>
          );
        }}
        empty={
          <>
            <p>
              <strong>{s('noplancompetencies')}</strong>
            </p>
            <p>{plan.canbeedited ? s('noplancompetenciesmanage') : s('noplancompetenciesdesc')}</p>
          </>
        }
        s={s}
      />
      {picking && <CompetencyPicker pagecontextid={1} includes="self" disallowed={data.competencies.map((c) => c.competency.id)} onAdd={(ids) => void addCompetencies(ids)} onClose={() => setPicking(false)} />}
      {editing && <PlanForm plan={editing} userid={plan.userid} s={s} onClose={() => setEditing(null)} />}
      {showCourses && <LinkedCoursesDialog courses={courses} s={s} onClose={() => setShowCourses(false)} />}
      {summaryOf > 0 && <UserCompetencySummaryDialog target={{ kind: 'plan', planid, userid: plan.userid, competencyid: summaryOf }} s={s} onClose={() => setSummaryOf(0)} />}
    </Page>
  );
}
