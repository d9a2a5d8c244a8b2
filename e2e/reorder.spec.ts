import type { Locator, Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
import { ADMIN } from './site';

/**
 * Every list that can be reordered by dragging can be reordered by keyboard too (the ARIA authoring
 * practices): with its move buttons, or by a keyboard drag (Enter on the drag handle, arrows, Enter).
 * Each move is announced in a live region, focus stays with the moved item, and the new order is
 * the server's: it is still there after a reload. Each test reorders lists it made itself.
 */

test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeEach(async ({ logInAs }) => {
  await logInAs(ADMIN);
});

/** A suffix that keeps this run's names apart from other runs' and tests'. */
function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The text the page's live region last announced. */
function announcement(page: Page): Locator {
  return page.locator('[data-announcer]');
}

/** Focuses a control and presses keys, as a keyboard user on it does. */
async function press(control: Locator, ...keys: string[]): Promise<void> {
  await control.focus();
  for (const key of keys) await control.page().keyboard.press(key);
}

/**
 * Reaches a control inside a row of a grid or tree the way the keyboard does: the row first (arrow
 * keys bring focus to rows), then ArrowRight through the row's controls until it has focus.
 */
async function reachInRow(row: Locator, control: Locator): Promise<void> {
  await row.focus();
  for (let i = 0; i < 8; i++) {
    if (await control.evaluate((el) => el === document.activeElement)) return;
    await row.page().keyboard.press('ArrowRight');
  }
  await expect(control).toBeFocused();
}

/** The texts of the elements, in page order, trimmed. */
async function texts(items: Locator): Promise<string[]> {
  return (await items.allInnerTexts()).map((t) => t.trim());
}

async function newCourse(page: Page, suffix: string, numsections = 3): Promise<number> {
  await page.goto('/my/');
  const categories = await ws<Array<{ id: number }>>(page, 'core_course_get_categories', {});
  const [course] = await ws<Array<{ id: number }>>(page, 'core_course_create_courses', {
    courses: [{ fullname: `Reorder course ${suffix}`, shortname: `RO${suffix}`, categoryid: categories[0]?.id ?? 1, numsections }],
  });
  if (!course) throw new Error('the course was not made');
  return course.id;
}

interface Competencies {
  frameworkid: number;
  /** Id and short name, in the framework's order. */
  items: Array<{ id: number; shortname: string }>;
}

/** A framework of its own (the demo framework's scale) with top-level competencies named by `names`. */
async function newCompetencies(page: Page, suffix: string, names: readonly string[]): Promise<Competencies> {
  await page.goto('/my/');
  const [demo] = await ws<Array<{ scaleid: number; scaleconfiguration: string }>>(page, 'core_competency_list_competency_frameworks', { context: { contextid: 1 } });
  if (!demo) throw new Error('the demo site has no competency framework');
  const framework = await ws<{ id: number }>(page, 'core_competency_create_competency_framework', {
    competencyframework: { shortname: `Order ${suffix}`, idnumber: `ORD${suffix}`, scaleid: demo.scaleid, scaleconfiguration: demo.scaleconfiguration, contextid: 1 },
  });
  const items: Competencies['items'] = [];
  for (const [i, name] of names.entries()) {
    const made = await ws<{ id: number; shortname: string }>(page, 'core_competency_create_competency', {
      competency: { shortname: name, idnumber: `ORD${suffix}-${i}`, competencyframeworkid: framework.id },
    });
    items.push({ id: made.id, shortname: made.shortname });
  }
  return { frameworkid: framework.id, items };
}

/** The competency names of a linked-competency grid (course, template, plan), in order. */
async function linkedOrder(grid: Locator): Promise<string[]> {
  return texts(grid.locator('.linked-name').locator('xpath=node()[1]'));
}

/**
 * Drags a row of a react-aria grid by keyboard: Enter on its drag handle, `steps` presses of
 * ArrowDown through the drop positions (the first is where it is), Enter to drop.
 */
async function keyboardDrag(page: Page, row: Locator, handle: Locator, steps: number): Promise<void> {
  await reachInRow(row, handle);
  await page.keyboard.press('Enter');
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

test('course sections and activities move with their buttons by keyboard, announced, and stay moved after a reload', async ({ page }) => {
  const suffix = unique();
  const courseid = await newCourse(page, suffix);
  for (const name of ['Alpha page', 'Beta page']) await ws(page, 'mod_page_add_instance', { courseid, section: 1, name: `${name} ${suffix}`, content: '<p>Text</p>' });
  // Named sections: a section with the default name is named by its place ("Topic 2"), which a move changes.
  const contents = await ws<Array<{ id: number }>>(page, 'core_course_get_contents', { courseid });
  const [first, second] = [`Seeds ${suffix}`, `Roots ${suffix}`];
  for (const [index, value] of [first, second].entries()) {
    await ws(page, 'core_update_inplace_editable', { component: 'core_courseformat', itemtype: 'sectionname', itemid: String(contents[index + 1]?.id ?? 0), value });
  }

  // In editing mode from the first render (the page's audit then sees the editor, not a half-drawn one).
  await page.addInitScript(() => sessionStorage.setItem('tessera.courseediting', '1'));
  await page.goto(`/course/view.php?id=${courseid}`);
  const sectionNames = page.locator('.course-editor > li .section-name');
  await expect(sectionNames.nth(1)).toContainText(first);

  // The first section goes down one place; focus stays on its Move down button.
  const down = page.getByRole('group', { name: `Actions for ${first}` }).getByRole('button', { name: 'Move down' });
  await press(down, 'Enter');
  await expect(announcement(page)).toHaveText(`${first} moved to position 2.`);
  await expect(sectionNames.nth(1)).toContainText(second);
  await expect(sectionNames.nth(2)).toContainText(first);
  await expect(page.getByRole('group', { name: `Actions for ${first}` }).getByRole('button', { name: 'Move down' })).toBeFocused();

  // Alpha goes below Beta within its section, which is now the second.
  const alpha = `Alpha page ${suffix}`;
  const beta = `Beta page ${suffix}`;
  await press(page.getByRole('group', { name: `Actions for ${alpha}` }).getByRole('button', { name: 'Move down' }), 'Enter');
  await expect(announcement(page)).toHaveText(`${alpha} moved to ${first}, position 2.`);
  // It can go on down into the next section, so its Move down button keeps focus.
  await expect(page.getByRole('group', { name: `Actions for ${alpha}` }).getByRole('button', { name: 'Move down' })).toBeFocused();

  await page.reload();
  await expect(sectionNames.nth(1)).toContainText(second);
  await expect(sectionNames.nth(2)).toContainText(first);
  await expect(page.locator('.course-editor .activity-name')).toHaveText([new RegExp(`^${beta}`), new RegExp(`^${alpha}`)]);
});

test('feedback questions move by a keyboard drag and by their buttons, announced, and stay moved after a reload', async ({ page }) => {
  const suffix = unique();
  const courseid = await newCourse(page, suffix, 1);
  const { cmid, instance } = await ws<{ cmid: number; instance: number }>(page, 'mod_feedback_add_instance', { courseid, section: 1, name: `Order feedback ${suffix}` });
  const names = ['First question', 'Second question', 'Third question'];
  for (const name of names) await ws(page, 'mod_feedback_save_item', { feedbackid: instance, typ: 'textfield', name });

  await page.goto(`/mod/feedback/edit.php?id=${cmid}`);
  const grid = page.getByRole('grid', { name: 'Edit questions' });
  const order = () => texts(grid.locator('.feedback-item-title'));
  await expect.poll(order).toEqual(names);

  // Dragged by keyboard from the first place to after the second.
  await keyboardDrag(page, grid.getByRole('row', { name: /^First question/ }), grid.getByRole('button', { name: 'Drag to move First question' }), 1);
  await expect.poll(order).toEqual(['Second question', 'First question', 'Third question']);
  await expect(announcement(page)).toHaveText('First question moved to position 2.');

  // The third goes up by its button; focus stays on it.
  const up = grid.getByRole('button', { name: 'Move up: Third question' });
  await reachInRow(grid.getByRole('row', { name: /^Third question/ }), up);
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual(['Second question', 'Third question', 'First question']);
  await expect(announcement(page)).toHaveText('Third question moved to position 2.');
  await expect(up).toBeFocused();

  await page.reload();
  await expect.poll(order).toEqual(['Second question', 'Third question', 'First question']);
});

test('template, plan and course competencies move by keyboard, announced, and stay moved after a reload', async ({ page }) => {
  const suffix = unique();
  const names = [`Listening ${suffix}`, `Speaking ${suffix}`, `Writing ${suffix}`];
  const [listening, speaking, writing] = names as [string, string, string];
  const { items } = await newCompetencies(page, suffix, names);
  const ids = items.map((c) => c.id);

  // A template: the first is dragged by keyboard below the second.
  const template = await ws<{ id: number }>(page, 'core_competency_create_template', { template: { shortname: `Order template ${suffix}`, contextid: 1 } });
  for (const competencyid of ids) await ws(page, 'core_competency_add_competency_to_template', { templateid: template.id, competencyid });
  await page.goto(`/admin/tool/lp/templatecompetencies.php?templateid=${template.id}&pagecontextid=1`);
  let grid = page.getByRole('grid', { name: /competencies/i });
  await expect.poll(() => linkedOrder(grid)).toEqual(names);
  await keyboardDrag(page, grid.getByRole('row', { name: new RegExp(`^${listening}`) }), grid.getByRole('button', { name: `Drag ${listening} to reorder` }), 1);
  await expect(announcement(page)).toHaveText(`${listening} moved to position 2.`);
  await expect.poll(() => linkedOrder(grid)).toEqual([speaking, listening, writing]);
  await page.reload();
  await expect.poll(() => linkedOrder(grid)).toEqual([speaking, listening, writing]);

  // A learner's plan: the last goes to the top with two presses of its Move up button.
  const [learner] = await ws<Array<{ id: number }>>(page, 'core_user_create_users', {
    users: [{ username: `order${suffix}`, password: 'Order-learner-1!', firstname: 'Order', lastname: suffix, email: `order${suffix}@example.org` }],
  });
  const plan = await ws<{ id: number }>(page, 'core_competency_create_plan', { plan: { name: `Order plan ${suffix}`, userid: learner?.id ?? 0 } });
  for (const competencyid of ids) await ws(page, 'core_competency_add_competency_to_plan', { planid: plan.id, competencyid });
  await page.goto(`/admin/tool/lp/plan.php?id=${plan.id}`);
  grid = page.getByRole('grid', { name: /competencies/i });
  await expect.poll(() => linkedOrder(grid)).toEqual(names);
  const up = grid.getByRole('button', { name: `Move ${writing} up` });
  await reachInRow(grid.getByRole('row', { name: new RegExp(`^${writing}`) }), up);
  await page.keyboard.press('Enter');
  await expect(announcement(page)).toHaveText(`${writing} moved to position 2.`);
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(announcement(page)).toHaveText(`${writing} moved to position 1.`);
  await expect.poll(() => linkedOrder(grid)).toEqual([writing, listening, speaking]);
  // At the top its Move up button is disabled: focus is on Move down instead, still on the same row.
  await expect(grid.getByRole('button', { name: `Move ${writing} down` })).toBeFocused();
  await page.reload();
  await expect.poll(() => linkedOrder(grid)).toEqual([writing, listening, speaking]);

  // A course: the last is dragged by keyboard to the top.
  const courseid = await newCourse(page, suffix, 1);
  for (const competencyid of ids) await ws(page, 'core_competency_add_competency_to_course', { courseid, competencyid });
  await page.goto(`/admin/tool/lp/coursecompetencies.php?courseid=${courseid}`);
  grid = page.getByRole('grid', { name: 'Course competencies' });
  await expect.poll(() => linkedOrder(grid)).toEqual(names);
  await reachInRow(grid.getByRole('row', { name: new RegExp(`^${writing}`) }), grid.getByRole('button', { name: `Drag ${writing} to reorder` }));
  await page.keyboard.press('Enter');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(announcement(page)).toHaveText(`${writing} moved to position 1.`);
  await expect.poll(() => linkedOrder(grid)).toEqual([writing, listening, speaking]);
  await page.reload();
  await expect.poll(() => linkedOrder(grid)).toEqual([writing, listening, speaking]);
});

test('competencies in a framework move up from their actions menu by keyboard, announced, and stay moved after a reload', async ({ page }) => {
  const suffix = unique();
  const names = [`Reading ${suffix}`, `Counting ${suffix}`];
  const { frameworkid } = await newCompetencies(page, suffix, names);
  await page.goto(`/admin/tool/lp/competencies.php?competencyframeworkid=${frameworkid}&pagecontextid=1`);
  const tree = page.getByRole('treegrid');
  const order = () => texts(tree.locator('.competency-name'));
  await expect.poll(order).toEqual(names);
  await press(tree.getByRole('row', { name: new RegExp(`^${names[1]} `) }), 'Enter');
  const menu = page.getByRole('button', { name: `Actions for ${names[1]}` });
  await press(menu, 'Enter');
  await press(page.getByRole('menuitem', { name: 'Move up' }), 'Enter');
  await expect(announcement(page)).toHaveText(`${names[1]} moved to position 1.`);
  await expect.poll(order).toEqual([names[1], names[0]]);
  await expect(menu).toBeFocused();
  await page.reload();
  await expect.poll(order).toEqual([names[1], names[0]]);
});

test('tag collections, roles and course categories move with their controls by keyboard, announced, and stay moved after a reload', async ({ page }) => {
  const suffix = unique();
  await page.goto('/my/');

  // Tag collections: the later of two new ones goes up by its button.
  const [collA, collB] = [`Shelf A ${suffix}`, `Shelf B ${suffix}`];
  for (const name of [collA, collB]) await ws(page, 'core_tag_create_collection', { name });
  await page.goto('/tag/manage.php');
  const collections = () => texts(page.locator('.tag-collections-table tbody th .inplace-display'));
  const collectionOrder = async () => (await collections()).filter((n) => n === collA || n === collB);
  await expect.poll(collectionOrder).toEqual([collA, collB]);
  const collUp = page.getByRole('button', { name: `Move ${collB} up` });
  await press(collUp, 'Enter');
  await expect.poll(collectionOrder).toEqual([collB, collA]);
  await expect(announcement(page)).toHaveText(new RegExp(`^${collB} moved to position \\d+\\.$`));
  await expect(page.getByRole('button', { name: `Move ${collB} up` }).or(page.getByRole('button', { name: `Move ${collB} down` })).first()).toBeFocused();
  await page.reload();
  await expect.poll(collectionOrder).toEqual([collB, collA]);

  // Roles: the later of two new roles goes up by its button, and keeps focus to go on.
  const [roleA, roleB] = [`Helper A ${suffix}`, `Helper B ${suffix}`];
  for (const [i, name] of [roleA, roleB].entries()) await ws(page, 'core_role_create_role', { shortname: `helper${i}${suffix}`, name, archetype: '', contextlevels: [50] });
  await page.goto('/admin/roles/manage.php');
  const roleOrder = async () => (await texts(page.locator('.roles-table tbody th a'))).filter((n) => n === roleA || n === roleB);
  await expect.poll(roleOrder).toEqual([roleA, roleB]);
  const roleUp = page.getByRole('button', { name: `Move ${roleB} up` });
  await press(roleUp, 'Enter');
  await expect.poll(roleOrder).toEqual([roleB, roleA]);
  await expect(announcement(page)).toHaveText(new RegExp(`^${roleB} moved to position \\d+\\.$`));
  await expect(roleUp).toBeFocused();
  await page.reload();
  await expect.poll(roleOrder).toEqual([roleB, roleA]);

  // Course categories: the later of two new ones goes up from its actions menu.
  const [catA, catB] = [`Hall A ${suffix}`, `Hall B ${suffix}`];
  await ws(page, 'core_course_create_categories', { categories: [{ name: catA }, { name: catB }] });
  await page.goto('/course/management.php');
  const categoryOrder = async () => (await texts(page.locator('.category-name'))).filter((n) => n === catA || n === catB);
  await expect.poll(categoryOrder).toEqual([catA, catB]);
  const catMenu = page.getByRole('button', { name: `Actions for category ${catB}` });
  await reachInRow(page.getByRole('row', { name: catB }), catMenu);
  await page.keyboard.press('Enter');
  await press(page.getByRole('menuitem', { name: 'Move up' }), 'Enter');
  await expect(announcement(page)).toHaveText(new RegExp(`^${catB} moved to position \\d+\\.$`));
  await expect.poll(categoryOrder).toEqual([catB, catA]);
  // The tree gives focus to the moved category's row, from where its actions are one arrow away.
  await expect(page.getByRole('row', { name: catB })).toBeFocused();
  await page.reload();
  await expect.poll(categoryOrder).toEqual([catB, catA]);
});
