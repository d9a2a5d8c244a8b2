import { Store, useStore } from './store';

interface Announcement {
  text: string;
  /** A new number each time, so the same words said twice are announced twice. */
  id: number;
}

const latest = new Store<Announcement>({ text: '', id: 0 });

/**
 * Tells screen-reader users about a change they cannot see happen, politely (after what is being
 * read): an item moved in a list, a result updated. Visible messages use notifications instead.
 */
export function announce(text: string): void {
  latest.set({ text, id: latest.get().id + 1 });
}

/** The page's one polite live region for `announce`; mounted once by the layout. */
export function LiveAnnouncer() {
  const { text, id } = useStore(latest);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announcer="">
      <span key={id}>{text}</span>
    </div>
  );
}
