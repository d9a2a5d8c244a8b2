import { useState } from 'react';
import { Button } from 'react-aria-components';
import { coreCohortAddCohortMembers, coreCohortListCohorts } from '../../../api/cohort';
import { ModalDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

/** Adds the chosen users to a cohort the caller may assign to; a bulk action of the user list. */
export function AddToCohort({ userids, onClose }: { userids: readonly number[]; onClose: (added: boolean) => void }) {
  const s = useStrings('core_cohort', ['addtocohort', 'choosecohort', 'nocohortsassign', 'addtocohortbutton', 'addtocohortdone', 'cancel']);
  const cohorts = useWsQuery(coreCohortListCohorts, { contextid: 0, search: '', page: 0, perpage: 500 });
  const add = useWsMutation(coreCohortAddCohortMembers, [coreCohortListCohorts]);
  const assignable = (cohorts.data?.cohorts ?? []).filter((c) => c.canassign);
  const [cohortid, setCohortid] = useState(0);
  const chosen = cohortid || assignable[0]?.id || 0;
  return (
    <ModalDialog
      isOpen
      title={s('addtocohort')}
      onClose={() => onClose(false)}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={() => onClose(false)}>
            {s('cancel')}
          </Button>
          <PendingButton
            isPending={add.isPending}
            className="btn btn-primary"
            isDisabled={!chosen}
            onPress={() =>
              add.mutate(
                { members: userids.map((id) => ({ cohorttype: { type: 'id' as const, value: chosen }, usertype: { type: 'id' as const, value: id } })) },
                {
                  onSuccess: (answer) => {
                    void addNotification({ message: s('addtocohortdone', answer.added), type: 'success' });
                    onClose(true);
                  },
                },
              )
            }
          >
            {s('addtocohortbutton', userids.length)}
          </PendingButton>
        </>
      }
    >
      {cohorts.data && assignable.length === 0 ? (
        <p className="muted">{s('nocohortsassign')}</p>
      ) : (
        <div className="field">
          <label htmlFor="add-to-cohort">{s('choosecohort')}</label>
          <select id="add-to-cohort" value={chosen} onChange={(e) => setCohortid(Number(e.target.value))}>
            {assignable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.contextname})
              </option>
            ))}
          </select>
        </div>
      )}
    </ModalDialog>
  );
}
