import { toolLpDataForPlanPage, toolLpDataForPlansPage } from '../../../api/plans';
import { defineMethod } from '../../ws/method';
import { coursesLinkedTo } from './courses';
import { readablePlansOf } from './external-plans';
import { userSummary } from './people';
import { planCompetencyEntriesWithScales } from './plan-competencies';
import { exportPlan, exportPlans, readablePlan } from './plans';

const plansPage = defineMethod(toolLpDataForPlansPage, async (ctx, { userid }) => {
  const { rows, rights } = await readablePlansOf(ctx, userid);
  return {
    userid,
    user: await userSummary(ctx, userid, rights.context),
    plans: await exportPlans(ctx, rows, () => rights),
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    navigation: [],
    canreaduserevidence: rights.viewEvidence,
    canmanageuserplans: rights.managePlans || rights.manageDraftPlans,
  };
});

const planPage = defineMethod(toolLpDataForPlanPage, async (ctx, { planid }) => {
  const { plan, rights } = await readablePlan(ctx, planid);
  const { entries } = await planCompetencyEntriesWithScales(ctx, plan, rights);
  const courses = await coursesLinkedTo(
    ctx,
    entries.map((e) => e.linked.competency.id),
  );
  const proficient = entries.filter((e) => (e.usercompetencyplan ?? e.usercompetency)?.proficiency === true).length;
  return {
    plan: await exportPlan(ctx, plan, rights),
    user: await userSummary(ctx, plan.userid, rights.context),
    contextid: rights.context.id,
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    competencies: entries.map((e) => ({
      ...e.linked,
      ...(e.usercompetency ? { usercompetency: e.usercompetency } : {}),
      ...(e.usercompetencyplan ? { usercompetencyplan: e.usercompetencyplan } : {}),
      linkedcourses: courses.get(e.linked.competency.id) ?? [],
    })),
    competencycount: entries.length,
    proficientcompetencycount: proficient,
    proficientcompetencypercentage: entries.length ? Math.round((proficient / entries.length) * 100) : 0,
    canreaduserevidence: rights.viewEvidence,
  };
});

export const planPageMethods = [plansPage, planPage];
