import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startTestTool, type TestTool } from '../server/components/lti/testtool';
import { announcer, expect, holdCall, logIn, test, ws } from './helpers';
import { ADMIN, student, TEACHER } from './site';

// The LTI 2 registration frame and the 1.3 tool answer over https with a certificate made for the test.
test.use({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 1400 } });

let httpTool: TestTool;
let httpsTool: TestTool;

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lti-e2e-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  httpTool = await startTestTool();
  httpsTool = await startTestTool({ tls: { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') } });
  // The cartridge is fetched by the server from 127.0.0.1, which only an admin allow-list permits.
  const db = new Database(process.env.E2E_DATABASE_FILE ?? '');
  db.prepare('INSERT INTO config (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value').run('mod_lti_allowedhosts', '127.0.0.1');
  db.close();
});

test.afterAll(async () => {
  await httpTool.close();
  await httpsTool.close();
});

test('the tool page shows every card state; a pending tool is activated after agreeing; names are edited in place', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/mod/lti/toolconfigure.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage tools' })).toBeVisible();
  const microscope = page.getByRole('article', { name: 'Virtual Microscope' });
  await expect(microscope.getByText('Active')).toBeVisible();
  const registrations = page.getByRole('region', { name: 'Tool registrations (LTI 2)' });
  await expect(registrations.getByRole('article', { name: 'Chemistry Simulations' }).getByText('Pending')).toBeVisible();

  // A pending tool that asks for data shows what it wants first; declining keeps it pending.
  const notebook = page.getByRole('article', { name: 'Lab Notebook' });
  await expect(notebook.getByText('Pending')).toBeVisible();
  await notebook.getByRole('button', { name: 'Activate' }).click();
  const agreement = notebook.getByRole('group', { name: /requires access/ });
  await expect(agreement.getByRole('listitem')).toHaveText(['Course information', 'User account information', 'User personal information']);
  await agreement.getByRole('button', { name: 'Decline' }).click();
  await expect(agreement).toBeHidden();
  await expect(notebook.getByText('Pending')).toBeVisible();
  // The panel gone, the focus is back on Activate; once activated (no Activate any more), on the card's Edit.
  await expect(notebook.getByRole('button', { name: 'Activate' })).toBeFocused();
  await notebook.getByRole('button', { name: 'Activate' }).click();
  await notebook.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByRole('article', { name: 'Lab Notebook' }).getByText('Active')).toBeVisible();
  await expect(notebook.getByRole('link', { name: 'Edit Lab Notebook' })).toBeFocused();

  // Rename in place: Enter leaves the field, which saves; the card shows it saved.
  const name = microscope.getByRole('textbox', { name: 'Edit the name of Virtual Microscope' });
  await name.fill('Virtual Microscope Pro');
  await name.press('Enter');
  // The card takes the new name once the server answers (its 2-second "saved" display is checked with deletion below).
  await expect(page.getByRole('article', { name: 'Virtual Microscope Pro' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Virtual Microscope Pro' })).toBeVisible();
  // Focusing and leaving without a change saves nothing.
  await page.getByRole('textbox', { name: 'Edit the name of Virtual Microscope Pro' }).focus();
  await page.getByRole('textbox', { name: 'Edit the name of Virtual Microscope Pro' }).blur();
  await expect(page.getByRole('article', { name: 'Virtual Microscope Pro' }).getByRole('status')).toHaveCount(0);
  await ws(page, 'mod_lti_update_tool_type', { id: Number((await ws<Array<{ id: number; name: string }>>(page, 'mod_lti_get_tool_types', {})).find((t) => t.name === 'Virtual Microscope Pro')?.id), name: 'Virtual Microscope' });
  await page.screenshot({ path: '/tmp/lti-toolconfigure.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(page.getByRole('article', { name: 'Virtual Microscope' })).toBeVisible();
  await page.screenshot({ path: '/tmp/lti-toolconfigure-375.png', fullPage: true });
});

test('a tool added by cartridge URL appears as a card, and deleting it shows success before the card goes', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/mod/lti/toolconfigure.php');
  const url = page.getByLabel('Tool URL');
  // An empty URL is ignored.
  await url.fill('   ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Add a tool from a cartridge' })).toBeHidden();
  await url.fill(`${httpTool.url}/cartridge.xml`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('form', { name: 'Add a tool from a cartridge' });
  await expect(form).toBeVisible();
  await expect(url).toHaveValue('');
  await form.getByLabel('Consumer key').fill('cartridge-key');
  await form.getByLabel('Shared secret').fill(httpTool.secret);
  await form.getByRole('button', { name: 'Add tool' }).click();
  await expect(page.getByText('Successfully created new tool!')).toBeVisible();
  await expect(form).toBeHidden();
  const cards = page.getByRole('article', { name: 'Example Quiz Tool' });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  await page.screenshot({ path: '/tmp/lti-cartridge.png', fullPage: true });

  const card = cards.first();
  const remove = card.getByRole('button', { name: 'Delete Example Quiz Tool' });
  await remove.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete Example Quiz Tool?');
  // Under way, the card's button keeps the focus and says so; the page's live region says it once
  // (the card's own region only tells the outcome).
  const release = await holdCall(page, 'mod_lti_delete_tool_type');
  await confirm.getByRole('button', { name: 'Delete tool' }).click();
  await expect(remove).toHaveAttribute('aria-busy', 'true');
  await expect(remove).toBeFocused();
  await expect(announcer(page)).toHaveText('Working…');
  await expect(card.getByRole('status').locator('.lti-overlay-text')).toHaveAttribute('aria-hidden', 'true');
  release();
  await expect(card.getByRole('status')).toContainText('Deleted');
  await expect(announcer(page)).toHaveText('');
  await expect(page.getByRole('article', { name: 'Example Quiz Tool' })).toHaveCount(count - 1, { timeout: 5000 });
});

test('an LTI 2 registration in a frame ends with success, and a refused one shows the tool\u2019s message', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/mod/lti/toolconfigure.php');
  await page.getByLabel('Tool URL').fill(`${httpsTool.url}/register-ok`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // The tool it registered asks for data: the admin agrees before the registration ends.
  const registering = page.getByRole('region', { name: 'Registering the tool' });
  const agreement = registering.getByRole('group', { name: /requires access/ });
  await expect(agreement.getByRole('listitem')).toHaveText(['User account information']);
  await page.screenshot({ path: '/tmp/lti-registration-agree.png', fullPage: true });
  await agreement.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByText('Successfully created new tool!')).toBeVisible();
  await expect(registering).toBeHidden();
  const registrations = page.getByRole('region', { name: 'Tool registrations (LTI 2)' });
  await expect(registrations.getByRole('article', { name: '127.0.0.1' }).first().getByText('Active')).toBeVisible();
  await expect(page.getByRole('article', { name: /^Shared notes / }).last().getByText('Active')).toBeVisible();
  const registeredCount = await page.getByRole('article', { name: /^Shared notes / }).count();

  // Declining the data a second registration asks for removes what it made.
  await page.getByLabel('Tool URL').fill(`${httpsTool.url}/register-ok?second=1`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await registering.getByRole('group', { name: /requires access/ }).getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('The registration was cancelled and the tool removed.')).toBeVisible();
  await expect(registering).toBeHidden();
  await expect(page.getByRole('article', { name: /^Shared notes / })).toHaveCount(registeredCount);

  await page.getByLabel('Tool URL').fill(`${httpsTool.url}/register-fail`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The tool refused the <registration>' })).toBeVisible();
  await page.screenshot({ path: '/tmp/lti-registration.png', fullPage: true });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Registering the tool' })).toBeHidden();
});

test('a teacher adds an LTI 1.1 tool activity; a student launches it and an LTI 1.3 tool, and each tool verifies the launch', async ({ browser, page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/mod/lti/toolconfigure.php');
  const stamp = Date.now().toString(36);
  await ws(page, 'mod_lti_save_tool_type', { name: `Signed tool ${stamp}`, baseurl: `${httpTool.url}/launch`, ltiversion: 'LTI-1p0', resourcekey: 'k1', password: httpTool.secret, launchcontainer: 5, sendname: 1 });
  const tool13 = await ws<{ id: number }>(page, 'mod_lti_save_tool_type', {
    name: `Advantage tool ${stamp}`,
    baseurl: `${httpTool.url}/target`,
    ltiversion: '1.3.0',
    initiatelogin: `${httpTool.url}/login`,
    redirectionuris: `${httpTool.url}/redirect`,
    launchcontainer: 5,
    sendname: 1,
  });

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await logIn(teacher, TEACHER);
  await teacher.goto('/my/');
  await teacher.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  const courseid = Number(new URL(teacher.url()).searchParams.get('id'));
  await teacher.getByRole('button', { name: 'Turn editing on' }).click();
  await teacher.getByRole('button', { name: 'Add an activity or resource to Evolution' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'External tool' }).click();
  const form = teacher.getByRole('dialog', { name: 'Adding a new External tool' });
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form.getByText('Enter the tool URL or choose a configured tool.').first()).toBeVisible();
  const name = `Signed launch ${stamp}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Preconfigured tool').selectOption({ label: `Signed tool ${stamp}` });
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form).toBeHidden();
  const link = teacher.getByRole('main').getByRole('link', { name });
  const cmid = Number(new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('id'));
  await teacher.getByRole('button', { name: 'Turn editing off' }).click();
  await teacherContext.close();
  const cm13 = await ws<{ cmid: number }>(page, 'mod_lti_add_instance', { courseid, section: 1, name: `Advantage launch ${stamp}`, typeid: tool13.id });

  const learner = student(21);
  const mine = await (await browser.newContext()).newPage();
  await logIn(mine, learner);
  await mine.goto(`/mod/lti/view.php?id=${cmid}`);
  await expect(mine.getByRole('heading', { level: 1, name })).toBeVisible();
  await mine.screenshot({ path: '/tmp/lti-view.png', fullPage: true });
  await mine.getByRole('link', { name: `Launch ${name}` }).click();
  await expect(mine.getByText('verified', { exact: true })).toBeVisible();
  await expect(mine.getByText(`Hello ${learner.fullname}`)).toBeVisible();
  await expect(mine.getByText('LTI 1.1 basic-lti-launch-request')).toBeVisible();

  await mine.goto(`/mod/lti/view.php?id=${cm13.cmid}`);
  await mine.getByRole('link', { name: `Launch Advantage launch ${stamp}` }).click();
  await expect(mine.getByText('verified', { exact: true })).toBeVisible();
  await expect(mine.getByText('LTI 1.3 LtiResourceLinkRequest')).toBeVisible();
  await expect(mine.getByText(`Hello ${learner.fullname}`)).toBeVisible();
});

test('an admin configures an LTI 1.3 tool by hand and is given its client id; an embedded launch shows the tool in the page', async ({ browser, page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/mod/lti/toolconfigure.php');
  await page.getByRole('link', { name: 'Configure a tool manually' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a tool' })).toBeVisible();
  const stamp = Date.now().toString(36);
  await page.getByLabel('Tool name').fill(`Hand-made tool ${stamp}`);
  await page.getByLabel('Tool URL').fill(`${httpsTool.url}/target`);
  await page.getByLabel('LTI version').selectOption('1.3.0');
  await page.getByRole('button', { name: 'Save tool' }).click();
  // The login and redirection URLs are required for LTI 1.3.
  await expect(page.getByRole('alert')).toContainText('Required');
  await page.getByLabel('Initiate login URL').fill(`${httpsTool.url}/login`);
  await page.getByLabel('Redirection URI(s)').fill(`${httpsTool.url}/redirect`);
  await page.getByLabel('Default launch container').selectOption({ label: 'Embed' });
  await page.getByLabel("Share launcher's name with tool").selectOption({ label: 'Always' });
  await page.getByRole('button', { name: 'Save tool' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tool' })).toBeVisible();
  await expect(page.getByTestId('lti-clientid')).not.toBeEmpty();
  await expect(page.getByText(/\/mod\/lti\/certs\.php$/)).toBeVisible();
  await page.screenshot({ path: '/tmp/lti-toolsettings.png', fullPage: true });
  const typeid = Number(new URL(page.url()).searchParams.get('id'));

  const courses = await ws<{ courses: Array<{ id: number; shortname: string }> }>(page, 'core_course_search_courses', { criterianame: 'search', criteriavalue: 'BIO101' });
  const courseid = courses.courses.find((c) => c.shortname === 'BIO101')?.id ?? 0;
  const { cmid } = await ws<{ cmid: number }>(page, 'mod_lti_add_instance', { courseid, section: 2, name: `Embedded tool ${stamp}`, typeid });
  const learner = student(22);
  const mine = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  await logIn(mine, learner);
  await mine.goto(`/mod/lti/view.php?id=${cmid}`);
  const frame = mine.frameLocator(`iframe[title="The tool Embedded tool ${stamp}"]`);
  await expect(frame.getByText('verified', { exact: true })).toBeVisible();
  await expect(frame.getByText(`Hello ${learner.fullname}`)).toBeVisible();
  await mine.setViewportSize({ width: 375, height: 900 });
  await mine.screenshot({ path: '/tmp/lti-embedded-375.png', fullPage: true });
});

test('a teacher asks a deep-linking tool for content, and the chosen item becomes the activity', async ({ browser, page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/mod/lti/toolconfigure.php');
  const stamp = Date.now().toString(36);
  // The tool signs its answer with its own key, published at its key set URL.
  await page.getByRole('link', { name: 'Configure a tool manually' }).click();
  await page.getByLabel('Tool name').fill(`Content tool ${stamp}`);
  await page.getByLabel('Tool URL').fill(`${httpTool.url}/target`);
  await page.getByLabel('LTI version').selectOption('1.3.0');
  await page.getByLabel('Tool public keyset URL').fill(httpTool.jwksUrl);
  await page.getByLabel('Initiate login URL').fill(`${httpTool.url}/login`);
  await page.getByLabel('Redirection URI(s)').fill(`${httpTool.url}/redirect`);
  await page.getByLabel('Supports Deep Linking (content selection)').check();
  await expect(page.getByLabel('Content selection URL')).toBeVisible();
  await page.getByLabel('Accept grades from the tool').selectOption({ label: 'Always' });
  await page.getByLabel('Default launch container').selectOption({ label: 'Existing window' });
  await page.screenshot({ path: '/tmp/lti-toolsettings-deeplinking.png', fullPage: true });
  await page.getByRole('button', { name: 'Save tool' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit tool' })).toBeVisible();
  await expect(page.getByText(/\/mod\/lti\/token\.php$/)).toBeVisible();

  const teacher = await (await browser.newContext()).newPage();
  await logIn(teacher, TEACHER);
  await teacher.goto('/my/');
  await teacher.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  await teacher.getByRole('button', { name: 'Turn editing on' }).click();
  await teacher.getByRole('button', { name: 'Add an activity or resource to Evolution' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'External tool' }).click();
  const form = teacher.getByRole('dialog', { name: 'Adding a new External tool' });
  await expect(form.getByRole('button', { name: 'Select content' })).toHaveCount(0);
  await form.getByLabel('Preconfigured tool').selectOption({ label: `Content tool ${stamp}` });
  await form.getByRole('button', { name: 'Select content' }).click();
  // The tool chooses at once and posts its signed answer back; the new activity opens.
  await expect(teacher.getByRole('heading', { level: 1, name: 'Chapter 3 quiz' })).toBeVisible();
  await expect(teacher.getByText('Ten questions on <cells>')).toBeVisible();
  await teacher.screenshot({ path: '/tmp/lti-deeplinked.png', fullPage: true });
  // The tool verifies a launch of the chosen item.
  await teacher.getByRole('link', { name: 'Launch Chapter 3 quiz' }).click();
  await expect(teacher.getByText('verified', { exact: true })).toBeVisible();
  await expect(teacher.getByText('LTI 1.3 LtiResourceLinkRequest')).toBeVisible();
  await teacher.context().close();
});

test('a teacher adds a tool to their own course, uses it for an activity there, and deletes it after confirming', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  await page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'External tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'External tools' })).toBeVisible();
  await page.getByRole('link', { name: 'Add tool' }).click();
  const stamp = Date.now().toString(36);
  const name = `Course-only tool ${stamp}`;
  await page.getByLabel('Tool name').fill(name);
  await page.getByLabel('Tool URL').fill(`${httpTool.url}/launch`);
  await page.getByRole('button', { name: 'Save tool' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'External tools' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // The course's activity form offers it; another course's does not (the server lists per course).
  const courseid = Number(new URL(page.url()).searchParams.get('id'));
  const offered = await ws<Array<{ name: string }>>(page, 'mod_lti_get_course_tools', { courseid });
  expect(offered.map((t) => t.name)).toContain(name);

  const remove = row.getByRole('button', { name: `Delete ${name}` });
  await remove.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Activities that use it will no longer launch.');
  // The row's button shows the deletion under way and keeps the focus; screen readers hear it.
  const release = await holdCall(page, 'mod_lti_delete_course_tool_type');
  await dialog.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(remove).toHaveAttribute('aria-busy', 'true');
  await expect(remove).toBeFocused();
  await expect(announcer(page)).toHaveText('Working…');
  release();
  await expect(page.getByText('Tool deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
