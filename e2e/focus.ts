import type { Page } from '@playwright/test';

/**
 * What shows the focused element: its own outline or shadow; the outline of a close ancestor (a
 * field group ringed with :focus-within); or, for an input drawn by its label like a styled
 * checkbox or radio, an outline on the ancestor marked focus-visible or inside it (pseudo-elements
 * included). Answers a description of the element when nothing does.
 */
export async function missingFocusRing(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'nothing has the focus';
    const outlined = (el: Element): boolean =>
      [null, '::before', '::after'].some((pseudo) => {
        const style = getComputedStyle(el, pseudo);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      });
    if (outlined(active) || getComputedStyle(active).boxShadow !== 'none') return null;
    let ancestor = active.parentElement;
    for (let level = 0; ancestor && level < 3; level += 1, ancestor = ancestor.parentElement) {
      if (outlined(ancestor)) return null;
    }
    const marked = active.closest('[data-focus-visible]');
    if (marked && [marked, ...marked.querySelectorAll('*')].some(outlined)) return null;
    return active.outerHTML.slice(0, 200);
  });
}

/**
 * Walks the main content of the screen with the Tab key from its start (where the skip link leads),
 * for up to `stops` presses or until the focus leaves the main landmark; answers each stop that shows
 * no focus indicator.
 */
export async function unringedStopsInMain(page: Page, stops = 30): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate(() => document.querySelector<HTMLElement>('main')?.focus());
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => document.activeElement?.closest('main') !== null && document.activeElement !== document.querySelector('main'));
    if (!inMain) break;
    const missing = await missingFocusRing(page);
    if (missing) problems.push(missing);
  }
  return problems;
}
