import type { Locator, Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
import { ADMIN, TEACHER } from './site';

/**
 * Every kind of dialogue keeps the keyboard with it (WCAG 2.1.2, 2.4.3 and the ARIA dialogue
 * pattern): opened by keyboard, focus moves into it; Tab and Shift+Tab cycle through its controls and
 * never reach the page behind; Escape closes it; focus goes back to the control that opened it.
 * Nothing is saved: each dialogue is left with Escape (or its Cancel button where it keeps Escape).
 */

/** A number for the focused element, the same each time that element has focus (kept in the page, not in the DOM). */
async function focusedElement(page: Page): Promise<{ id: number; tag: string }> {
  return page.evaluate(() => {
    const w = window as unknown as { __focusIds?: WeakMap<Element, number>; __focusNext?: number };
    w.__focusIds ??= new WeakMap();
    const el = document.activeElement ?? document.body;
    let id = w.__focusIds.get(el);
    if (id === undefined) {
      id = (w.__focusNext = (w.__focusNext ?? 0) + 1);
      w.__focusIds.set(el, id);
    }
    return { id, tag: `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} ${(el.textContent ?? '').trim().slice(0, 40)}` };
  });
}

async function focusIsInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/**
 * Presses `key` until focus comes back to the first control it reached, checking each stop is inside
 * the dialogue; answers how many stops the cycle has. (Focus may start on the dialogue itself, which
 * is not a stop of the cycle.) A dialogue with a single control cycles on it.
 */
async function cycle(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab'): Promise<number> {
  const seen: string[] = [];
  let first: number | undefined;
  for (let stop = 0; stop <= 60; stop++) {
    await page.keyboard.press(key);
    const now = await focusedElement(page);
    if (!(await focusIsInside(dialog))) throw new Error(`${key} left the dialogue after ${seen.join(' → ')} to ${now.tag}`);
    if (now.id === first) return stop;
    first ??= now.id;
    seen.push(now.tag);
  }
  throw new Error(`${key} did not come back to the first control in 60 presses: ${seen.join(' → ')}`);
}

interface DialogCheck {
  /** What opens it; it is focused and Enter pressed, as a keyboard user does. */
  opener: Locator;
  dialog: Locator;
  /** For a dialogue opened from a menu: the steps after Enter on the opener that open it. */
  open?: (page: Page) => Promise<void>;
  /** The control that should have focus again afterwards, when it is not the opener (a menu's item is gone). */
  returnsTo?: Locator;
  /** Closes it when Escape is not meant to (a question that must be answered); Escape by default. */
  close?: (dialog: Locator) => Promise<void>;
  /** At least this many controls take focus in turn. */
  minStops?: number;
  /** Done while it is open, after the cycles: a dialogue opened over this one. */
  inside?: (dialog: Locator) => Promise<void>;
}

/** Opens, cycles both ways, closes, and checks where focus lands. */
async function checkDialog(page: Page, { opener, dialog, open, returnsTo, close, minStops = 2, inside }: DialogCheck): Promise<void> {
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  if (open) await open(page);
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsInside(dialog), { message: 'focus moves into the dialogue' }).toBe(true);
  // Some dialogues fill in after they open (lists load); cycle over what they show then.
  await expect(dialog.locator('.loading')).toHaveCount(0);

  const forward = await cycle(page, dialog, 'Tab');
  const backward = await cycle(page, dialog, 'Shift+Tab');
  expect(forward, 'Tab cycles through the controls').toBeGreaterThanOrEqual(minStops);
  expect(backward, 'Shift+Tab cycles through the same controls').toBe(forward);
  if (inside) await inside(dialog);

  if (close) await close(dialog);
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnsTo ?? opener).toBeFocused();
}

interface Demo {
  course: number;
  essay: number;
  feedback: number;
}

/** BIO101 and its demo essay and feedback, which teacher1 edits. */
async function demo(page: Page): Promise<Demo> {
  await page.goto('/my/');
  const { courses } = await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: 'BIO101' });
  const course = courses[0]?.id ?? 0;
  const sections = await ws<Array<{ modules: Array<{ id: number; name: string; modname: string }> }>>(page, 'core_course_get_contents', { courseid: course });
  const modules = sections.flatMap((section) => section.modules);
  const essay = modules.find((m) => m.modname === 'assign' && m.name === 'Essay: cell structure')?.id ?? 0;
  const feedback = modules.find((m) => m.modname === 'feedback')?.id ?? 0;
  return { course, essay, feedback };
}

test.describe('a teacher', () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs(TEACHER);
  });

  test('the enrol users form and the confirmation dialogue on the participants page', async ({ page }) => {
    const d = await demo(page);
    await page.goto(`/user/index.php?id=${d.course}`);
    await checkDialog(page, {
      opener: page.getByRole('button', { name: 'Enrol users' }),
      dialog: page.getByRole('dialog', { name: 'Enrol users' }),
      minStops: 3,
    });
    // The shared confirmation, asked from a row's menu: an alert dialogue that keeps focus on its two
    // buttons and gives it back to the menu's button (its item is gone by then).
    const menu = page.getByRole('button', { name: /^Actions for / }).first();
    await checkDialog(page, {
      opener: menu,
      open: async () => {
        await page.getByRole('menuitem', { name: 'Unenrol' }).focus();
        await page.keyboard.press('Enter');
      },
      dialog: page.getByRole('alertdialog', { name: /^Unenrol/ }),
      returnsTo: menu,
    });
  });

  test('the feedback question dialogue, opened from the add menu', async ({ page }) => {
    const d = await demo(page);
    await page.goto(`/mod/feedback/edit.php?id=${d.feedback}`);
    const add = page.getByRole('button', { name: 'Add a question' });
    await checkDialog(page, {
      opener: add,
      open: async () => {
        await expect(page.getByRole('menu')).toBeVisible();
        await page.getByRole('menuitem', { name: 'Short text answer' }).focus();
        await page.keyboard.press('Enter');
      },
      dialog: page.getByRole('dialog', { name: 'Adding a question: Short text answer' }),
      returnsTo: add,
      minStops: 4,
    });
  });

  test('the activity chooser in the course editor; on the grading screen the shortcuts and link popovers and the unsaved-changes question', async ({ page }) => {
    const d = await demo(page);
    // In editing mode from the first render, for this test's page only (the mode lives in its session storage).
    await page.addInitScript(() => sessionStorage.setItem('tessera.courseediting', '1'));
    await page.goto(`/course/view.php?id=${d.course}`);
    const add = page.getByRole('button', { name: /^Add an activity or resource to/ }).first();
    await checkDialog(page, { opener: add, dialog: page.getByRole('dialog', { name: /Add an activity or resource/ }), minStops: 3 });

    await page.goto(`/mod/assign/view.php?id=${d.essay}&action=grader`);
    await checkDialog(page, {
      opener: page.getByRole('button', { name: 'Keyboard shortcuts' }),
      dialog: page.getByRole('dialog', { name: 'Keyboard shortcuts' }),
      minStops: 1,
    });
    // The rich-text editor's link popover, in the feedback comments.
    await checkDialog(page, {
      opener: page.getByRole('toolbar').first().getByRole('button', { name: 'Link' }),
      dialog: page.getByRole('dialog', { name: 'Link' }),
      minStops: 2,
    });
    // The unsaved-changes question when moving on: Escape is "stay", and focus is back on Next user.
    await page.getByRole('region', { name: 'Presentation' }).getByLabel('Score').fill('3');
    await checkDialog(page, {
      opener: page.getByRole('group', { name: 'Grading navigation' }).getByRole('button', { name: 'Next user' }),
      dialog: page.getByRole('alertdialog', { name: 'Unsaved changes' }),
      minStops: 3,
    });
    await expect(page.getByRole('region', { name: 'Presentation' }).getByLabel('Score')).toHaveValue('3');
  });

  test('the rating dialogue opened over the competency summary in the course competency report', async ({ page }) => {
    const d = await demo(page);
    await page.goto(`/report/competency/index.php?id=${d.course}`);
    const summary = page.getByRole('dialog', { name: /^Competency of / });
    await checkDialog(page, {
      opener: page.locator('.breakdown-table').getByRole('button').first(),
      dialog: summary,
      minStops: 2,
      // A dialogue over a dialogue: it traps focus in turn, and Escape closes only it.
      inside: async () => {
        await checkDialog(page, {
          opener: summary.getByRole('button', { name: 'Rate', exact: true }),
          dialog: page.getByRole('dialog', { name: /^Rate '/ }),
          minStops: 2,
        });
        await expect(summary).toBeVisible();
      },
    });
  });

  test('the create group form', async ({ page }) => {
    const d = await demo(page);
    await page.goto(`/group/index.php?id=${d.course}`);
    await checkDialog(page, {
      opener: page.getByRole('button', { name: 'Create group', exact: true }),
      dialog: page.getByRole('dialog', { name: 'Create group' }),
      minStops: 3,
    });
  });
});

test.describe('an administrator', () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs(ADMIN);
  });

  test('the competency picker on a template', async ({ page }) => {
    await page.goto('/my/');
    const templates = await ws<Array<{ id: number; shortname: string }>>(page, 'core_competency_list_templates', { sort: 'shortname', order: 'ASC', skip: 0, limit: 0, context: { contextid: 1 }, includes: 'children', onlyvisible: false });
    const template = templates[0];
    if (!template) throw new Error('the demo site has no learning plan template');
    await page.goto(`/admin/tool/lp/templatecompetencies.php?templateid=${template.id}&pagecontextid=1`);
    await checkDialog(page, {
      opener: page.getByRole('button', { name: 'Add competencies' }),
      dialog: page.getByRole('dialog', { name: 'Competency picker' }),
      minStops: 3,
    });
  });

  test('the permission dialogue and the role reset question', async ({ page }) => {
    await page.goto('/admin/roles/permissions.php?contextid=1');
    await page.getByLabel('Filter').fill('participants');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /View participants/ }) });
    await checkDialog(page, {
      opener: row.getByRole('button', { name: 'Prohibit' }),
      dialog: page.getByRole('dialog', { name: 'Prohibit a role: View participants' }),
    });

    await page.goto('/admin/roles/manage.php');
    await checkDialog(page, {
      opener: page.getByRole('button', { name: /^Reset .*Teacher$/ }).first(),
      dialog: page.getByRole('alertdialog'),
    });
  });

  test('the notifications popover in the header', async ({ page }) => {
    await page.goto('/my/');
    await checkDialog(page, {
      opener: page.getByRole('banner').getByRole('button', { name: /^Notifications/ }),
      dialog: page.getByRole('dialog', { name: 'Notifications' }),
      minStops: 1,
    });
  });
});
