import { COMPLETION_TRACKING_MANUAL, type ActivityCompletionStatus } from '../../../api/completion';
import { PendingButton } from '../../platform/PendingButton';
import { useStrings } from '../../platform/useStrings';
import { useToggleCompletion } from './useCompletion';
import './completion.css';

const isDone = (status: ActivityCompletionStatus) => status.state === 1 || status.state === 2;

/**
 * A learner's completion of one activity: a "Mark as done" / "Done" toggle for manual completion, a
 * "Done" / "To do" badge with the conditions for automatic completion. Nothing when untracked.
 */
export function ActivityCompletion({ status, name }: { status: ActivityCompletionStatus | undefined; name: string }) {
  if (!status?.hascompletion || !status.istrackeduser) return null;
  return status.tracking === COMPLETION_TRACKING_MANUAL ? <ManualToggle status={status} name={name} /> : <AutomaticState status={status} />;
}

function ManualToggle({ status, name }: { status: ActivityCompletionStatus; name: string }) {
  const s = useStrings('core_completion', ['markdone', 'done', 'markdonelabel', 'donelabel']);
  const toggle = useToggleCompletion();
  const done = toggle.isPending && toggle.variables ? Boolean(toggle.variables.completed) : isDone(status);
  return (
    <PendingButton
      className={`btn completion-toggle ${done ? 'is-done' : 'btn-secondary'}`}
      aria-pressed={done}
      aria-label={done ? s('donelabel', name) : s('markdonelabel', name)}
      isPending={toggle.isPending}
      onPress={() => toggle.mutate({ cmid: status.cmid, completed: !done })}
      icon={<span aria-hidden="true">{done ? '✓' : '○'}</span>}
    >
      {done ? s('done') : s('markdone')}
    </PendingButton>
  );
}

function AutomaticState({ status }: { status: ActivityCompletionStatus }) {
  const s = useStrings('core_completion', ['done', 'todo', 'conditiondone', 'conditiontodo', 'conditionslabel', 'overriddenby']);
  const done = isDone(status);
  return (
    <span className="completion-state">
      <span className={`badge completion-badge ${done ? 'is-done' : ''}`}>{done ? s('done') : s('todo')}</span>
      {status.details.length > 0 && (
        <ul className="completion-conditions" aria-label={s('conditionslabel')}>
          {status.details.map((d) => (
            <li key={d.rulename} className={d.rulevalue.status ? 'is-met' : ''}>
              {d.rulevalue.status ? s('conditiondone', d.rulevalue.description) : s('conditiontodo', d.rulevalue.description)}
            </li>
          ))}
        </ul>
      )}
      {status.overrideby !== null && <span className="muted small">{s('overriddenby')}</span>}
    </span>
  );
}
