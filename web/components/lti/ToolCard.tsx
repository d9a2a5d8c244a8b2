import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { modLtiDeleteToolType, modLtiGetToolTypes, modLtiUpdateToolType, type ToolTypeCard } from '../../../api/lti';
import { call } from '../../platform/ajax';
import { confirmDialog } from '../../platform/dialogs';
import { PendingButton, useAnnouncePending } from '../../platform/PendingButton';
import type { StringLookup } from '../../platform/useStrings';
import { useQueryClient } from '@tanstack/react-query';
import { CardFrame } from './CardFrame';
import { EditableText } from './EditableText';
import { useCardState } from './useCardState';

/** The agreement panel of a pending tool that asks for data: agreeing activates it, declining only hides the panel. */
function Agreement({ card, s, onAgree, onDecline }: { card: ToolTypeCard; s: StringLookup; onAgree: () => void; onDecline: () => void }) {
  return (
    <div className="lti-agreement" role="group" aria-label={s('capabilitiesrequired')}>
      <p>{s('capabilitiesrequired')}</p>
      <ul>
        {card.capabilitygroups.map((group) => (
          <li key={group}>{group}</li>
        ))}
      </ul>
      <div className="lti-card-actions">
        <Button className="btn btn-primary" onPress={onAgree} autoFocus>
          {s('agree')}
        </Button>
        <Button className="btn btn-secondary" onPress={onDecline}>
          {s('decline')}
        </Button>
      </div>
    </div>
  );
}

/** What a tool card does: a name or description edited in place, activation, or deletion. */
type CardAction = 'edit' | 'activate' | 'delete';

/**
 * One site tool: name and description edited in place, its state, activation (with agreement) and
 * deletion. The button of an action under way shows it and keeps the focus; an edit in place (whose
 * field the focus has left) is announced by the card.
 */
export function ToolCard({ card: loaded, s }: { card: ToolTypeCard; s: StringLookup }) {
  const [card, setCard] = useState(loaded);
  const [agreeing, setAgreeing] = useState(false);
  /** The last action, whose outcome the card shows. */
  const [action, setAction] = useState<CardAction | null>(null);
  const { status, loading, run } = useCardState();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [modLtiGetToolTypes.name] });
  const activateButton = useRef<HTMLButtonElement>(null);
  const editLink = useRef<HTMLAnchorElement>(null);
  /** Where the focus goes once the card shows its actions again: Activate, after the agreement panel closes. */
  const backToActivate = useRef(false);
  // A card without a type id is never changed (spec §5).
  const usable = Boolean(card.id);
  useAnnouncePending(loading && action === 'edit');

  useEffect(() => {
    if (agreeing || !backToActivate.current) return;
    backToActivate.current = false;
    activateButton.current?.focus();
  }, [agreeing]);
  useEffect(() => {
    // Activated, the tool has no Activate button any more: the focus it had goes to the card's Edit link.
    if (action === 'activate' && !card.state.pending && document.activeElement === document.body) editLink.current?.focus();
  }, [action, card.state.pending]);

  const update = (changes: { name?: string; description?: string; state?: number }, via: CardAction = 'edit') => {
    if (!usable || loading) return;
    setAction(via);
    void run(() => call(modLtiUpdateToolType, { id: card.id, ...changes })).then((updated) => {
      if (updated) setCard(updated);
    });
  };

  const remove = async () => {
    if (!usable || loading) return;
    const sure = await confirmDialog({ title: s('delete'), message: `${s('deletetool', card.name)} ${s('deletetoolconsequence')}`, confirmLabel: s('deletetoolbutton'), destructive: true });
    if (!sure) return;
    setAction('delete');
    await run(
      () => call(modLtiDeleteToolType, { id: card.id }),
      (ok) => {
        if (ok) void refresh();
      },
    );
  };

  const activate = () => {
    if (!usable || loading) return;
    if (card.hascapabilitygroups) setAgreeing(true);
    else update({ state: 1 }, 'activate');
  };

  return (
    <CardFrame status={status} s={s} icon={card.urls.icon} label={card.name} stateText={card.state.text} pending={card.state.pending} deleting={action === 'delete'}>
      <EditableText value={card.name} label={s('editname', card.name)} className="lti-card-name" disabled={!usable} onSave={(name) => name.trim() && update({ name })} />
      <EditableText value={card.description} label={s('editdescriptionof', card.name)} multiline className="lti-card-description" disabled={!usable} onSave={(description) => description.trim() && update({ description })} />
      {card.instancecount > 0 && <p className="lti-card-meta">{s('usedin', card.instancecount)}</p>}
      {agreeing ? (
        <Agreement
          card={card}
          s={s}
          onAgree={() => {
            backToActivate.current = true;
            setAgreeing(false);
            update({ state: 1 }, 'activate');
          }}
          onDecline={() => {
            backToActivate.current = true;
            setAgreeing(false);
          }}
        />
      ) : (
        <div className="lti-card-actions">
          {card.state.pending && (
            <PendingButton ref={activateButton} className="btn btn-primary" isPending={loading && action === 'activate'} isDisabled={loading} onPress={activate}>
              {s('activate')}
            </PendingButton>
          )}
          <Link ref={editLink} className="btn btn-secondary" to={card.urls.edit} aria-label={`${s('edit')} ${card.name}`}>
            {s('edit')}
          </Link>
          <PendingButton
            className="btn btn-danger"
            isPending={loading && action === 'delete'}
            pendingKind="working"
            isDisabled={loading}
            onPress={() => void remove()}
            aria-label={`${s('delete')} ${card.name}`}
          >
            {s('delete')}
          </PendingButton>
        </div>
      )}
    </CardFrame>
  );
}
