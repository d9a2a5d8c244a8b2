import { useEffect, useRef } from 'react';
import { coreCompletionGetActivitiesCompletionStatus, coreCompletionGetCourseCompletionStatus } from '../../../api/completion';
import type { MethodContract } from '../../../api/contract';
import { call } from '../../platform/ajax';
import { useQueryClient } from '@tanstack/react-query';
import { useStrings } from '../../platform/useStrings';
import { ActivityCompletion } from './ActivityCompletion';
import { useMyCompletion } from './useCompletion';
import './completion.css';

/** An activity's view method and its arguments (mod_page_view_page {pageid}, …). */
export interface ViewCall {
  contract: MethodContract;
  args: Record<string, number>;
}

/**
 * Logs that the activity was opened (once per visit), which may complete it, then shows the learner's
 * completion conditions for it. Shows nothing when the activity has no completion for them.
 */
export function ModuleCompletion({ courseid, cmid, name, view }: { courseid: number; cmid: number; name: string; view?: ViewCall }) {
  const client = useQueryClient();
  const logged = useRef('');
  const key = view ? `${view.contract.name}:${JSON.stringify(view.args)}` : '';
  useEffect(() => {
    if (!view || logged.current === key) return;
    logged.current = key;
    // A refused view (a guest) only means nothing is logged; the page itself is already allowed.
    void call(view.contract, view.args)
      .then(() => Promise.all([coreCompletionGetActivitiesCompletionStatus, coreCompletionGetCourseCompletionStatus].map((c) => client.invalidateQueries({ queryKey: [c.name] }))))
      .catch(() => undefined);
  }, [client, key, view]);
  const status = useMyCompletion(courseid).get(cmid);
  const s = useStrings('core_completion', ['conditionslabel']);
  if (!status?.hascompletion || !status.istrackeduser) return null;
  return (
    <section className="module-completion" aria-label={s('conditionslabel')}>
      <ActivityCompletion status={status} name={name} />
    </section>
  );
}
