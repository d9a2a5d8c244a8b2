import { describe, expect, it } from 'vitest';
import { NAVBAR_AT_TOP, nextNavbarScroll, type NavbarScroll } from './navbar';

const HEIGHT = 56;
const THRESHOLD = 250;
/** Scrolls through the positions in turn, answering each state. */
function scroll(positions: number[], start: NavbarScroll = NAVBAR_AT_TOP): NavbarScroll[] {
  const states: NavbarScroll[] = [];
  let state = start;
  for (const y of positions) {
    state = nextNavbarScroll(state, y, HEIGHT, THRESHOLD);
    states.push(state);
  }
  return states;
}

describe('the hiding navbar', () => {
  it('slides up by the distance scrolled down, until it is its height plus one pixel up', () => {
    expect(scroll([10, 30, 50, 57, 200, 900]).map((s) => s.shift)).toEqual([10, 30, 50, 57, 57, 57]);
  });

  it('stays hidden while the user scrolls up less than the threshold', () => {
    const [, ...states] = scroll([900, 800, 700, 660]);
    expect(states.map((s) => s.shift)).toEqual([57, 57, 57]);
    expect(states.at(-1)?.upTravel).toBe(240);
  });

  it('comes back once the user has scrolled up by the threshold', () => {
    expect(scroll([900, 700, 650]).map((s) => s.shift)).toEqual([57, 57, 0]);
  });

  it('comes back near the top of the page, however little the user scrolled up', () => {
    expect(scroll([60, 40]).map((s) => s.shift)).toEqual([57, 0]);
    expect(scroll([900, 0]).map((s) => s.shift)).toEqual([57, 0]);
  });

  it('scrolling down again restarts the count: small ups in between do not add up', () => {
    expect(scroll([900, 750, 800, 650]).map((s) => s.shift)).toEqual([57, 57, 57, 57]);
  });

  it('a shown navbar slides away gradually when scrolling down mid-page', () => {
    const shown: NavbarScroll = { y: 1000, shift: 0, upTravel: 300 };
    expect(scroll([1020, 1040, 1100], shown).map((s) => s.shift)).toEqual([20, 40, 57]);
  });
});
