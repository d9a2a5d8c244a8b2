import { Link, useNavigate, useSearchParams } from 'react-router';
import { toolLpDataForPlanPage } from '../../../api/plans';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { PLAN_STRINGS } from './planStrings';
import { useTargetSummary } from './UserCompetencySummaryDialog';
import { UserCompetencySummaryView } from './UserCompetencySummaryView';
import './competency.css';
import './plans.css';

/**
 * `/admin/tool/lp/user_competency_in_plan.php?userid=…&competencyid=…&planid=…`: one competency of a
 * plan with the owner's rating, review and evidence. The competency selector (and previous / next)
 * reloads the page with the new competency; the page itself never changes it on its own.
 */
export function UserCompetencyInPlanPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userid = Number(params.get('userid')) || config().userid;
  const competencyid = Number(params.get('competencyid')) || 0;
  const planid = Number(params.get('planid')) || 0;
  const plan = useWsQuery(toolLpDataForPlanPage, { planid }, { meta: { quiet: true } });
  const { summary, error } = useTargetSummary({ kind: 'plan', planid, userid, competencyid });
  const failure = plan.error ?? error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!plan.data) return <Loading />;
  const competencies = plan.data.competencies.map((c) => c.competency);
  const index = competencies.findIndex((c) => c.id === competencyid);
  const go = (id: number) => void navigate(relativeUrl('/admin/tool/lp/user_competency_in_plan.php', { userid, competencyid: id, planid }));
  const previous = competencies[index - 1];
  const next = competencies[index + 1];
  const planUrl = relativeUrl('/admin/tool/lp/plan.php', { id: planid });

  return (
    <Page
      title={summary ? summary.competency.competency.shortname : s('usercompetencysummary')}
      breadcrumb={[
        { label: userid === config().userid ? s('learningplans') : s('learningplansof', plan.data.user.fullname), to: relativeUrl('/admin/tool/lp/plans.php', { userid }) },
        { label: plan.data.plan.name, to: planUrl },
      ]}
    >
      <div className="selector-bar">
        <div className="field">
          <label htmlFor="plan-competency-selector">{s('competency')}</label>
          <select id="plan-competency-selector" value={competencyid} onChange={(e) => go(Number(e.target.value))}>
            {index < 0 && <option value={competencyid}>{s('choosecompetency')}</option>}
            {competencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.shortname}
              </option>
            ))}
          </select>
        </div>
        <div className="selector-nav">
          <span className="muted small">{index >= 0 ? s('countofcount', { count: index + 1, total: competencies.length }) : ''}</span>
          {previous && (
            <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/user_competency_in_plan.php', { userid, competencyid: previous.id, planid })}>
              {s('previouscompetency')}
            </Link>
          )}
          {next && (
            <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/user_competency_in_plan.php', { userid, competencyid: next.id, planid })}>
              {s('nextcompetency')}
            </Link>
          )}
        </div>
      </div>
      <section className="card">{summary ? <UserCompetencySummaryView summary={summary} place={{ kind: 'plan', planid }} s={s} /> : <Loading />}</section>
    </Page>
  );
}
