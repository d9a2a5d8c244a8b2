import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { modAssignGetGradingPanel, modAssignListParticipants, type GradingFilter } from '../../../../api/assign';
import { ErrorPage } from '../../../app/ErrorPage';
import { Loading } from '../../../app/Page';
import { call } from '../../../platform/ajax';
import { config } from '../../../platform/config';
import { useWsQuery } from '../../../platform/query';
import { useUnsavedChanges } from '../../../platform/useUnsavedChanges';
import { useStrings } from '../../../platform/useStrings';
import type { ModuleInfo } from '../../mod/ModuleView';
import type { GradeFormHandle } from './GradeForm';
import { GraderPanels } from './GraderPanels';
import { GraderToolbar } from './GraderToolbar';
import { useGraderLayout } from './layout';
import { meetsFilters, neighbour, parseFilters } from './navigation';
import { GRADER_STRINGS } from './strings';
import { UnsavedDialog, type UnsavedChoice } from './UnsavedDialog';
import { useGraderShortcuts } from './useGraderShortcuts';
import './grader.css';

/** A prefetched panel is used without asking again for this long (moving on feels instant). */
const PANEL_FRESH_MS = 30_000;

/**
 * `/mod/assign/view.php?id=<cmid>&action=grader&userid=<userid>`: the grading screen — a toolbar to
 * move between participants (filtered, wrapping around), the submission on the left and the grading
 * form on the right.
 */
export function GraderPage({ cm }: { cm: ModuleInfo }) {
  const s = useStrings('mod_assign', GRADER_STRINGS);
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const assignid = cm.instance;
  const filters = parseFilters(params.get('filter'));
  const requested = Number(params.get('userid'));
  const list = useWsQuery(modAssignListParticipants, { assignid, onlyids: true }, { meta: { quiet: true } });
  const ids = (list.data ?? []).filter((p) => meetsFilters(p, filters)).map((p) => p.id);
  const userid = Number.isInteger(requested) && requested > 0 ? requested : (ids[0] ?? 0);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState<((choice: UnsavedChoice) => void) | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  /** The user whose grade form takes the focus when it appears: the next one after "Save and show next". */
  const [focusFormOf, setFocusFormOf] = useState<number | null>(null);
  const form = useRef<GradeFormHandle>(null);
  const [layout, setLayout] = useGraderLayout();
  useUnsavedChanges(dirty);

  useEffect(() => {
    document.title = `${cm.name} | ${config().sitename}`;
  }, [cm.name]);

  // Without a user in the address the screen opens at the first of the list, and says so in the address.
  useEffect(() => {
    if (userid > 0 && userid !== requested) {
      setParams(
        (p) => {
          p.set('userid', String(userid));
          return p;
        },
        { replace: true },
      );
    }
  }, [userid, requested, setParams]);

  // The neighbours' panels are fetched ahead, so stepping either way shows them at once.
  const upcoming = neighbour(ids, userid, 1);
  const previous = neighbour(ids, userid, -1);
  useEffect(() => {
    for (const other of new Set([upcoming, previous])) {
      if (other === undefined || other === userid) continue;
      const args = { assignid, userid: other };
      void client.prefetchQuery({ queryKey: [modAssignGetGradingPanel.name, args], queryFn: () => call(modAssignGetGradingPanel, args), staleTime: PANEL_FRESH_MS, meta: { quiet: true } });
    }
  }, [client, assignid, upcoming, previous, userid]);

  const show = (target: number, nextFilters: readonly GradingFilter[] = filters, focusForm = false) => {
    setDirty(false);
    setFocusFormOf(focusForm ? target : null);
    setParams(
      (p) => {
        p.set('userid', String(target));
        if (nextFilters.length > 0) p.set('filter', nextFilters.join(','));
        else p.delete('filter');
        return p;
      },
      { replace: true },
    );
  };

  /** Whether the form's changes are out of the way: saved, dropped, or there were none. */
  const settleChanges = async (): Promise<boolean> => {
    if (!dirty) return true;
    const choice = await new Promise<UnsavedChoice>((resolve) => setAsking(() => resolve));
    setAsking(null);
    if (choice === 'cancel') return false;
    if (choice === 'discard') return true;
    return (await form.current?.save('leave')) ?? false;
  };

  const moveTo = async (target: number | undefined) => {
    if (target === undefined || target === userid) return;
    if (await settleChanges()) show(target);
  };

  const changeFilters = async (next: GradingFilter[]) => {
    const nextIds = (list.data ?? []).filter((p) => meetsFilters(p, next)).map((p) => p.id);
    const target = nextIds.includes(userid) ? userid : (nextIds[0] ?? userid);
    if (target !== userid && !(await settleChanges())) return;
    show(target, next);
  };

  useGraderShortcuts({
    previous: () => void moveTo(neighbour(ids, userid, -1)),
    next: () => void moveTo(neighbour(ids, userid, 1)),
    save: () => void form.current?.save('stay'),
    help: () => setHelpOpen(true),
  });

  const index = ids.indexOf(userid);
  return (
    <div className={`grader grader-layout-${layout}`}>
      <GraderToolbar
        cm={cm}
        s={s}
        userid={userid}
        position={index >= 0 ? { index: index + 1, total: ids.length } : null}
        canStep={ids.length > 0}
        filters={filters}
        layout={layout}
        helpOpen={helpOpen}
        onHelpOpenChange={setHelpOpen}
        onPrevious={() => void moveTo(neighbour(ids, userid, -1))}
        onNext={() => void moveTo(neighbour(ids, userid, 1))}
        onSelect={(id) => void moveTo(id)}
        onFiltersChange={(next) => void changeFilters(next)}
        onLayoutChange={setLayout}
      />
      {list.error ? (
        <div className="grader-message">
          <ErrorPage message={list.error.message} />
        </div>
      ) : list.isPending ? (
        <Loading />
      ) : ids.length === 0 ? (
        <div className="grader-message empty-state" role="status">
          <p>{s('nousers')}</p>
          {filters.length > 0 && (
            <Button className="btn btn-secondary" onPress={() => void changeFilters([])}>
              {s('clearfilters')}
            </Button>
          )}
        </div>
      ) : (
        <GraderPanels
          key={userid}
          assignid={assignid}
          userid={userid}
          s={s}
          formRef={form}
          onDirtyChange={setDirty}
          // The button pressed goes with the user graded: the focus goes on to the next user's first
          // field (their grade, or the guide's first score), where grading them starts.
          onSavedNext={() => {
            const next = neighbour(ids, userid, 1);
            if (next !== undefined) show(next, filters, true);
          }}
          focusForm={focusFormOf === userid}
        />
      )}
      {asking && <UnsavedDialog s={s} onAnswer={asking} />}
    </div>
  );
}
