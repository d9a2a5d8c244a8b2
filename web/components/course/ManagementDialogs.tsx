import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { ModalDialog } from '../../platform/dialogs';
import { PendingButton } from '../../platform/PendingButton';
import { useStrings } from '../../platform/useStrings';

interface Option {
  id: number;
  label: string;
}

interface MoveDialogProps {
  title: string;
  /** Label of the target select, naming what moves. */
  label: string;
  options: Option[];
  initial: number;
  busy: boolean;
  onMove: (target: number) => void;
  onClose: () => void;
}

/** Asks where to move a category or a course. */
export function MoveDialog({ title, label, options, initial, busy, onMove, onClose }: MoveDialogProps) {
  const s = useStrings('core_course', ['move', 'cancel']);
  const [target, setTarget] = useState(initial);
  return (
    <ModalDialog
      isOpen
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={busy} className="btn btn-primary" onPress={() => onMove(target)}>
            {s('move')}
          </PendingButton>
        </>
      }
    >
      <div className="field">
        <label htmlFor="move-target">{label}</label>
        <select id="move-target" value={target} onChange={(e) => setTarget(Number(e.target.value))} autoFocus>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </ModalDialog>
  );
}

interface DeleteCategoryDialogProps {
  name: string;
  /** Whether the category holds courses or subcategories. */
  hasContents: boolean;
  /** Where the contents may go (not the category itself or anything below it). */
  targets: Option[];
  busy: boolean;
  onDelete: (choice: { recursive: boolean; newparent?: number }) => void;
  onClose: () => void;
}

/** Deleting a category asks where its courses and subcategories go, or whether they go too. */
export function DeleteCategoryDialog({ name, hasContents, targets, busy, onDelete, onClose }: DeleteCategoryDialogProps) {
  const s = useStrings('core_course', ['deletecategory', 'deletecategoryintro', 'movecontentsto', 'movecontentstarget', 'deleteallcontents', 'deletecategorynamed', 'deleteemptycategory', 'cancel']);
  const [mode, setMode] = useState<'move' | 'delete'>(targets.length ? 'move' : 'delete');
  const [target, setTarget] = useState(targets[0]?.id ?? 0);
  const confirm = () => onDelete(hasContents && mode === 'move' ? { recursive: false, newparent: target } : { recursive: hasContents });
  return (
    <ModalDialog
      isOpen
      role="alertdialog"
      title={s('deletecategory')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={busy} className="btn btn-danger" onPress={confirm}>
            {s('deletecategorynamed', name)}
          </PendingButton>
        </>
      }
    >
      {hasContents ? (
        <div className="form-stack">
          <RadioGroup className="radio-group" value={mode} onChange={(v) => setMode(v === 'delete' ? 'delete' : 'move')}>
            <Label className="field-label">{s('deletecategoryintro', name)}</Label>
            {targets.length > 0 && (
              <Radio className="radio" value="move">
                {s('movecontentsto')}
              </Radio>
            )}
            <Radio className="radio" value="delete">
              {s('deleteallcontents')}
            </Radio>
          </RadioGroup>
          {mode === 'move' && targets.length > 0 && (
            <div className="field">
              <label htmlFor="delete-target">{s('movecontentstarget')}</label>
              <select id="delete-target" value={target} onChange={(e) => setTarget(Number(e.target.value))}>
                {targets.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      ) : (
        <p>{s('deleteemptycategory', name)}</p>
      )}
    </ModalDialog>
  );
}
