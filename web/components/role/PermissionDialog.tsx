import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { PendingButton } from '../../platform/PendingButton';
import { useStrings } from '../../platform/useStrings';
import { PERMISSION_STRINGS } from './permissionStrings';

export interface DialogRole {
  id: number;
  name: string;
}

interface PermissionDialogProps {
  action: 'allow' | 'prohibit';
  capability: { name: string; displayname: string };
  /** The roles the user may override here, in order. */
  roles: readonly DialogRole[];
  /** Roles already in the state the action would set: shown, but not offered. */
  already: ReadonlySet<number>;
  contextLabel: string;
  /** Makes the change; the dialogue closes when it settles. */
  onChoose: (role: DialogRole) => Promise<void>;
  onClose: () => void;
}

/**
 * Allow or prohibit: the roles the user may override in the context, one button each; roles
 * already allowed (or prohibited) are disabled and say so. Choosing a role makes the change.
 */
export function PermissionDialog({ action, capability, roles, already, contextLabel, onChoose, onClose }: PermissionDialogProps) {
  const s = useStrings('core_role', PERMISSION_STRINGS);
  const m = useStrings('moodle', ['cancel']);
  const [working, setWorking] = useState<number | null>(null);
  const choose = async (role: DialogRole) => {
    setWorking(role.id);
    try {
      await onChoose(role);
    } finally {
      setWorking(null);
      onClose();
    }
  };
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && working === null && onClose()}>
      <Modal className="modal permission-modal">
        <Dialog className="modal-dialog">
          <Heading slot="title" className="modal-title">
            {s(action === 'allow' ? 'allowfor' : 'prohibitfor', capability.displayname)}
          </Heading>
          <div className="modal-body">
            <p className="permission-dialog-info">{s(action === 'allow' ? 'allowdialoginfo' : 'prohibitdialoginfo', contextLabel)}</p>
            <p className="muted permission-dialog-cap">
              <code>{capability.name}</code>
            </p>
            <ul className="permission-role-choices">
              {roles.map((role, index) => {
                const done = already.has(role.id);
                return (
                  <li key={role.id}>
                    <PendingButton
                      isPending={working === role.id}
                      className={`btn ${action === 'prohibit' ? 'btn-danger-outline' : 'btn-secondary'} permission-role-choice`}
                      isDisabled={done || working !== null}
                      autoFocus={index === roles.findIndex((r) => !already.has(r.id))}
                      onPress={() => void choose(role)}
                    >
                      <span>{role.name}</span>
                      {done && <span className="permission-role-state">{s(action === 'allow' ? 'rolealready_allow' : 'rolealready_prohibit')}</span>}
                    </PendingButton>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="modal-footer">
            <Button className="btn btn-secondary" onPress={onClose} isDisabled={working !== null}>
              {m('cancel')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
