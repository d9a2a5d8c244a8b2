import type { Locator, Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
import { ADMIN } from './site';

/**
 * The carousel's slides reorder by keyboard on the theme settings page (a site-wide setting, so
 * this runs after the other specs): the move is announced, focus follows the slide, and the saved
 * order is the front page's after a reload. The slides are put back in their first order afterwards.
 */

async function slideTitles(page: Page): Promise<string[]> {
  const carousel = await ws<{ slides: Array<{ title: string }> }>(page, 'theme_essential_get_carousel', {});
  return carousel.slides.map((slide) => slide.title);
}

/** The slide editor whose heading names the slide. */
function slideEditor(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
}

async function pressOn(control: Locator, key: string): Promise<void> {
  await control.focus();
  await control.page().keyboard.press(key);
}

async function save(page: Page): Promise<void> {
  await pressOn(page.getByRole('button', { name: 'Save changes' }), 'Enter');
  await expect(page.locator('#user-notifications')).toContainText('Theme settings saved');
}

test('carousel slides move by keyboard on the theme settings page, announced, and the saved order is kept', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/theme/essential/settings.php');
  const before = await slideTitles(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = before as [string, string, string];
  const headings = page.locator('.slide-editor h3');
  await expect(headings).toHaveText(before.map((title, i) => `Slide ${i + 1}: ${title}`));

  // The first slide goes down one place; focus stays on its Move down button.
  const down = slideEditor(page, `Slide 1: ${first}`).getByRole('button', { name: /^Move down/ });
  await pressOn(down, 'Enter');
  await expect(page.locator('[data-announcer]')).toHaveText(`${first} moved to position 2.`);
  await expect(headings).toHaveText([`Slide 1: ${second}`, `Slide 2: ${first}`, `Slide 3: ${third}`, ...before.slice(3).map((t, i) => `Slide ${i + 4}: ${t}`)]);
  await expect(slideEditor(page, `Slide 2: ${first}`).getByRole('button', { name: /^Move down/ })).toBeFocused();
  await save(page);

  await page.reload();
  await expect(headings.first()).toHaveText(`Slide 1: ${second}`);
  expect(await slideTitles(page)).toEqual([second, first, third, ...before.slice(3)]);

  // Back as it was: up again, by keyboard, and saved.
  await pressOn(slideEditor(page, `Slide 2: ${first}`).getByRole('button', { name: /^Move up/ }), 'Enter');
  await expect(page.locator('[data-announcer]')).toHaveText(`${first} moved to position 1.`);
  // At the top its Move up button is disabled: focus moves to its Move down button.
  await expect(slideEditor(page, `Slide 1: ${first}`).getByRole('button', { name: /^Move down/ })).toBeFocused();
  await save(page);
  expect(await slideTitles(page)).toEqual(before);
});
