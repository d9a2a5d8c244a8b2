import { useRef, useState, type ReactNode } from 'react';
import { Button, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import type { CompetencyPath } from '../../../api/competencyshapes';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { moveButtonId, refocusMoveButton, type MoveDirection } from '../../platform/moveButtons';
import type { StringLookup } from '../../platform/useStrings';

/** A competency as lists of linked competencies (course, template, plan) show it. */
export interface LinkedItem {
  competency: { id: number; shortname: string; idnumber: string };
  comppath: CompetencyPath;
}

/** "Framework › Domain › Competency" of the ancestors, for the line under a name. */
export function pathText(path: CompetencyPath): string {
  return [path.framework.name, ...path.ancestors.map((a) => a.name)].join(' › ');
}

/** The items in the order of `ids`; any not in it (added meanwhile) after them. */
function inOrder<T extends LinkedItem>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((i) => [i.competency.id, i]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return [...ordered, ...items.filter((i) => !ids.includes(i.competency.id))];
}

interface LinkedListProps<T extends LinkedItem> {
  label: string;
  items: readonly T[];
  /** Whether the caller may reorder and unlink. */
  canManage: boolean;
  /** Moves `from` to the place of `to` (the server's reorder); settles once the list has the server's answer. */
  onReorder: (fromId: number, toId: number) => Promise<unknown>;
  onRemove: (item: T) => void;
  /** The question asked before unlinking, naming the competency. */
  removeQuestion: (item: T) => { title: string; message: string; confirmLabel: string };
  /** The competency's name: plain, or a link. */
  renderName?: (item: T) => ReactNode;
  /** More cells of a row: ratings, an outcome select, activities. */
  renderExtra?: (item: T) => ReactNode;
  empty: ReactNode;
  s: StringLookup;
}

/**
 * The competencies linked to a course, template or plan, in their order: reordered by dragging a row's
 * handle (also by keyboard: Enter on the handle, arrows, Enter) or with its up and down buttons, and
 * unlinked after a confirmation. The new order shows at once; each move is announced.
 */
export function LinkedCompetencyList<T extends LinkedItem>({ label, items, canManage, onReorder, onRemove, removeQuestion, renderName, renderExtra, empty, s }: LinkedListProps<T>) {
  // The order shown until the server has answered the last move (a list refetched meanwhile, for
  // another reason, may not have the moves yet); then the server's order again.
  const [moved, setMoved] = useState<number[] | null>(null);
  const lastMove = useRef(0);
  const shown = moved ? inOrder(items, moved) : items;

  /** Moves by drag or by button; after a button, focus stays on the moved item's buttons. */
  const moveTo = (item: T, index: number, focus?: MoveDirection) => {
    const from = shown.indexOf(item);
    const to = shown[index];
    if (from < 0 || !to || index === from) return;
    const next = shown.filter((i) => i !== item);
    next.splice(index, 0, item);
    setMoved(next.map((i) => i.competency.id));
    announce(s('competencymovedto', { name: item.competency.shortname, position: index + 1 }));
    const move = ++lastMove.current;
    // A refusal shows the exception dialogue (the mutation cache does it); the server's order returns.
    void onReorder(item.competency.id, to.competency.id)
      .catch(() => undefined)
      .finally(() => move === lastMove.current && setMoved(null));
    if (focus) refocusMoveButton('linked', item.competency.id, focus);
  };

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      const dragged = shown.find((i) => event.keys.has(i.competency.id));
      const target = shown.find((i) => i.competency.id === event.target.key);
      if (!dragged || !target) return;
      const rest = shown.filter((i) => i !== dragged);
      const index = rest.indexOf(target) + (event.target.dropPosition === 'after' ? 1 : 0);
      moveTo(dragged, index);
    },
    isDisabled: !canManage,
  });

  const askRemove = async (item: T) => {
    const question = removeQuestion(item);
    if (await confirmDialog({ ...question, cancelLabel: s('cancel'), destructive: true })) onRemove(item);
  };

  // The rows are drawn again when the order changes (dependencies): their buttons act on their place.
  return (
    <GridList aria-label={label} className="linked-list" items={shown} dependencies={[shown]} dragAndDropHooks={dragAndDropHooks} renderEmptyState={() => <div className="linked-empty">{empty}</div>}>
      {(item) => {
        const index = shown.indexOf(item);
        const name = item.competency.shortname;
        return (
          <GridListItem id={item.competency.id} textValue={name} className="linked-item">
            {canManage && (
              <Button slot="drag" className="linked-drag" aria-label={s('dragcompetency', name)}>
                <span aria-hidden="true">⠿</span>
              </Button>
            )}
            <span className="linked-text">
              <span className="linked-name">
                {renderName ? renderName(item) : name} <span className="muted small">{item.competency.idnumber}</span>
              </span>
              <span className="linked-path muted small">{pathText(item.comppath)}</span>
            </span>
            {canManage && (
              <span className="linked-actions">
                <Button id={moveButtonId('linked', item.competency.id, 'up')} className="btn btn-link" isDisabled={index === 0} onPress={() => moveTo(item, index - 1, 'up')} aria-label={s('moveupnamed', name)}>
                  ↑
                </Button>
                <Button
                  id={moveButtonId('linked', item.competency.id, 'down')}
                  className="btn btn-link"
                  isDisabled={index === shown.length - 1}
                  onPress={() => moveTo(item, index + 1, 'down')}
                  aria-label={s('movedownnamed', name)}
                >
                  ↓
                </Button>
                <Button className="btn btn-secondary btn-small" onPress={() => void askRemove(item)} aria-label={s('unlinknamed', name)}>
                  {s('unlink')}
                </Button>
              </span>
            )}
            {renderExtra && <span className="linked-extra">{renderExtra(item)}</span>}
          </GridListItem>
        );
      }}
    </GridList>
  );
}
