/**
 * The hiding navbar's state after a scroll: how far it is slid up, and how far the user has scrolled
 * up since they last scrolled down.
 */
export interface NavbarScroll {
  /** The page's scroll position this state is for. */
  y: number;
  /** How many pixels the navbar is slid up: 0 shown, height + 1 fully hidden. */
  shift: number;
  /** Pixels scrolled up since the last scroll down. */
  upTravel: number;
}

export const NAVBAR_AT_TOP: NavbarScroll = { y: 0, shift: 0, upTravel: 0 };

/**
 * Scrolling down slides the navbar up by the distance scrolled, until it is its height plus one pixel
 * up (fully out of sight). Scrolling up brings it back only once the user has scrolled up by the
 * threshold, or has come near the top of the page (within the navbar's height).
 */
export function nextNavbarScroll(previous: NavbarScroll, y: number, height: number, threshold: number): NavbarScroll {
  const delta = y - previous.y;
  if (y <= 0) return { y, shift: 0, upTravel: 0 };
  if (delta > 0) return { y, shift: Math.min(height + 1, previous.shift + delta), upTravel: 0 };
  if (delta < 0) {
    const upTravel = previous.upTravel - delta;
    const back = upTravel >= threshold || y < height;
    return { y, shift: back ? 0 : previous.shift, upTravel };
  }
  return { ...previous, y };
}
