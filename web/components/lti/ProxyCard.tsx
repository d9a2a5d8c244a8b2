import { useQueryClient } from '@tanstack/react-query';
import { modLtiDeleteToolProxy, modLtiGetToolProxies, modLtiGetToolTypes, type ToolProxyCard } from '../../../api/lti';
import { call } from '../../platform/ajax';
import { confirmDialog } from '../../platform/dialogs';
import { PendingButton } from '../../platform/PendingButton';
import type { StringLookup } from '../../platform/useStrings';
import { CardFrame } from './CardFrame';
import { useCardState } from './useCardState';

/** An LTI 2 registration: its name and state, and deletion (with the tools it created). */
export function ProxyCard({ card, s }: { card: ToolProxyCard; s: StringLookup }) {
  const { status, loading, run } = useCardState();
  const client = useQueryClient();
  const remove = async () => {
    if (!card.id || loading) return;
    const sure = await confirmDialog({ title: s('delete'), message: `${s('deleteregistration', card.name)} ${s('deleteregistrationconsequence')}`, confirmLabel: s('deleteregistrationbutton'), destructive: true });
    if (!sure) return;
    await run(
      () => call(modLtiDeleteToolProxy, { id: card.id }),
      (ok) => {
        if (ok) void Promise.all([client.invalidateQueries({ queryKey: [modLtiGetToolProxies.name] }), client.invalidateQueries({ queryKey: [modLtiGetToolTypes.name] })]);
      },
    );
  };
  return (
    <CardFrame status={status} s={s} icon={card.urls.icon} label={card.name} stateText={card.state.text} pending={card.state.pending} deleting>
      <h3 className="lti-card-title">{card.name}</h3>
      <p className="lti-card-meta">{card.description}</p>
      <div className="lti-card-actions">
        <PendingButton className="btn btn-danger" isPending={loading} pendingKind="working" onPress={() => void remove()} aria-label={`${s('delete')} ${card.name}`}>
          {s('delete')}
        </PendingButton>
      </div>
    </CardFrame>
  );
}
