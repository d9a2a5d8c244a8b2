import { useState, type RefObject } from 'react';
import { modAssignGetGradingPanel } from '../../../../api/assign';
import { Loading } from '../../../app/Page';
import { useWsQuery } from '../../../platform/query';
import type { StringLookup } from '../../../platform/useStrings';
import { GradeForm, type GradeFormHandle } from './GradeForm';
import { ReviewPanel } from './ReviewPanel';

interface GraderPanelsProps {
  assignid: number;
  userid: number;
  s: StringLookup;
  formRef: RefObject<GradeFormHandle | null>;
  onDirtyChange: (dirty: boolean) => void;
  onSavedNext: () => void;
  /** Whether the focus goes to the grade form's first field when it appears. */
  focusForm: boolean;
}

/**
 * One user's review panel (the submission) and grade panel (the form), each scrolling on its own.
 * The form is first filled from a panel read fresh: while a stale copy (fetched ahead some time ago)
 * is being read again, the panel shows progress. Once shown, the form stays, and takes the panel's
 * later readings in place (after a save, or "Reload"): replacing it would drop the keyboard focus.
 */
export function GraderPanels({ assignid, userid, s, formRef, onDirtyChange, onSavedNext, focusForm }: GraderPanelsProps) {
  const panel = useWsQuery(modAssignGetGradingPanel, { assignid, userid }, { staleTime: 30_000, refetchOnReconnect: false, meta: { quiet: true } });
  const fresh = panel.data !== undefined && !(panel.isFetching && panel.isStale);
  const [shown, setShown] = useState(false);
  if (fresh && !shown) setShown(true);
  return (
    <div className="grader-panels">
      <section className="grader-panel grader-review" aria-labelledby="grader-review-heading">
        <h2 id="grader-review-heading" className="grader-panel-heading">
          {s('submission')}
        </h2>
        {panel.error ? (
          <div className="alert alert-error" role="alert">
            <div className="alert-message">{panel.error.message}</div>
          </div>
        ) : panel.data ? (
          <ReviewPanel panel={panel.data} s={s} />
        ) : (
          <Loading />
        )}
      </section>
      <section className="grader-panel grader-grade" aria-labelledby="grader-grade-heading">
        <h2 id="grader-grade-heading" className="grader-panel-heading">
          {s('grade')}
          {panel.data && <span className="grader-panel-user">{panel.data.user.fullname}</span>}
        </h2>
        {panel.data && (shown || fresh) ? (
          <GradeForm ref={formRef} panel={panel.data} s={s} onDirtyChange={onDirtyChange} onSavedNext={onSavedNext} focusOnMount={focusForm} />
        ) : panel.error ? null : (
          <Loading />
        )}
      </section>
    </div>
  );
}
