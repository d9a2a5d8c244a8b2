import type { Page } from '@playwright/test';
import { TREE_FIRST_LOAD_MAX } from '../api/competency';
import { expect, holdCall, test, ws } from './helpers';
import { ADMIN } from './site';

test.use({ viewport: { width: 1280, height: 1100 } });

async function frameworksPage(page: Page): Promise<number> {
  await page.goto('/my/');
  const { pagecontextid } = await ws<{ pagecontextid: number }>(page, 'tool_lp_data_for_competency_frameworks_manage_page', { pagecontext: { contextlevel: 'system' } });
  await page.goto(`/admin/tool/lp/competencyframeworks.php?pagecontextid=${pagecontextid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Competency frameworks' })).toBeVisible();
  return pagecontextid;
}

const row = (page: Page, name: string) => page.getByRole('treegrid', { name: 'Competency tree' }).getByRole('row', { name: new RegExp(`^${name}`) });

async function addCompetency(page: Page, button: string, shortname: string, idnumber: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByLabel('Short name').fill(shortname);
  await page.getByLabel('ID number').fill(idnumber);
  await page.getByRole('button', { name: button }).click();
  await expect(row(page, shortname)).toBeVisible();
}

test('a manager builds a framework: scale configuration, a three-level tree, a points rule, a move that resets a rule, and a related competency', async ({ page, logInAs }) => {
  const suffix = Date.now().toString(36);
  await logInAs(ADMIN);
  await frameworksPage(page);

  // The framework form: the scale can be configured only once a scale is chosen; the dialogue wants one default and a proficient value.
  await page.getByRole('button', { name: 'Add new competency framework' }).click();
  const form = page.getByRole('dialog', { name: 'Add new competency framework' });
  await form.getByLabel('Short name').fill(`Languages ${suffix}`);
  await form.getByLabel('ID number', { exact: true }).fill(`LANG-${suffix}`);
  await expect(form.getByRole('button', { name: 'Configure scale' })).toBeDisabled();
  await form.getByLabel('Scale', { exact: true }).selectOption({ label: 'Default competence scale' });
  await form.getByRole('button', { name: 'Configure scale' }).click();
  const scaleDialog = page.getByRole('dialog', { name: 'Scale configuration' });
  await expect(scaleDialog.getByText('Choose exactly one default scale value.')).toBeVisible();
  await expect(scaleDialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await scaleDialog.getByRole('checkbox', { name: 'Default: Not yet competent' }).check({ force: true });
  await expect(scaleDialog.getByText('Choose at least one proficient scale value.')).toBeVisible();
  await scaleDialog.getByRole('checkbox', { name: 'Proficient: Competent' }).check({ force: true });
  await page.screenshot({ path: '/tmp/competency-scaleconfig.png' });
  await scaleDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Default: Not yet competent. Proficient: Competent.')).toBeVisible();
  await form.getByLabel('Level 1').selectOption({ label: 'Domain' });
  await form.getByLabel('Level 2').selectOption({ label: 'Skill' });
  await form.getByLabel('Level 3').selectOption({ label: 'Indicator' });
  await form.getByRole('button', { name: 'Create framework' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('link', { name: `Languages ${suffix}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Competencies: Languages ${suffix}` })).toBeVisible();
  await expect(page.getByText('This framework has no competencies yet')).toBeVisible();

  // Three levels, the add buttons named by each level's taxonomy.
  await addCompetency(page, 'Add domain', 'Speaking', `SPK-${suffix}`);
  await addCompetency(page, 'Add domain', 'Writing', `WRT-${suffix}`);
  await row(page, 'Speaking').click();
  await addCompetency(page, 'Add skill', 'Pronunciation', `PRN-${suffix}`);
  await row(page, 'Speaking').click();
  await addCompetency(page, 'Add skill', 'Fluency', `FLU-${suffix}`);
  await row(page, 'Pronunciation').click();
  await addCompetency(page, 'Add indicator', 'Stresses words correctly', `STR-${suffix}`);

  // A points rule on "Speaking": invalid totals keep Save disabled.
  await row(page, 'Speaking').click();
  await page.getByRole('button', { name: 'Competency rule' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'Rule of "Speaking"' });
  await ruleDialog.getByLabel('Outcome').selectOption({ label: 'Complete the competency' });
  await expect(ruleDialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await ruleDialog.getByLabel('Rule', { exact: true }).selectOption({ label: 'Points required are met' });
  await expect(ruleDialog.getByLabel('Points required')).toHaveValue('2');
  await ruleDialog.getByLabel('Points required').fill('5');
  await expect(ruleDialog.getByText("The children's points add up to less than the points required.")).toBeVisible();
  await expect(ruleDialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await ruleDialog.getByLabel('Points of Fluency').fill('-1');
  await expect(ruleDialog.getByText('Points cannot be negative.')).toBeVisible();
  await ruleDialog.getByLabel('Points of Fluency').fill('3');
  await ruleDialog.getByLabel('Points of Pronunciation').fill('2');
  await ruleDialog.getByRole('checkbox', { name: 'Pronunciation is required' }).check({ force: true });
  await expect(ruleDialog.getByText("Total of the children's points: 5")).toBeVisible();
  await page.screenshot({ path: '/tmp/competency-rule.png' });
  await ruleDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(ruleDialog).toBeHidden();
  await expect(page.locator('.competency-details dd').filter({ hasText: 'Complete the competency — Points required are met' })).toBeVisible();

  // Moving "Fluency" out from under "Speaking" resets that rule, after confirmation.
  await row(page, 'Fluency').click();
  await page.getByRole('button', { name: 'Actions for Fluency' }).click();
  await page.getByRole('menuitem', { name: 'Move', exact: true }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Move competency' });
  await moveDialog.getByRole('row', { name: /^Writing/ }).click();
  await moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Moving resets the rules of its current parent and of its new parent.');
  await confirm.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Competency moved')).toBeVisible();
  await row(page, 'Speaking').click();
  await expect(page.locator('.competency-details dd').filter({ hasText: /^Do nothing$/ })).toBeVisible();

  // A related competency through the picker, which refuses the competency itself.
  await row(page, 'Writing').click();
  await page.getByRole('button', { name: 'Add related competencies' }).click();
  const picker = page.getByRole('dialog', { name: 'Competency picker' });
  await expect(picker.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await picker.getByRole('row', { name: /^Writing/ }).click();
  await expect(picker.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await picker.getByLabel('Search').fill('stress');
  await picker.getByRole('row', { name: /^Stresses words correctly/ }).click();
  await expect(picker.getByText('1 selected')).toBeVisible();
  await page.screenshot({ path: '/tmp/competency-picker.png' });
  await picker.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('.related-list')).toContainText('Stresses words correctly');
  await page.screenshot({ path: '/tmp/competency-tree.png', fullPage: true });

  // Search keeps the matches with their ancestors.
  await page.getByRole('searchbox', { name: 'Search competencies' }).fill('stresses');
  await expect(row(page, 'Stresses words correctly')).toBeVisible();
  await expect(row(page, 'Writing')).toBeHidden();
  await expect(row(page, 'Speaking')).toBeVisible();
});

test('a manager duplicates and deletes a framework, and imports one from CSV after a preview', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await frameworksPage(page);
  const table = page.getByRole('table');
  await page.getByRole('button', { name: 'Actions for Teamwork' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('Competency framework duplicated as "Teamwork (copy)"')).toBeVisible();
  const copyRow = table.getByRole('row', { name: /Teamwork \(copy\)/ }).first();
  await expect(copyRow).toContainText('4');
  await page.screenshot({ path: '/tmp/competency-frameworks.png', fullPage: true });
  await page.getByRole('button', { name: 'Actions for Teamwork (copy)' }).first().click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the competency framework "Teamwork (copy)"?');
  await confirm.getByRole('button', { name: 'Delete framework' }).click();
  await expect(page.getByText('Competency framework deleted')).toBeVisible();

  // CSV import: a file with a bad parent is refused row by row; a good one is previewed, then imported.
  const suffix = Date.now().toString(36);
  const header = 'Parent ID number,ID number,Short name,Description,Description format,Scale values,Scale configuration,Rule type (optional),Rule outcome (optional),Rule config (optional),Cross-referenced competency ID numbers,Exported ID (optional),Is framework,Taxonomy';
  const fwLine = `,CSV-${suffix},Imported ${suffix},,1,"Not yet competent,Competent","[{""scaleid"":""9""},{""id"":1,""scaledefault"":1,""proficient"":0},{""id"":2,""scaledefault"":0,""proficient"":1}]",,,,,,1,"domain,skill"`;
  const good = [header, fwLine, `,A-${suffix},Reading,,1,,,,,,,,0,`, `A-${suffix},B-${suffix},Skimming,,1,,,,,,,,0,`].join('\n');
  const bad = [header, fwLine, `,A-${suffix},Reading,,1,,,,,,,,0,`, `NOPE,B-${suffix},Skimming,,1,,,,,,,,0,`].join('\n');
  await page.getByRole('button', { name: 'Import framework' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import framework' });
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('No competency has the parent ID number NOPE.');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(`2 competencies will be created in "Imported ${suffix}".`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: `Imported ${suffix}` }).click();
  await expect(row(page, 'Reading')).toBeVisible();
  await expect(row(page, 'Skimming')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add domain' })).toBeVisible();
});

test('a large tree opens at its first level and works by keyboard; a rule on the parent is warned about before adding or deleting', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await frameworksPage(page);
  await page.getByRole('link', { name: 'Digital competence' }).click();
  // 21 competencies: only the domains show at first.
  await expect(row(page, 'Information and data literacy')).toBeVisible();
  await expect(row(page, 'Evaluating data and sources')).toBeHidden();
  await row(page, 'Information and data literacy').focus();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Evaluating data and sources')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Selected competency' })).toBeVisible();
  await expect(page.locator('.competency-details h3').first()).toHaveText('Evaluating data and sources');
  await page.screenshot({ path: '/tmp/competency-demo.png' });

  // "Evaluating data and sources" has a points rule: adding under it asks first.
  await page.getByRole('button', { name: 'Add indicator' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('"Evaluating data and sources" has a rule. Adding a competency under it resets that rule.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Competencies: Digital competence' })).toBeVisible();

  // Deleting one of its indicators says the parent's rule will be reset.
  await page.keyboard.press('Escape');
  await row(page, 'Evaluating data and sources').click();
  await page.keyboard.press('ArrowRight');
  await row(page, 'Compares two sources on the same claim').click();
  await page.getByRole('button', { name: 'Actions for Compares two sources on the same claim' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the competency "Compares two sources on the same claim" and everything below it? Its parent has a rule, which will be reset.');
  await confirm.getByRole('button', { name: 'Delete competency' }).click();
  await expect(row(page, 'Compares two sources on the same claim')).toBeHidden();

  // The summary dialogue shows the scale configuration with value names and the related competencies.
  await row(page, 'Evaluating data and sources').click();
  await page.getByRole('button', { name: 'Summary' }).click();
  const summary = page.getByRole('dialog', { name: 'Competency summary' });
  await expect(summary).toContainText('Protecting personal data and privacy');
  await expect(summary).toContainText('Competent');
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: '/tmp/competency-summary-375.png' });
  await summary.getByRole('button', { name: 'Close' }).click();
  await page.screenshot({ path: '/tmp/competency-tree-375.png', fullPage: true });
});

/**
 * A framework larger than the tree's first load, imported from CSV: `domains` domains of `skills`
 * skills each; the first skill of the first domain has three indicators. Answers its id and context.
 */
async function bigFramework(page: Page, suffix: string, domains: number, skills: number): Promise<{ id: number; pagecontextid: number }> {
  await page.goto('/my/');
  const { pagecontextid, scales } = await ws<{ pagecontextid: number; scales: Array<{ id: number; name: string }> }>(page, 'tool_lp_data_for_competency_frameworks_manage_page', { pagecontext: { contextlevel: 'system' } });
  const scaleid = scales.find((sc) => sc.name === 'Default competence scale')?.id ?? 0;
  const configuration = JSON.stringify([{ scaleid: String(scaleid) }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 0, proficient: 1 }]).replaceAll('"', '""');
  const line = (parent: string, idnumber: string, name: string) => `${parent},${idnumber},${name},,1,,,,,,,,0,`;
  const lines = [
    'Parent ID number,ID number,Short name,Description,Description format,Scale values,Scale configuration,Rule type (optional),Rule outcome (optional),Rule config (optional),Cross-referenced competency ID numbers,Exported ID (optional),Is framework,Taxonomy',
    `,BIG-${suffix},Big framework ${suffix},,1,"Not yet competent,Competent","${configuration}",,,,,,1,"domain,skill,indicator"`,
  ];
  for (let d = 1; d <= domains; d++) {
    lines.push(line('', `D${d}-${suffix}`, `Domain ${d}`));
    for (let k = 1; k <= skills; k++) lines.push(line(`D${d}-${suffix}`, `S${d}.${k}-${suffix}`, `Skill ${d}.${k}`));
  }
  for (let i = 1; i <= 3; i++) lines.push(line(`S1.1-${suffix}`, `I${i}-${suffix}`, `Indicator 1.1.${i}`));
  const { frameworkid } = await ws<{ frameworkid: number }>(page, 'tool_lp_import_framework_csv', { csv: lines.join('\n'), contextid: pagecontextid, preview: 0 });
  return { id: frameworkid, pagecontextid };
}

test('a framework larger than the first load arrives as its domains, and opening one loads its branch, by keyboard or mouse', async ({ page, logInAs }) => {
  const suffix = Date.now().toString(36);
  await logInAs(ADMIN);
  // Four domains and their skills do not fit the first load together; the domains alone do.
  const skills = Math.ceil(TREE_FIRST_LOAD_MAX / 4) + 5;
  const fw = await bigFramework(page, suffix, 4, skills);
  const first = page.waitForResponse((r) => r.url().includes('tool_lp_data_for_competencies_manage_page'));
  await page.goto(`/admin/tool/lp/competencies.php?competencyframeworkid=${fw.id}&pagecontextid=${fw.pagecontextid}`);
  // The page's call may share its batch with others: its answer sits at its own index.
  const response = await first;
  const asked = (response.request().postDataJSON() as Array<{ methodname: string }>).findIndex((c) => c.methodname === 'tool_lp_data_for_competencies_manage_page');
  const answers = (await response.json()) as Array<{ data: { competencies: Array<{ shortname: string; childcount: number }> } }>;
  expect(answers[asked]?.data.competencies.map((c) => [c.shortname, c.childcount])).toEqual([1, 2, 3, 4].map((d) => [`Domain ${d}`, skills]));
  await expect(page.getByRole('heading', { level: 1, name: `Competencies: Big framework ${suffix}` })).toBeVisible();

  // Keyboard: ArrowRight opens an unloaded domain; its skills load and show; one with indicators opens in turn.
  await expect(row(page, 'Domain 1')).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'Skill 1.1')).toBeHidden();
  await row(page, 'Domain 1').focus();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Skill 1.1 ')).toBeVisible();
  await expect(row(page, 'Domain 1')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Skill 1.1 ')).toHaveAttribute('aria-level', '2');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'Skill 1.1 ')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Indicator 1.1.2')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('.competency-details h3').first()).toHaveText('Indicator 1.1.1');

  // Mouse, on the chevrons: while a branch loads, a loading row stands in for it.
  const chevron = (name: string) => row(page, name).getByRole('button').first();
  await chevron('Domain 1').click();
  await expect(row(page, 'Skill 1.1 ')).toBeHidden();
  const release = await holdCall(page, 'tool_lp_list_competency_tree_branch');
  await chevron('Domain 3').click();
  await expect(row(page, 'Loading')).toBeVisible();
  await page.screenshot({ path: '/tmp/competency-big-loading.png' });
  release();
  await expect(row(page, 'Skill 3.1 ')).toBeVisible();
  await expect(row(page, 'Loading')).toBeHidden();
  await page.screenshot({ path: '/tmp/competency-big-tree.png' });

  // A competency added under a loaded skill without children makes it a branch that opens to show it.
  await row(page, 'Skill 3.1 ').click();
  await page.getByRole('button', { name: 'Add indicator' }).click();
  await page.getByLabel('Short name').fill('Indicator 3.1.1');
  await page.getByLabel('ID number').fill(`I311-${suffix}`);
  await page.getByRole('button', { name: 'Add indicator' }).click();
  await expect(row(page, 'Domain 3')).toBeVisible();
  await row(page, 'Domain 3').focus();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Skill 3.1 ')).toHaveAttribute('aria-expanded', 'false');
  await row(page, 'Skill 3.1 ').click();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Indicator 3.1.1')).toBeVisible();
});
