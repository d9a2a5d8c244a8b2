import {
  coreCompetencyApprovePlan,
  coreCompetencyCompletePlan,
  coreCompetencyDeletePlan,
  coreCompetencyPlanCancelReviewRequest,
  coreCompetencyPlanRequestReview,
  coreCompetencyPlanStartReview,
  coreCompetencyPlanStopReview,
  coreCompetencyReopenPlan,
  coreCompetencyUnapprovePlan,
  coreCompetencyUnlinkPlanFromTemplate,
  toolLpDataForPlanPage,
  toolLpDataForPlansPage,
  type Plan,
} from '../../../api/plans';
import { toolLpDataForUserCompetencySummaryInPlan } from '../../../api/usercompetency';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';
import type { RowAction } from './RowMenu';

const AFFECTED = [toolLpDataForPlansPage, toolLpDataForPlanPage, toolLpDataForUserCompetencySummaryInPlan];

/** One plan action: the flag that allows it, the string ids of its menu entry, question and result. */
interface ActionSpec {
  id: string;
  allowed: (plan: Plan) => boolean;
  run: (plan: Plan, onDone: () => void) => void;
  destructive?: boolean;
}

/**
 * The actions a plan's status allows the caller (delete, complete, reopen, unlink from the template,
 * the review steps, approve, unapprove), each asking for confirmation with the plan's name and the
 * consequence, then telling what was done. `onDeleted` runs after a deletion (the plan page leaves).
 */
export function usePlanActions(s: StringLookup, options: { onEdit?: (plan: Plan) => void; onDeleted?: () => void; onLinkedCourses?: (plan: Plan) => void } = {}) {
  const mutations = {
    delete: useWsMutation(coreCompetencyDeletePlan, AFFECTED),
    complete: useWsMutation(coreCompetencyCompletePlan, AFFECTED),
    reopen: useWsMutation(coreCompetencyReopenPlan, AFFECTED),
    unlink: useWsMutation(coreCompetencyUnlinkPlanFromTemplate, AFFECTED),
    requestreview: useWsMutation(coreCompetencyPlanRequestReview, AFFECTED),
    cancelreviewrequest: useWsMutation(coreCompetencyPlanCancelReviewRequest, AFFECTED),
    startreview: useWsMutation(coreCompetencyPlanStartReview, AFFECTED),
    stopreview: useWsMutation(coreCompetencyPlanStopReview, AFFECTED),
    approve: useWsMutation(coreCompetencyApprovePlan, AFFECTED),
    unapprove: useWsMutation(coreCompetencyUnapprovePlan, AFFECTED),
  };
  const byId = (key: keyof typeof mutations, plan: Plan, onDone: () => void) => {
    const done = { onSuccess: onDone };
    // Some actions name their argument planid, the others id (Moodle's names).
    if (key === 'complete' || key === 'reopen' || key === 'unlink') mutations[key].mutate({ planid: plan.id }, done);
    else mutations[key].mutate({ id: plan.id }, done);
  };
  const specs: ActionSpec[] = [
    { id: 'requestreview', allowed: (p) => p.isrequestreviewallowed, run: (p, d) => byId('requestreview', p, d) },
    { id: 'cancelreviewrequest', allowed: (p) => p.iscancelreviewrequestallowed, run: (p, d) => byId('cancelreviewrequest', p, d) },
    { id: 'startreview', allowed: (p) => p.isstartreviewallowed, run: (p, d) => byId('startreview', p, d) },
    { id: 'stopreview', allowed: (p) => p.isstopreviewallowed, run: (p, d) => byId('stopreview', p, d) },
    { id: 'approve', allowed: (p) => p.isapproveallowed, run: (p, d) => byId('approve', p, d) },
    { id: 'unapprove', allowed: (p) => p.isunapproveallowed, run: (p, d) => byId('unapprove', p, d) },
    { id: 'complete', allowed: (p) => p.iscompleteallowed, run: (p, d) => byId('complete', p, d) },
    { id: 'reopen', allowed: (p) => p.isreopenallowed, run: (p, d) => byId('reopen', p, d) },
    { id: 'unlink', allowed: (p) => p.isunlinkallowed, run: (p, d) => byId('unlink', p, d) },
    { id: 'delete', allowed: (p) => p.canmanage, run: (p, d) => byId('delete', p, d), destructive: true },
  ];

  const perform = async (spec: ActionSpec, plan: Plan) => {
    const yes = await confirmDialog({
      title: s(`planaction_${spec.id}`),
      message: s(`planaction_${spec.id}_confirm`, plan.name),
      confirmLabel: s(`planaction_${spec.id}`),
      cancelLabel: s('cancel'),
      destructive: spec.destructive ?? false,
    });
    if (!yes) return;
    spec.run(plan, () => {
      void addNotification({ message: s(`planaction_${spec.id}_done`, plan.name), type: 'success' });
      if (spec.id === 'delete') options.onDeleted?.();
    });
  };

  /** The action under way, if any (its id, as in `actionsFor`). */
  const pending = (Object.keys(mutations) as Array<keyof typeof mutations>).find((key) => mutations[key].isPending) ?? null;
  const busy = pending !== null;

  /** The menu entries for a plan, in a stable order. */
  const actionsFor = (plan: Plan): RowAction[] => [
    ...(options.onEdit && plan.canbeedited ? [{ id: 'edit', label: s('editplan'), onAction: () => options.onEdit?.(plan) }] : []),
    ...specs.filter((spec) => spec.allowed(plan)).map((spec) => ({ id: spec.id, label: s(`planaction_${spec.id}`), onAction: () => void perform(spec, plan) })),
    ...(options.onLinkedCourses ? [{ id: 'linkedcourses', label: s('linkedcourses'), onAction: () => options.onLinkedCourses?.(plan) }] : []),
  ];

  return { actionsFor, busy, pending };
}
