import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { modLtiDeleteToolType, modLtiGetToolTypes, modLtiUpdateToolType, type ToolTypeCard } from '../../../api/lti';
import { call } from '../../platform/ajax';
import { confirmDialog } from '../../platform/dialogs';
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

/** One site tool: name and description edited in place, its state, activation (with agreement) and deletion. */
export function ToolCard({ card: loaded, s }: { card: ToolTypeCard; s: StringLookup }) {
  const [card, setCard] = useState(loaded);
  const [agreeing, setAgreeing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { status, loading, run } = useCardState();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [modLtiGetToolTypes.name] });
  // A card without a type id is never changed (spec §5).
  const usable = Boolean(card.id);

  const update = (changes: { name?: string; description?: string; state?: number }) => {
    if (!usable || loading) return;
    setDeleting(false);
    void run(() => call(modLtiUpdateToolType, { id: card.id, ...changes })).then((updated) => {
      if (updated) setCard(updated);
    });
  };

  const remove = async () => {
    if (!usable || loading) return;
    const sure = await confirmDialog({ title: s('delete'), message: `${s('deletetool', card.name)} ${s('deletetoolconsequence')}`, confirmLabel: s('deletetoolbutton'), destructive: true });
    if (!sure) return;
    setDeleting(true);
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
    else update({ state: 1 });
  };

  return (
    <CardFrame status={status} s={s} icon={card.urls.icon} label={card.name} stateText={card.state.text} pending={card.state.pending} deleting={deleting}>
      <EditableText value={card.name} label={s('editname', card.name)} className="lti-card-name" disabled={!usable} onSave={(name) => name.trim() && update({ name })} />
      <EditableText value={card.description} label={s('editdescriptionof', card.name)} multiline className="lti-card-description" disabled={!usable} onSave={(description) => description.trim() && update({ description })} />
      {card.instancecount > 0 && <p className="lti-card-meta">{s('usedin', card.instancecount)}</p>}
      {agreeing ? (
        <Agreement
          card={card}
          s={s}
          onAgree={() => {
            setAgreeing(false);
            update({ state: 1 });
          }}
          onDecline={() => setAgreeing(false)}
        />
      ) : (
        <div className="lti-card-actions">
          {card.state.pending && (
            <Button className="btn btn-primary" onPress={activate} isDisabled={loading}>
              {s('activate')}
            </Button>
          )}
          <Link className="btn btn-secondary" to={card.urls.edit} aria-label={`${s('edit')} ${card.name}`}>
            {s('edit')}
          </Link>
          <Button className="btn btn-danger" onPress={() => void remove()} isDisabled={loading} aria-label={`${s('delete')} ${card.name}`}>
            {s('delete')}
          </Button>
        </div>
      )}
    </CardFrame>
  );
}
