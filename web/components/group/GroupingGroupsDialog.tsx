import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import type { coreGroupGetCourseGroups } from '../../../api/group';
import { coreGroupAssignGrouping, coreGroupGetCourseGroupings, coreGroupGetGroupings, coreGroupUnassignGrouping } from '../../../api/grouping';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

type Group = ResultOf<typeof coreGroupGetCourseGroups>[number];

interface GroupingGroupsProps {
  courseid: number;
  grouping: { id: number; name: string };
  /** Ids of the groups in the grouping now. */
  current: readonly number[];
  /** Every group of the course (undefined while they load). */
  groups: readonly Group[] | undefined;
  onClose: () => void;
}

/** Ticks the groups that belong to a grouping: saving puts the newly ticked in and takes the unticked out. */
export function GroupingGroupsDialog({ courseid, grouping, current, groups, onClose }: GroupingGroupsProps) {
  const s = useStrings('core_group', ['managegroupinggroupsof', 'managegroupinggroupshelp', 'nogroupstoassign', 'groups', 'save', 'cancel', 'groupingmembership', 'membercount', 'onemember']);
  const refreshed = [coreGroupGetCourseGroupings, coreGroupGetGroupings];
  const assign = useWsMutation(coreGroupAssignGrouping, refreshed);
  const unassign = useWsMutation(coreGroupUnassignGrouping, refreshed);
  const [picked, setPicked] = useState<Set<number>>(() => new Set(current));
  const busy = assign.isPending || unassign.isPending;
  const count = (n: number) => (n === 1 ? s('onemember') : s('membercount', n));

  async function save() {
    const adding = [...picked].filter((id) => !current.includes(id));
    const removing = current.filter((id) => !picked.has(id));
    try {
      if (adding.length) await assign.mutateAsync({ assignments: adding.map((groupid) => ({ groupingid: grouping.id, groupid })) });
      if (removing.length) await unassign.mutateAsync({ unassignments: removing.map((groupid) => ({ groupingid: grouping.id, groupid })) });
    } catch {
      // The exception dialogue has already told the user; the dialogue stays open to try again.
      return;
    }
    void addNotification({ message: s('groupingmembership'), type: 'success' });
    onClose();
  }

  return (
    <ModalDialog
      isOpen
      title={s('managegroupinggroupsof', grouping.name)}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          {groups && groups.length > 0 && (
            <PendingButton isPending={busy} className="btn btn-primary" onPress={() => void save()}>
              {s('save')}
            </PendingButton>
          )}
        </>
      }
    >
      {!groups ? (
        <Loading />
      ) : groups.length === 0 ? (
        <p className="empty-state">
          {s('nogroupstoassign')} <Link to={relativeUrl('/group/index.php', { id: courseid })}>{s('groups')}</Link>
        </p>
      ) : (
        <fieldset className="people pick-list grouping-pick">
          <legend className="field-help">{s('managegroupinggroupshelp')}</legend>
          {groups.map((group) => (
            <label key={group.id}>
              <input
                type="checkbox"
                checked={picked.has(group.id)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if (e.target.checked) next.add(group.id);
                  else next.delete(group.id);
                  setPicked(next);
                }}
              />
              <span className="group-name">{group.name}</span>
              <span className="muted small">{count(group.membercount)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </ModalDialog>
  );
}
