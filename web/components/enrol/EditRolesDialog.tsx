import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { coreEnrolListParticipants } from '../../../api/enrol';
import { coreRoleAssignRoles, coreRoleUnassignRoles } from '../../../api/role';
import { call } from '../../platform/ajax';
import { ModalDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { PendingButton } from '../../platform/PendingButton';
import { useStrings } from '../../platform/useStrings';
import { ENROL_STRINGS } from './strings';

interface EditRolesDialogProps {
  contextid: number;
  user: { id: number; fullname: string; roles: Array<{ id: number }> };
  /** The roles the caller may assign here. */
  assignable: Array<{ id: number; name: string }>;
  onClose: () => void;
}

/** Ticks for the roles the caller may assign; saving assigns the new ticks and removes the cleared ones. */
export function EditRolesDialog({ contextid, user, assignable, onClose }: EditRolesDialogProps) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const client = useQueryClient();
  const held = new Set(user.roles.map((r) => r.id));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(assignable.filter((r) => held.has(r.id)).map((r) => r.id)));
  const [busy, setBusy] = useState(false);

  async function save() {
    const add = assignable.filter((r) => chosen.has(r.id) && !held.has(r.id));
    const remove = assignable.filter((r) => !chosen.has(r.id) && held.has(r.id));
    setBusy(true);
    try {
      if (add.length) await call(coreRoleAssignRoles, { assignments: add.map((r) => ({ roleid: r.id, userid: user.id, contextid })) });
      if (remove.length) await call(coreRoleUnassignRoles, { unassignments: remove.map((r) => ({ roleid: r.id, userid: user.id, contextid })) });
      void addNotification({ message: s('rolessaved', user.fullname), type: 'success' });
      onClose();
    } catch (error) {
      void showException(error);
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: [coreEnrolListParticipants.name] });
    }
  }

  return (
    <ModalDialog
      title={s('editroles', user.fullname)}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton className="btn btn-primary" onPress={() => void save()} isPending={busy}>
            {s('savechanges')}
          </PendingButton>
        </>
      }
    >
      <fieldset className="enrol-roles">
        <legend className="field-label">{s('roles')}</legend>
        {assignable.map((role) => (
          <Checkbox
            key={role.id}
            className="checkbox"
            isSelected={chosen.has(role.id)}
            onChange={(on) => {
              const next = new Set(chosen);
              if (on) next.add(role.id);
              else next.delete(role.id);
              setChosen(next);
            }}
          >
            <span className="checkbox-box" aria-hidden="true" />
            {role.name}
          </Checkbox>
        ))}
      </fieldset>
    </ModalDialog>
  );
}
