import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, GridList, GridListItem, Menu, MenuItem, MenuTrigger, Popover, useDragAndDrop } from 'react-aria-components';
import { Link } from 'react-router';
import { FEEDBACK_ITEM_TYPES, modFeedbackDeleteItem, modFeedbackGetFeedbackAccessInformation, modFeedbackGetItems, modFeedbackMoveItem, type FeedbackItem, type FeedbackItemType } from '../../../api/feedback';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { moveButtonId, refocusMoveButton, type MoveDirection } from '../../platform/moveButtons';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { FeedbackPage, WithFeedback, type FeedbackScreen } from './FeedbackPage';
import { ItemDialog } from './ItemDialog';
import { itemSummary } from './ItemPreview';
import { FEEDBACK_STRINGS } from './strings';
import { TemplatesPanel } from './TemplatesPanel';

/** `/mod/feedback/edit.php?id=<cmid>`: the questions in order, to add, edit, move and delete; and templates. */
export function FeedbackEdit() {
  return <WithFeedback>{(screen) => <EditItems {...screen} />}</WithFeedback>;
}

type Editing = { typ: FeedbackItemType; item?: FeedbackItem } | null;

function EditItems({ cm, feedback, access }: FeedbackScreen) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const e = useStrings('error', ['nopermissions']);
  const client = useQueryClient();
  const args = { feedbackid: feedback.id };
  const items = useWsQuery(modFeedbackGetItems, args, { enabled: access.canedititems });
  const refresh = [modFeedbackGetItems, modFeedbackGetFeedbackAccessInformation] as const;
  const move = useWsMutation(modFeedbackMoveItem, refresh);
  const remove = useWsMutation(modFeedbackDeleteItem, refresh);
  const [editing, setEditing] = useState<Editing>(null);
  const list = items.data?.items ?? [];

  const setList = (next: FeedbackItem[]) => client.setQueryData<ResultOf<typeof modFeedbackGetItems>>([modFeedbackGetItems.name, args], (old) => (old ? { ...old, items: next } : old));
  /** Moves by drag or by button; after a button, focus stays on the moved item's buttons. */
  const moveTo = (item: FeedbackItem, position: number, focus?: MoveDirection) => {
    if (position < 1 || position > list.length || position === item.position) return;
    // The list changes at once; the server's answer (renumbered) replaces it.
    const next = list.filter((i) => i.id !== item.id);
    next.splice(position - 1, 0, item);
    setList(next.map((i, index) => ({ ...i, position: index + 1 })));
    if (focus) refocusMoveButton('fbitem', item.id, focus);
    move.mutate(
      { feedbackid: feedback.id, itemid: item.id, position },
      {
        onSuccess: (answer) => {
          setList(answer.items);
          announce(s('itemmoved', { name: itemSummary(item, s).title, position }));
        },
      },
    );
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      const dragged = list.find((i) => event.keys.has(i.id));
      const target = list.find((i) => i.id === event.target.key);
      if (!dragged || !target) return;
      const targetIndex = target.position;
      const position = event.target.dropPosition === 'before' ? (dragged.position < targetIndex ? targetIndex - 1 : targetIndex) : dragged.position < targetIndex ? targetIndex : targetIndex + 1;
      moveTo(dragged, position);
    },
  });
  const askDelete = async (item: FeedbackItem) => {
    const name = itemSummary(item, s).title;
    const yes = await confirmDialog({ title: s('deletequestion'), message: s('confirmdeleteitem', name), confirmLabel: s('deletequestion'), cancelLabel: s('cancel'), destructive: true });
    if (!yes) return;
    remove.mutate(
      { feedbackid: feedback.id, itemid: item.id },
      {
        onSuccess: (answer) => {
          setList(answer.items);
          void addNotification({ message: s('itemdeleted'), type: 'success' });
        },
      },
    );
  };

  if (!access.canedititems) return <ErrorPage message={e('nopermissions', s('editquestions'))} />;
  const addMenu = (
    <MenuTrigger>
      <Button className="btn btn-primary">{s('additem')}</Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={s('additem')} onAction={(key) => setEditing({ typ: key as FeedbackItemType })}>
          {FEEDBACK_ITEM_TYPES.map((typ) => (
            <MenuItem key={typ} id={typ} className="menu-item">
              {s(`typ_${typ}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
  return (
    <FeedbackPage cm={cm} subpage={s('editquestions')} actions={addMenu}>
      {items.isPending ? (
        <Loading />
      ) : (
        <GridList
          aria-label={s('editquestions')}
          className="feedback-items"
          items={list}
          dragAndDropHooks={dragAndDropHooks}
          renderEmptyState={() => <p className="feedback-empty">{s('noitems_edit')}</p>}
        >
          {(item) => {
            const { title, detail } = itemSummary(item, s);
            const isBreak = item.typ === 'pagebreak';
            return (
              <GridListItem id={item.id} textValue={title} className={`feedback-item${isBreak ? ' feedback-item-break' : ''}`}>
                <Button slot="drag" className="feedback-drag" aria-label={s('dragitem', title)}>
                  <span aria-hidden="true">⠿</span>
                </Button>
                <span className="feedback-item-number" aria-hidden="true">
                  {item.itemnumber ? `${item.itemnumber}.` : ''}
                </span>
                <span className="feedback-item-text">
                  <span className="feedback-item-title">
                    {title}
                    {item.required && (
                      <span className="feedback-required" aria-label={s('requiredshort')}>
                        {' '}
                        *
                      </span>
                    )}
                  </span>
                  {!isBreak && <span className="feedback-item-detail muted small">{detail}</span>}
                </span>
                <span className="feedback-item-actions">
                  <Button
                    id={moveButtonId('fbitem', item.id, 'up')}
                    className="btn btn-link"
                    isDisabled={item.position === 1}
                    onPress={() => moveTo(item, item.position - 1, 'up')}
                    aria-label={`${s('moveup')}: ${title}`}
                  >
                    ↑
                  </Button>
                  <Button
                    id={moveButtonId('fbitem', item.id, 'down')}
                    className="btn btn-link"
                    isDisabled={item.position === list.length}
                    onPress={() => moveTo(item, item.position + 1, 'down')}
                    aria-label={`${s('movedown')}: ${title}`}
                  >
                    ↓
                  </Button>
                  {!isBreak && (
                    <Button className="btn btn-secondary" onPress={() => setEditing({ typ: item.typ as FeedbackItemType, item })} aria-label={`${s('edititem')}: ${title}`}>
                      {s('edititem')}
                    </Button>
                  )}
                  <Button className="btn btn-secondary feedback-delete" onPress={() => void askDelete(item)} aria-label={`${s('deleteitem')}: ${title}`}>
                    {s('deleteitem')}
                  </Button>
                </span>
              </GridListItem>
            );
          }}
        </GridList>
      )}
      <p className="feedback-edit-links">
        <Link to={relativeUrl('/mod/feedback/view.php', { id: cm.id })}>{s('backtofeedback')}</Link>
      </p>
      <TemplatesPanel feedbackid={feedback.id} itemcount={list.length} onUsed={(next) => setList(next)} />
      {editing && (
        <ItemDialog
          feedbackid={feedback.id}
          typ={editing.typ}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void addNotification({ message: s('itemsaved'), type: 'success' });
          }}
        />
      )}
    </FeedbackPage>
  );
}
