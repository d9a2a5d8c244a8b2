import type { Page } from '@playwright/test';
import { announcer, expect, holdCall, test, ws } from './helpers';
import { ADMIN, E2E_DEMO_PASSWORD, student, type SiteUser } from './site';

test.use({ viewport: { width: 1280, height: 1000 } });

/** Picks competencies in the picker by searching for each and ticking its row. */
async function pick(page: Page, framework: string, names: string[]) {
  const picker = page.getByRole('dialog', { name: 'Competency picker' });
  await picker.getByLabel('Framework').selectOption({ label: framework });
  for (const name of names) {
    await picker.getByLabel('Search', { exact: true }).fill(name);
    await picker.getByRole('row', { name: new RegExp(`^${name}`) }).click();
  }
  await expect(picker.getByText(`${names.length} selected`)).toBeVisible();
  await picker.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(picker).toBeHidden();
}

const list = (page: Page, name: string) => page.getByRole('grid', { name });
const rowNames = (page: Page, name: string) => list(page, name).locator('.linked-name > :first-child');

async function confirm(page: Page, button: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a manager builds a template: competencies from the picker, reordered by keyboard and drag, one unlinked, then a cohort gives its members plans', async ({ page, logInAs }) => {
  const name = `Science skills ${Date.now().toString(36)}`;
  await logInAs(ADMIN);
  await page.goto('/admin/tool/lp/learningplans.php?pagecontextid=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning plan templates' })).toBeVisible();
  await expect(page.getByRole('row', { name: /First-year digital skills/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add new template' }).click();
  const form = page.getByRole('dialog', { name: 'Add new template' });
  await form.getByLabel('Short name').fill(name);
  await form.getByLabel('Description').fill('Skills every science student practises.');
  await form.getByRole('button', { name: 'Create template' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Competencies of the template '${name}'` })).toBeVisible();
  await expect(page.getByText('This template has no competencies yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add competencies' }).click();
  await pick(page, 'Digital competence', ['Chooses search terms', 'Filters results by date', 'Keeps software up to date']);
  await expect(rowNames(page, 'Template competencies')).toHaveText(['Chooses search terms that narrow a search', 'Filters results by date and source', 'Keeps software up to date']);

  // Keyboard: the down button moves the first one down.
  await page.getByRole('button', { name: 'Move Chooses search terms that narrow a search down' }).focus();
  await page.keyboard.press('Enter');
  await expect(rowNames(page, 'Template competencies')).toHaveText(['Filters results by date and source', 'Chooses search terms that narrow a search', 'Keeps software up to date']);
  // Keyboard drag and drop: Enter on the handle, arrow down to the drop position, Enter.
  // Focus the row first: the list remembers which row had focus, and a drag starts from that row.
  await list(page, 'Template competencies').getByRole('row', { name: /^Keeps software up to date/ }).focus();
  await page.getByRole('button', { name: 'Drag Keeps software up to date to reorder' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(rowNames(page, 'Template competencies')).toHaveText(['Keeps software up to date', 'Filters results by date and source', 'Chooses search terms that narrow a search']);
  // Mouse drag: the last row onto the first.
  const handle = await page.getByRole('button', { name: 'Drag Chooses search terms that narrow a search to reorder' }).boundingBox();
  const first = await list(page, 'Template competencies').getByRole('row').first().boundingBox();
  if (!handle || !first) throw new Error('the rows are not on the page');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(handle.x + handle.width / 2, handle.y - ((handle.y - first.y - 6) * step) / 10);
  await page.mouse.up();
  await expect(rowNames(page, 'Template competencies').first()).toHaveText('Chooses search terms that narrow a search');
  await page.reload();
  await expect(rowNames(page, 'Template competencies').first()).toHaveText('Chooses search terms that narrow a search');
  await page.screenshot({ path: '/tmp/plans-template-competencies.png', fullPage: true });

  await page.getByRole('button', { name: 'Unlink Keeps software up to date' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(`Unlink 'Keeps software up to date' from the template '${name}'?`);
  await question.getByRole('button', { name: 'Unlink competency' }).click();
  await expect(rowNames(page, 'Template competencies')).toHaveCount(2);

  // A cohort gives each member a plan from the template.
  await page.getByRole('link', { name: 'Cohorts and plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Cohorts and plans of '${name}'` })).toBeVisible();
  await expect(page.getByText('Nobody has a plan from this template yet.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Cohort' }).fill('Year 1');
  await page.getByRole('option', { name: /Year 1 students/ }).click();
  await page.getByRole('button', { name: 'Add cohort' }).click();
  await expect(page.getByText('The cohort was added. Plans created: 15.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans from this template (15)' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(16);
  await page.screenshot({ path: '/tmp/plans-template-cohorts.png', fullPage: true });
  await page.getByRole('link', { name: 'Amelia Fischer' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('Active');
});

/** The learner's plan page, reached from their plans list. */
async function openOwnPlan(page: Page, plan: string): Promise<number> {
  await page.goto('/admin/tool/lp/plans.php');
  await page.getByRole('link', { name: plan }).click();
  await expect(page.getByRole('heading', { level: 1, name: plan })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('id'));
}

test('a learner asks for a review of a draft plan; the reviewer starts it, rates a competency and approves the plan', async ({ page, logInAs }) => {
  const learner = student(2);
  await logInAs(learner);
  const planid = await openOwnPlan(page, 'Personal digital goals');
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('Draft');
  await page.getByRole('button', { name: 'Request review' }).click();
  await expect(page.getByRole('alertdialog')).toContainText("Ask for the plan 'Personal digital goals' to be reviewed?");
  await confirm(page, 'Request review');
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('Waiting for review');
  await expect(page.getByRole('button', { name: 'Cancel review request' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start review' })).toHaveCount(0);

  await page.context().clearCookies();
  await logInAs(ADMIN);
  await page.goto(`/admin/tool/lp/plan.php?id=${planid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal digital goals' })).toBeVisible();
  await page.getByRole('button', { name: 'Start review' }).click();
  await confirm(page, 'Start review');
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('In review');
  await expect(page.locator('.plan-facts')).toContainText('Admin User');

  // The competency summary popup from a plan row, then the competency's own page to rate it.
  await page.getByRole('button', { name: 'Summary of Interacting through digital technologies' }).click();
  const popup = page.getByRole('dialog', { name: `Competency of ${learner.fullname}` });
  await expect(popup).toContainText('Interacting through digital technologies');
  await popup.getByRole('link', { name: 'Open on its own page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interacting through digital technologies' })).toBeVisible();
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  const rate = page.getByRole('dialog', { name: "Rate 'Interacting through digital technologies'" });
  await expect(rate.getByRole('button', { name: 'Rate', exact: true })).toBeDisabled();
  await rate.getByLabel('Rating').selectOption({ label: 'Competent' });
  await rate.getByLabel('Note').fill('Explained clearly which channel suits which message.');
  await page.screenshot({ path: '/tmp/plans-grade-dialog.png' });
  await rate.getByRole('button', { name: 'Rate', exact: true }).click();
  await expect(rate).toBeHidden();
  await expect(page.locator('.uc-facts')).toContainText('Competent');
  await expect(page.locator('.evidence-list')).toContainText("The rating was set manually in the plan 'Personal digital goals'.");
  await expect(page.locator('.evidence-list')).toContainText('Explained clearly which channel suits which message.');
  // The competency selector reloads the page with the other competency.
  await page.getByLabel('Competency', { exact: true }).selectOption({ label: 'Collaborating through digital technologies' });
  await expect(page.getByRole('heading', { level: 1, name: 'Collaborating through digital technologies' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('planid')).toBe(String(planid));
  await page.screenshot({ path: '/tmp/plans-user-competency-in-plan.png', fullPage: true });

  await page.getByRole('link', { name: 'Personal digital goals' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await confirm(page, 'Approve');
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('Active');
  await expect(page.getByRole('grid', { name: 'Competencies of the plan' }).locator('.rating-badge').first()).toHaveText('Competent');
  await page.screenshot({ path: '/tmp/plans-plan-page.png', fullPage: true });
});

test('a manager completes a plan, freezing its ratings, and reopens it', async ({ page, logInAs }) => {
  const learner = student(8);
  await logInAs(ADMIN);
  await page.goto('/my/');
  const [user] = await ws<Array<{ id: number }>>(page, 'core_user_get_users_by_field', { field: 'username', values: [learner.username] });
  await page.goto(`/admin/tool/lp/plans.php?userid=${user?.id ?? 0}`);
  await expect(page.getByRole('heading', { level: 1, name: `Learning plans of ${learner.fullname}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/plans-list.png', fullPage: true });
  await page.getByRole('link', { name: 'Group work this year' }).click();
  const complete = page.getByRole('button', { name: 'Complete plan' });
  await complete.click();
  await expect(page.getByRole('alertdialog')).toContainText("Complete the plan 'Group work this year'? The ratings of its competencies are kept as they are now.");
  // While the plan is being completed its button says so and keeps the focus, and screen readers hear it.
  const release = await holdCall(page, 'core_competency_complete_plan');
  await confirm(page, 'Complete plan');
  await expect(complete).toHaveAttribute('aria-busy', 'true');
  await expect(complete).toBeFocused();
  await expect(announcer(page)).toHaveText('Working…');
  release();
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('Complete');
  // Completing took its button away: the focus goes to the plan's first action, not the page.
  await expect(page.getByRole('toolbar', { name: 'Plan actions' }).getByRole('button').first()).toBeFocused();
  await expect(page.getByText('The plan is complete: the ratings shown are those it had when it was completed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete plan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add competencies' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reopen plan' }).click();
  await confirm(page, 'Reopen plan');
  await expect(page.locator('.plan-facts .plan-status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Complete plan' })).toBeVisible();
});

test('a learner records evidence of prior learning with a file, links competencies, unlinks one and sends the rest for review', async ({ page, logInAs }) => {
  const learner: SiteUser = student(9);
  expect(learner.password).toBe(E2E_DEMO_PASSWORD);
  await logInAs(learner);
  await page.goto('/user/profile.php');
  await page.getByRole('link', { name: 'Evidence of prior learning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Evidence of prior learning' })).toBeVisible();
  await expect(page.getByText('No evidence of prior learning yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add evidence of prior learning' }).click();
  await page.getByLabel('Name').fill('Coding club certificate');
  await page.getByLabel('Description').fill('A year of weekly sessions building small web pages.');
  await page.getByLabel('Link').fill('not an address');
  await page.getByLabel('Files').setInputFiles({ name: 'certificate.txt', mimeType: 'text/plain', buffer: Buffer.from('Certificate of attendance') });
  await expect(page.locator('.file-list')).toContainText('certificate.txt');
  await page.getByRole('button', { name: 'Add evidence of prior learning' }).click();
  await expect(page.locator('.field-error')).toContainText('Enter an address starting with http:// or https://.');
  await page.getByLabel('Link').fill('https://example.org/coding-club');
  await page.getByRole('button', { name: 'Add evidence of prior learning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coding club certificate' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'certificate.txt' })).toBeVisible();

  await page.getByRole('button', { name: 'Link competencies' }).click();
  await pick(page, 'Digital competence', ['Organises files in named folders', 'Keeps a backup of important work', 'Edits a shared document']);
  await expect(page.getByText('Competencies linked: 3.')).toBeVisible();
  await page.getByRole('button', { name: 'Unlink Edits a shared document without overwriting others' }).click();
  await confirm(page, 'Unlink competency');
  await expect(page.locator('.plain-list-item')).toHaveCount(2);
  await page.getByRole('button', { name: 'Send all competencies for review' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Send the 2 linked competencies for review?');
  await confirm(page, 'Send all competencies for review');
  await expect(page.locator('.plain-list-item .badge').filter({ hasText: 'Waiting for review' })).toHaveCount(2);
  await page.screenshot({ path: '/tmp/plans-user-evidence.png', fullPage: true });
});
