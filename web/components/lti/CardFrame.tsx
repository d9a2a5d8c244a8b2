import type { ReactNode } from 'react';
import type { StringLookup } from '../../platform/useStrings';
import type { CardStatus } from './useCardState';

const DEFAULT_ICON = '/mod/lti/icon.svg';

interface CardFrameProps {
  status: CardStatus;
  s: StringLookup;
  icon: string;
  label: string;
  stateText: string;
  pending: boolean;
  /** The action under way is a deletion (its outcome reads "Deleted" or "Could not delete"). */
  deleting: boolean;
  children: ReactNode;
}

/**
 * The frame every tool and registration card shares: icon, state badge, and the loading / success /
 * fail overlay. The overlay's live region says the outcome; that the action is under way is said by
 * the card's pending button or the card itself (through the page's announcer), so the overlay's
 * "Loading" is for the eye only.
 */
export function CardFrame({ status, s, icon, label, stateText, pending, deleting, children }: CardFrameProps) {
  return (
    <article className={`lti-card lti-card-${status}`} aria-label={label} aria-busy={status === 'loading'}>
      <div className="lti-card-head">
        <img
          className="lti-card-icon"
          src={icon}
          alt=""
          width={40}
          height={40}
          onError={(e) => {
            // A tool's own icon that cannot be loaded gives way to the default one.
            if (!e.currentTarget.src.endsWith(DEFAULT_ICON)) e.currentTarget.src = DEFAULT_ICON;
          }}
        />
        <span className={`badge ${pending ? 'lti-badge-pending' : 'badge-muted'}`}>{stateText}</span>
      </div>
      {children}
      {status !== 'idle' && (
        <div className="lti-card-overlay" role="status" aria-live="polite">
          {status === 'loading' && <span className="spinner" aria-hidden="true" />}
          {status === 'success' && <span className="lti-outcome lti-outcome-success">✓</span>}
          {status === 'fail' && <span className="lti-outcome lti-outcome-fail">✕</span>}
          {status === 'loading' ? (
            <span className="lti-overlay-text" aria-hidden="true">
              {s('loading')}
            </span>
          ) : (
            <span className="lti-overlay-text">{s(status === 'success' ? (deleting ? 'deleted' : 'saved') : deleting ? 'deletefailed' : 'savefailed')}</span>
          )}
        </div>
      )}
    </article>
  );
}
