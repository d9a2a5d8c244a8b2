import type { Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
import { ADMIN, TEACHER, student } from './site';

// The settings test changes the carousel the others look at: the file runs in order, in one worker.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 720 } });

/** The number (1-based) of the slide on show. */
const activeSlide = (page: Page) => page.locator('#essentialCarousel .carousel-slide.is-active').getAttribute('data-slide').then(Number);

async function openCourse(page: Page, shortname: string): Promise<number> {
  await page.goto('/my/');
  const { courses } = await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: shortname });
  const id = courses[0]?.id ?? 0;
  await page.goto(`/course/view.php?id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return id;
}

const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
/** Where the navbar's bottom edge is on screen: 0 or less when it is out of sight. */
const navbarBottom = (page: Page) => page.evaluate(() => document.getElementById('essentialnavbar')?.getBoundingClientRect().bottom ?? -1);

test('the front page carousel turns at its interval, stops while hovered and turns again after', async ({ page, logInAs }) => {
  await page.clock.install();
  await logInAs(TEACHER);
  await page.goto('/');
  const carousel = page.locator('#essentialCarousel');
  await expect(carousel).toBeVisible();
  await expect(carousel.getByRole('group', { name: '1 of 3' })).toBeVisible();
  await expect(carousel.locator('img.carousel-image').first()).toHaveJSProperty('complete', true);
  await expect(page.getByRole('heading', { level: 2, name: 'Available courses' })).toBeVisible();
  expect(await activeSlide(page)).toBe(1);

  await page.clock.fastForward(5100);
  await expect.poll(() => activeSlide(page)).toBe(2);
  await expect(carousel.getByRole('heading', { name: 'Introduction to Biology' })).toBeVisible();

  // Hovered, it stays put however long the pointer rests there.
  await carousel.hover({ position: { x: 600, y: 120 } });
  await page.clock.fastForward(16_000);
  expect(await activeSlide(page)).toBe(2);

  // Leaving starts it again, and it wraps from the last slide to the first.
  await page.mouse.move(5, 700);
  await page.clock.fastForward(5100);
  await expect.poll(() => activeSlide(page)).toBe(3);
  await page.clock.fastForward(5100);
  await expect.poll(() => activeSlide(page)).toBe(1);

  // The controls: previous wraps to the last slide, a slide button goes to its slide.
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect.poll(() => activeSlide(page)).toBe(3);
  await carousel.getByRole('button', { name: 'Show slide 2' }).click();
  await expect.poll(() => activeSlide(page)).toBe(2);
  await expect(carousel.getByRole('button', { name: 'Show slide 2' })).toHaveAttribute('aria-current', 'true');
});

test('the navbar slides away while scrolling down and comes back after scrolling up far enough', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.setViewportSize({ width: 1280, height: 500 });
  await openCourse(page, 'BIO101');
  const navbar = page.locator('#essentialnavbar');
  await expect(navbar).toBeVisible();
  const height = (await navbar.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThan(40);

  await scrollTo(page, 30);
  await expect.poll(() => navbarBottom(page)).toBeCloseTo(height - 30, 0);
  await scrollTo(page, 700);
  await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);

  // Up by less than the 250 px threshold: still hidden.
  await scrollTo(page, 550);
  await page.waitForTimeout(300);
  expect(await navbarBottom(page)).toBeLessThanOrEqual(0);
  // Up by 300 px in all: back.
  await scrollTo(page, 400);
  await expect.poll(() => navbarBottom(page)).toBeCloseTo(height, 0);

  // Down again hides it; near the top it is back at once.
  await scrollTo(page, 900);
  await expect.poll(() => navbarBottom(page)).toBeLessThanOrEqual(0);
  await scrollTo(page, 10);
  await expect.poll(() => navbarBottom(page)).toBeCloseTo(height, 0);
});

test('back to top appears past 480 px and takes the page back up', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.setViewportSize({ width: 1280, height: 500 });
  await openCourse(page, 'BIO101');
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toBeHidden();
  await scrollTo(page, 400);
  await page.waitForTimeout(200);
  await expect(button).toBeHidden();
  await scrollTo(page, 700);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
  await expect(button).toBeHidden();
  await expect(page.locator('#region-main')).toBeFocused();
});

test('for people who prefer less motion the carousel stays on its slide and changes slides without a fade', async ({ page, logInAs }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await logInAs(TEACHER);
  await page.goto('/');
  const carousel = page.locator('#essentialCarousel');
  await expect(carousel.getByRole('group', { name: '1 of 3' })).toBeVisible();
  await expect(carousel).toHaveAttribute('data-rotating', 'false');
  await expect(carousel.getByRole('button', { name: 'Start turning the slides' })).toBeVisible();
  await page.clock.fastForward(16_000);
  expect(await activeSlide(page)).toBe(1);
  // Moved by hand, the slides swap at once.
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => activeSlide(page)).toBe(2);
  for (const slide of await carousel.locator('.carousel-slide').all()) await expect(slide).toHaveCSS('transition-duration', '0s');
});

test('for people who prefer less motion back to top jumps instead of gliding', async ({ page, logInAs }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logInAs(TEACHER);
  await page.setViewportSize({ width: 1280, height: 500 });
  await openCourse(page, 'BIO101');
  await scrollTo(page, 900);
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toBeVisible();
  // Every place the page passes through on its way up (an animated scroll passes through many),
  // counted from two frames on, when the scroll down has been reported.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const seen: number[] = [];
            (window as unknown as { __scrolls: number[] }).__scrolls = seen;
            window.addEventListener('scroll', () => seen.push(window.scrollY));
            resolve();
          }),
        );
      }),
  );
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const passed = await page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls);
  expect(passed.filter((y) => y !== 0)).toEqual([]);
  await expect(page.locator('#region-main')).toBeFocused();
  // The page itself scrolls without smoothing (the stylesheet's rule for anchors and scrollIntoView).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});

test('a chosen colour scheme shows at once and comes with the page after a reload', async ({ page, logInAs }) => {
  const learner = student(28);
  await logInAs(learner);
  await page.goto('/my/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-scheme', 'default');
  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(await primary()).toBe('#0f6cbf');

  await page.getByRole('button', { name: /Colour scheme/ }).click();
  await page.getByRole('option', { name: 'Plum' }).click();
  await expect(html).toHaveAttribute('data-scheme', 'alternative2');
  expect(await primary()).toBe('#6b3fa0');
  await expect(page.getByRole('button', { name: /Colour scheme/ })).toContainText('Plum');
  await expect(page.getByRole('button', { name: /Colour scheme/ })).toBeEnabled();

  // The server writes the scheme into the page it sends, so the first paint is already in it.
  const response = await page.reload();
  expect(await response?.text()).toMatch(/<html[^>]* data-scheme="alternative2"/);
  await expect(html).toHaveAttribute('data-scheme', 'alternative2');
  await page.goto('/course/search.php');
  await expect(html).toHaveAttribute('data-scheme', 'alternative2');

  await ws(page, 'theme_essential_set_colour_scheme', { scheme: 'default' });
});

test('the course item search suggests sections and activities from the second character and opens the one chosen', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  const courseid = await openCourse(page, 'BIO101');
  const box = page.locator('#courseitemsearch');
  await expect(box).toHaveAccessibleName('Search this course');

  await box.fill('h');
  await page.waitForTimeout(500);
  await expect(page.locator('#courseitemsearchresults')).toHaveCount(0);

  await box.fill('handbook');
  const results = page.locator('#courseitemsearchresults');
  await expect(results.getByRole('option', { name: /Course handbook/ })).toBeVisible();
  await results.getByRole('option', { name: /Course handbook/ }).click();
  await expect(page).toHaveURL(/\/mod\/page\/view\.php\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Course handbook' })).toBeVisible();

  // A section: the course page opens scrolled to it, clear of the navbar, with the keyboard there.
  await page.goto(`/course/view.php?id=${courseid}`);
  await box.fill('genet');
  await expect(results.getByRole('option')).toHaveCount(1);
  // By keyboard: down to the suggestion (once the list has settled), Enter to open it.
  await expect(async () => {
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /section-\d+$/, { timeout: 500 });
  }).toPass();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/course/view\\.php\\?id=${courseid}#section-\\d+$`));
  const heading = page.getByRole('heading', { level: 2, name: 'Genetics' });
  await expect(heading).toBeFocused();
  const top = (await heading.boundingBox())?.y ?? -1;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(200);
});

test('an admin edits the carousel on the theme settings page and the front page shows it', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/');
  await page.getByRole('link', { name: 'Theme settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Theme settings' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();

  // A mistake is shown beside its field and nothing is saved.
  const interval = page.getByLabel('Seconds between slides');
  await interval.fill('0.5');
  await save.click();
  await expect(page.getByText('Enter a number of seconds from 1 to 60.').first()).toBeVisible();
  await interval.fill('6');

  // A new slide without a picture, then with one uploaded.
  await page.getByRole('button', { name: 'Add slide' }).click();
  const slide = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Slide 4' }) });
  await slide.getByLabel('Title').fill('Open day');
  await slide.getByLabel('Caption').fill('Meet the teachers on Saturday.');
  await slide.getByLabel('Link').fill('javascript:alert(1)');
  await save.click();
  await expect(slide.getByText('Enter a page of this site starting with /')).toBeVisible();
  await slide.getByLabel('Link').fill('/course/search.php?search=Biology');
  await expect(slide.locator('canvas.carousel-placeholder')).toBeVisible();
  await slide.locator('input[type="file"]').setInputFiles('server/demo/theme/slide-2.jpg');
  await expect(slide.getByText('New image: slide-2.jpg')).toBeVisible();
  await save.click();
  await expect(page.locator('#user-notifications')).toContainText('Theme settings saved');

  await page.goto('/');
  const carousel = page.locator('#essentialCarousel');
  await expect(carousel.getByRole('button', { name: /^Show slide/ })).toHaveCount(4);
  await carousel.getByRole('button', { name: 'Show slide 4' }).click();
  await expect(carousel.getByRole('group', { name: '4 of 4' })).toBeVisible();
  await expect(carousel.getByRole('heading', { name: 'Open day' })).toBeVisible();
  await expect(carousel.getByText('Meet the teachers on Saturday.')).toBeVisible();
  const image = carousel.getByRole('group', { name: '4 of 4' }).locator('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Put the carousel back as it was: delete the slide (after confirming) and restore the interval.
  await page.goto('/theme/essential/settings.php');
  const added = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Open day/ }) });
  await added.getByRole('button', { name: 'Delete Open day' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the slide "Open day"?');
  await confirm.getByRole('button', { name: 'Delete slide' }).click();
  await expect(page.getByRole('heading', { name: /Open day/ })).toHaveCount(0);
  await page.getByLabel('Seconds between slides').fill('5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#user-notifications')).toContainText('Theme settings saved');
  const carouselNow = await ws<{ slides: unknown[]; slideinterval: number }>(page, 'theme_essential_get_carousel', {});
  expect(carouselNow.slides).toHaveLength(3);
  expect(carouselNow.slideinterval).toBe(5000);
});
