import { Store, useStore } from './store';

interface Announcement {
  text: string;
  /** A new number each time, so the same words said twice are announced twice. */
  id: number;
}

const latest = new Store<Announcement>({ text: '', id: 0 });

/**
 * Tells screen-reader users about a change they cannot see happen, politely (after what is being
 * read): an item moved in a list, a result updated, a save under way. Visible messages use
 * notifications instead. Answers the announcement's number, for `withdraw`.
 */
export function announce(text: string): number {
  const id = latest.get().id + 1;
  latest.set({ text, id });
  return id;
}

/**
 * Takes back an announcement that is no longer true (a save that has finished), so the region does
 * not keep saying it; one that came after it stays.
 */
export function withdraw(id: number): void {
  if (latest.get().id === id) latest.set({ text: '', id: id + 1 });
}

/**
 * The page's one polite live region for `announce`; mounted once by the layout. Marked as a live
 * announcer so that react-aria leaves it audible while a modal dialogue hides the rest of the page.
 */
export function LiveAnnouncer() {
  const { text, id } = useStore(latest);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announcer="" data-live-announcer="">
      <span key={id}>{text}</span>
    </div>
  );
}
