import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toolLpDataForPlansPage, type Plan } from '../../../api/plans';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { formatDate } from '../../platform/intl';
import { EmptyState, ListTable } from '../../platform/ListTable';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { PlanForm } from './PlanForm';
import { PLAN_STRINGS } from './planStrings';
import { RowMenu } from './RowMenu';
import { usePlanActions } from './usePlanActions';
import './competency.css';
import './plans.css';

/** A plan's status as a coloured label. */
export function PlanStatus({ plan }: { plan: Pick<Plan, 'status' | 'statusname'> }) {
  return <span className={`plan-status plan-status-${plan.status}`}>{plan.statusname}</span>;
}

/** `/admin/tool/lp/plans.php?userid=…`: a user's learning plans (mine by default), with what each plan's status allows. */
export function PlansPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userid = Number(params.get('userid')) || config().userid;
  const page = useWsQuery(toolLpDataForPlansPage, { userid }, { meta: { quiet: true } });
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const { actionsFor } = usePlanActions(s, { onEdit: (plan) => setEditing(plan) });
  if (page.error) return <ErrorPage message={page.error.message} />;
  const data = page.data;
  const own = userid === config().userid;

  return (
    <Page
      title={data && !own ? s('learningplansof', data.user.fullname) : s('learningplans')}
      breadcrumb={data && !own ? [{ label: data.user.fullname, to: relativeUrl('/user/profile.php', { id: userid }) }] : []}
      actions={
        data && (
          <>
            {data.canreaduserevidence && (
              <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/user_evidence_list.php', { userid })}>
                {s('userevidence')}
              </Link>
            )}
            {data.canmanageuserplans && (
              <Button className="btn btn-primary" onPress={() => setEditing('new')}>
                {s('addplan')}
              </Button>
            )}
          </>
        )
      }
    >
      {!data ? (
        <Loading />
      ) : data.plans.length === 0 ? (
        <EmptyState title={s('noplans')} description={data.canmanageuserplans ? s('noplansmanage') : s('noplansdesc')} />
      ) : (
        <ListTable columns={[s('planname'), s('status'), s('template'), s('duedate')]} actionsLabel={s('actions')}>
          {data.plans.map((plan) => {
            const actions = actionsFor(plan);
            return (
              <tr key={plan.id}>
                <th scope="row">
                  <Link to={relativeUrl('/admin/tool/lp/plan.php', { id: plan.id })}>{plan.name}</Link>
                </th>
                <td>
                  <PlanStatus plan={plan} />
                  {plan.reviewer && <span className="muted small"> {s('reviewer', plan.reviewer.fullname)}</span>}
                </td>
                <td>{plan.template?.shortname ?? '-'}</td>
                <td>{formatDate(plan.duedate, '-')}</td>
                <td className="row-actions">{actions.length > 0 && <RowMenu label={s('actionsfor', plan.name)} items={actions} />}</td>
              </tr>
            );
          })}
        </ListTable>
      )}
      {editing && <PlanForm plan={editing === 'new' ? undefined : editing} userid={userid} s={s} onClose={() => setEditing(null)} onCreated={(plan) => void navigate(relativeUrl('/admin/tool/lp/plan.php', { id: plan.id }))} />}
    </Page>
  );
}
