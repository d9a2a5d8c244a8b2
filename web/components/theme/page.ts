import { COLOUR_SCHEMES, DEFAULT_NAVBAR_SCROLL_UP_PX, type ColourScheme } from '../../../api/theme';

/**
 * What the server wrote on <html> for this page (server/components/theme/html.ts): the user's colour
 * scheme and the navbar settings. Read from the element, so they hold from the first paint on.
 */
export interface PageTheme {
  scheme: ColourScheme;
  /** fixed: the navbar stays at the top and hides while scrolling down; static: it scrolls away. */
  navbar: 'fixed' | 'static';
  /** How far (px) the user scrolls up before a hidden navbar returns. */
  scrollUp: number;
  /** Whether the user may choose a colour scheme. */
  colourSwitcher: boolean;
}

export function pageTheme(root: HTMLElement = document.documentElement): PageTheme {
  const data = root.dataset;
  const scheme = COLOUR_SCHEMES.find((s) => s === data.scheme) ?? 'default';
  const scrollUp = Number(data.navbarScrollup);
  return {
    scheme,
    navbar: data.navbar === 'static' ? 'static' : 'fixed',
    scrollUp: data.navbarScrollup !== undefined && Number.isFinite(scrollUp) && scrollUp >= 0 ? scrollUp : DEFAULT_NAVBAR_SCROLL_UP_PX,
    colourSwitcher: data.colourswitcher !== '0',
  };
}

/** Shows the page in the scheme at once (the stylesheet keys every scheme's tokens on this attribute). */
export function applyScheme(scheme: ColourScheme, root: HTMLElement = document.documentElement): void {
  root.dataset.scheme = scheme;
}

/** Whether the user asked their system for less motion: no animated scrolling, no sliding carousel. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
