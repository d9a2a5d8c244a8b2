import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, ws } from './helpers';
import { ADMIN, TEACHER } from './site';

const NUMBERS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 35)\nSELECT i, 'row ' || i AS label FROM n";

test('a manager writes a report in the SQL editor, previews it and its error, and saves it to the site index', async ({ page, logInAs }) => {
  const name = `Course list ${Date.now().toString(36)}`;
  await logInAs(ADMIN);
  await page.goto('/blocks/configurable_reports/managereport.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Site reports' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Course enrolments', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/report-index.png', fullPage: true });
  await page.getByRole('link', { name: 'Add report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toBeVisible();

  // The query editor has the focus on load, with line numbers.
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await expect(editor).toBeFocused();
  await page.keyboard.type('SELECT shortname\nFROM course\nWHERE nosuch = 1');
  await expect(page.locator('.cm-lineNumbers .cm-gutterElement', { hasText: '3' })).toBeVisible();
  // Highlighting: the editor marks the keywords up as tokens of their own.
  await expect(page.locator('.cm-line span', { hasText: /^SELECT$/ })).toHaveAttribute('class', /\S/);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert')).toContainText('Line 3:');
  await expect(page.getByRole('alert')).toContainText('nosuch');

  await editor.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('SELECT shortname, fullname\nFROM course\nORDER BY shortname');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.locator('.report-preview-table');
  await expect(preview.getByRole('columnheader', { name: /^fullname/ })).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'BIO101' })).toBeVisible();
  // The preview sorts in the browser (client mode): a second click on a heading sorts descending.
  const shortname = preview.getByRole('columnheader', { name: /^shortname/ });
  await shortname.getByRole('button').click();
  await expect(shortname).toHaveAttribute('aria-sort', 'ascending');
  await expect(shortname.locator('.sort-icon')).toHaveText('▲');
  await shortname.getByRole('button').click();
  await expect(shortname).toHaveAttribute('aria-sort', 'descending');
  await expect(shortname.locator('.sort-icon')).toHaveText('▼');
  await expect(preview.locator('tbody tr').first()).toContainText('tessera');
  await page.screenshot({ path: '/tmp/report-edit.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/report-edit-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A write is refused with a clear message.
  await editor.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('DELETE FROM course');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert')).toContainText('start the query with SELECT or WITH');

  await editor.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('SELECT shortname FROM course');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site reports' })).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'BIO101' })).toBeVisible();
});

test('the report table pages, sorts by several columns, searches, hides columns, and keeps its state after a reload', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const system = await ws<{ places: Array<{ contextid: number }> }>(page, 'block_configurable_reports_list_reports', { courseid: 0 });
  const { id } = await ws<{ id: number }>(page, 'block_configurable_reports_save_report', {
    id: 0,
    name: `Numbers ${Date.now().toString(36)}`,
    querysql: NUMBERS,
    contextid: system.places[0]?.contextid ?? 1,
    capability: 'block/configurable_reports:managereports',
  });
  await page.goto(`/blocks/configurable_reports/viewreport.php?id=${id}`);
  const info = page.locator('.report-table-info');
  await expect(info).toHaveText('Showing 1 to 10 of 35 entries');

  // Full-number paging: previous disabled on the first page, next disabled on the last.
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(info).toHaveText('Showing 11 to 20 of 35 entries');
  await page.getByRole('button', { name: 'Page 4' }).click();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByLabel('Entries per page').selectOption('25');
  await expect(info).toHaveText('Showing 1 to 25 of 35 entries');

  // Plain click sorts by label; shift-click adds i (descending after a second shift-click).
  const label = page.getByRole('columnheader', { name: /^label/ });
  const number = page.getByRole('columnheader', { name: /^i/ });
  await label.getByRole('button').click();
  await expect(label).toHaveAttribute('aria-sort', 'ascending');
  await number.getByRole('button').click({ modifiers: ['Shift'] });
  await expect(number).toHaveAttribute('aria-sort', 'ascending');
  await expect(label).toHaveAttribute('aria-sort', 'ascending');
  await number.getByRole('button').click({ modifiers: ['Shift'] });
  await expect(number).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('.report-table tbody tr').first()).toContainText('row 1');
  await expect(page.locator('.report-table tbody tr').nth(1)).toContainText('row 10');
  // A plain click replaces the sort: label alone, advanced to descending.
  await label.getByRole('button').click();
  await expect(number).toHaveAttribute('aria-sort', 'none');
  await expect(label).toHaveAttribute('aria-sort', 'descending');
  // A third click removes it (this table allows no sort), and the next sorts ascending again.
  await label.getByRole('button').click();
  await expect(label).toHaveAttribute('aria-sort', 'none');
  await number.getByRole('button').click();
  await expect(number).toHaveAttribute('aria-sort', 'ascending');

  // By keyboard: shift+Enter adds the focused heading's column as shift-click does; Enter sorts by it alone.
  await label.getByRole('button').focus();
  await page.keyboard.press('Shift+Enter');
  await expect(label).toHaveAttribute('aria-sort', 'ascending');
  await expect(number).toHaveAttribute('aria-sort', 'ascending');
  await number.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(label).toHaveAttribute('aria-sort', 'none');
  await expect(number).toHaveAttribute('aria-sort', 'descending');
  await page.keyboard.press('Enter');
  await expect(number).toHaveAttribute('aria-sort', 'none');
  await page.keyboard.press('Enter');
  await expect(number).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('3');
  await expect(info).toHaveText('Showing 1 to 9 of 9 entries (filtered from 35 total entries)');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('nothing like this');
  await expect(page.getByRole('cell', { name: 'No matching records found' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('3');

  // Per-column search: the label column's own box narrows the global search's matches.
  const labelSearch = page.getByRole('searchbox', { name: 'Search label' });
  await labelSearch.fill('row 3');
  await expect(info).toHaveText('Showing 1 to 7 of 7 entries (filtered from 35 total entries)');
  await labelSearch.fill('');
  await expect(info).toHaveText('Showing 1 to 9 of 9 entries (filtered from 35 total entries)');

  await page.locator('summary', { hasText: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'label' }).uncheck();
  await expect(page.getByRole('columnheader', { name: /^label/ })).toHaveCount(0);

  await page.reload();
  await expect(info).toHaveText('Showing 1 to 9 of 9 entries (filtered from 35 total entries)');
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue('3');
  await expect(page.getByRole('columnheader', { name: /^label/ })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: /^i/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByLabel('Entries per page')).toHaveValue('25');
  await page.screenshot({ path: '/tmp/report-view.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/report-view-375.png', fullPage: true });
});

test('returning to a report brings back its page and its column search', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const system = await ws<{ places: Array<{ contextid: number }> }>(page, 'block_configurable_reports_list_reports', { courseid: 0 });
  const name = `Numbers again ${Date.now().toString(36)}`;
  const { id } = await ws<{ id: number }>(page, 'block_configurable_reports_save_report', {
    id: 0,
    name,
    querysql: NUMBERS,
    contextid: system.places[0]?.contextid ?? 1,
    capability: 'block/configurable_reports:managereports',
  });
  const info = page.locator('.report-table-info');
  const leaveAndReturn = async () => {
    await page.goto('/blocks/configurable_reports/managereport.php');
    await page.getByRole('link', { name, exact: true }).click();
  };
  await page.goto(`/blocks/configurable_reports/viewreport.php?id=${id}`);
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(info).toHaveText('Showing 21 to 30 of 35 entries');
  await leaveAndReturn();
  await expect(info).toHaveText('Showing 21 to 30 of 35 entries');
  await expect(page.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

  // The label column's own search: rows 2 and 20 to 29, from the first page again.
  const labelSearch = page.getByRole('searchbox', { name: 'Search label' });
  await labelSearch.fill('row 2');
  await expect(info).toHaveText('Showing 1 to 10 of 11 entries (filtered from 35 total entries)');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(info).toHaveText('Showing 11 to 11 of 11 entries (filtered from 35 total entries)');
  await leaveAndReturn();
  await expect(info).toHaveText('Showing 11 to 11 of 11 entries (filtered from 35 total entries)');
  await expect(labelSearch).toHaveValue('row 2');
});

test('a teacher sees the course report in the course report menu and cannot open the editor', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const courses = await ws<{ courses: Array<{ id: number; shortname: string }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: 'BIO101' });
  const courseid = courses.courses[0]?.id ?? 0;
  await page.goto(`/blocks/configurable_reports/managereport.php?courseid=${courseid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Course reports' })).toBeVisible();
  await page.getByRole('link', { name: 'Biology participants' }).click();
  await expect(page.locator('.report-table-info')).toContainText('entries');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  // Beside CSV and Excel, an OpenDocument spreadsheet: a zip whose first entry is its stored mimetype.
  const ods = page.getByRole('link', { name: 'Download OpenDocument' });
  await expect(ods).toHaveAttribute('href', /format=ods/);
  const answer = await page.request.get((await ods.getAttribute('href')) ?? '');
  expect(answer.headers()['content-type']).toBe('application/vnd.oasis.opendocument.spreadsheet');
  expect((await answer.body()).toString('latin1', 30, 84)).toBe('mimetypeapplication/vnd.oasis.opendocument.spreadsheet');
});

test('an admin sets up a second database, and a report shows its remote query on a tab of its own', async ({ page, logInAs }) => {
  const file = join(mkdtempSync(join(tmpdir(), 'tessera-e2e-remote-')), 'warehouse.db');
  const remote = new SQLite(file);
  remote.exec("create table sales (region text not null, total integer not null); insert into sales values ('North', 120), ('South', 80), ('East', 45)");
  remote.close();
  await logInAs(ADMIN);
  await page.goto('/blocks/configurable_reports/managereport.php');
  await page.getByRole('link', { name: 'Report settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report settings' })).toBeVisible();
  const address = page.getByLabel('Second database connection');
  await address.fill('sqlite:/no/such/warehouse.db');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('.field-error')).toContainText('cannot be reached');
  await address.fill(`sqlite:${file}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Report settings saved.')).toBeVisible();
  await page.screenshot({ path: '/tmp/reports-settings.png', fullPage: true });

  const name = `Sales ${Date.now().toString(36)}`;
  await page.goto('/blocks/configurable_reports/editreport.php');
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toBeFocused();
  await page.keyboard.type('SELECT shortname FROM course');
  await page.getByRole('textbox', { name: 'Remote query' }).click();
  await page.keyboard.type('SELECT region, total\nFROM sales\nORDER BY total DESC');
  await page.getByRole('button', { name: 'Preview remote query' }).click();
  const preview = page.locator('.report-preview-table');
  await expect(preview.getByRole('cell', { name: 'North' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: /^total/ })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  // Scheduled weekly, with a notification of each result.
  await expect(page.getByRole('checkbox', { name: 'Notify me of each result' })).toHaveCount(0);
  await page.getByLabel('Scheduled runs').selectOption({ label: 'Every week' });
  await page.getByRole('checkbox', { name: 'Notify me of each result' }).check();
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site reports' })).toBeVisible();

  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Scheduled results' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Main query' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: 'BIO101' })).toBeVisible();
  await page.getByRole('tab', { name: 'Remote query' }).click();
  await expect(page.locator('.report-table-info')).toHaveText('Showing 1 to 3 of 3 entries');
  await expect(page.locator('.report-table tbody tr').first()).toContainText('North');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /source=remote/);
  await page.screenshot({ path: '/tmp/reports-remote.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/reports-remote-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Scheduled runs')).toHaveValue('weekly');
  // Editing a saved report, too, starts in the main query.
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'Notify me of each result' })).toBeChecked();
  await page.screenshot({ path: '/tmp/reports-edit-remote.png', fullPage: true });

  // Leave the site as the other tests expect it: no second database.
  await page.goto('/admin/settings.php?section=blocksettingconfigurable_reports');
  await page.getByLabel('Second database connection').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Report settings saved.')).toBeVisible();
});

test('the report table warns when the server answer cannot be read', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/blocks/configurable_reports/managereport.php');
  await page.route('**/blocks/configurable_reports/data.php*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy error</html>' }));
  await page.getByRole('main').getByRole('link', { name: 'Course enrolments', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText("The server's answer could not be read.");
});
