import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { ModalDialog } from '../../platform/dialogs';

export interface ActionChoice {
  value: string;
  label: string;
}

interface ActionSelectorProps {
  title: string;
  message: string;
  choices: readonly ActionChoice[];
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  onConfirm: (value: string) => void;
  onClose: () => void;
}

/** A question answered by choosing one of several actions (radio choices); Confirm is enabled once one is chosen. */
export function ActionSelectorDialog({ title, message, choices, confirmLabel, cancelLabel, destructive = false, onConfirm, onClose }: ActionSelectorProps) {
  const [choice, setChoice] = useState('');
  return (
    <ModalDialog
      isOpen
      role="alertdialog"
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {cancelLabel}
          </Button>
          <Button className={`btn ${destructive ? 'btn-danger' : 'btn-primary'}`} isDisabled={!choice} onPress={() => onConfirm(choice)}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <RadioGroup className="radio-group" value={choice} onChange={setChoice}>
        <Label className="field-label">{message}</Label>
        {choices.map((c) => (
          <Radio key={c.value} className="radio" value={c.value}>
            {c.label}
          </Radio>
        ))}
      </RadioGroup>
    </ModalDialog>
  );
}
