import { expect, test as base, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { describeFindings, TestAudit } from './a11y';
import type { SiteUser } from './site';

export const LOGIN_PATH = '/login/index.php';

/** Calls a web-service method as the page's logged-in user, for setting up data the test is not about. */
export async function ws<T>(page: Page, methodname: string, args: unknown): Promise<T> {
  const sesskey = await page.evaluate(() => (window as unknown as { M?: { cfg?: { sesskey?: string } } }).M?.cfg?.sesskey ?? '');
  const response = await page.request.post(`/lib/ajax/service.php?sesskey=${sesskey}&info=${methodname}`, { data: [{ index: 0, methodname, args }] });
  const [item] = (await response.json()) as Array<{ error: boolean; data: T; exception?: { message: string } }>;
  if (!item || item.error) throw new Error(`${methodname} failed: ${item?.exception?.message ?? 'no answer'}`);
  return item.data;
}

/**
 * Holds the next batch that calls the web-service method until the answer is released, so a test
 * can look at the screen while the call is under way. Answers the release.
 */
export async function holdCall(page: Page, methodname: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    new RegExp(`info=[^&]*${methodname}`),
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** The page's live region for announcements (web/platform/announcer.tsx). */
export function announcer(page: Page) {
  return page.locator('[data-announcer]');
}

/** Whether the element can be heard: not inside anything inert or aria-hidden, as a modal makes the page behind it. */
export async function audible(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.closest('[inert], [aria-hidden="true"]') === null);
}

/** The login form, found the way a person finds it: by its labels and its button. */
export function loginForm(page: Page) {
  return {
    username: page.getByLabel('Username'),
    password: page.getByLabel('Password'),
    submit: page.getByRole('button', { name: 'Log in' }),
  };
}

/** Fills and sends the login form; does not check where it lands. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto(LOGIN_PATH);
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** Logs in through the login page and waits for the dashboard. */
export async function logIn(page: Page, user: SiteUser): Promise<void> {
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL((url) => url.pathname === '/my/');
}

/** Opens the user menu in the page header (the button named by the user's full name). */
export async function openUserMenu(page: Page, user: SiteUser): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: user.fullname }).click();
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

interface WorkerFixtures {
  sessionCookies: Map<string, Cookies>;
  /** Routes this worker has already checked with axe on arrival (each is checked once per worker). */
  checkedRoutes: Set<string>;
}

interface TestFixtures {
  /**
   * Checks every page the test opens with axe-core (WCAG 2.1 A/AA) on each route it settles on and
   * as the test leaves it; a violation fails the test. On by default; `test.use({ a11yCheck: false })`
   * is for a spec that audits pages itself (accessibility.spec.ts).
   */
  a11yCheck: boolean;
  /** The check itself: runs for every test, whether or not the test names it. */
  a11yAudit: void;
  /**
   * Makes the test's `page` logged in as the user. Logging in costs an argon2 hash and counts
   * against the login rate limit (per address and username), so the first call in a worker logs in
   * through the form and later calls reuse that session's cookie. A test that ends the session
   * (logs out) must log in with `logIn` instead, so it does not end the session others share.
   */
  logInAs: (user: SiteUser) => Promise<void>;
}

/**
 * Has the test's browser.newContext() (and browser.newPage(), which calls it) hand each context it
 * makes to `watch` before the test can open a page in it; answers how to stop.
 */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => Promise<void>): () => void {
  // The worker's browser is shared by its tests, one at a time: the method is replaced for this test
  // and put back as it was when the test ends.
  const own = Object.getOwnPropertyDescriptor(browser, 'newContext');
  const make = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await make(options);
    await watch(context);
    return context;
  };
  return () => {
    if (own) Object.defineProperty(browser, 'newContext', own);
    else Reflect.deleteProperty(browser, 'newContext');
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sessionCookies: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires an object pattern here.
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  checkedRoutes: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires an object pattern here.
    async ({}, use) => {
      await use(new Set());
    },
    { scope: 'worker' },
  ],
  // E2E_A11Y=off leaves the check out, for timing a spec or debugging it; npm test always runs it.
  a11yCheck: [process.env.E2E_A11Y !== 'off', { option: true }],
  a11yAudit: [
    async ({ a11yCheck, checkedRoutes, baseURL, browser, context }, use, testInfo) => {
      if (!a11yCheck || !baseURL) {
        await use();
        return;
      }
      const audit = new TestAudit(baseURL, checkedRoutes);
      await audit.watch(context);
      const stopWatching = watchNewContexts(browser, (made) => audit.watch(made));
      try {
        await use();
      } finally {
        stopWatching();
      }
      // A test that already failed keeps its own error; the pages are then in no state worth judging.
      if (testInfo.status !== testInfo.expectedStatus) {
        await audit.abandon();
        return;
      }
      const findings = await audit.finish();
      if (findings.length > 0) throw new Error(describeFindings(findings));
    },
    { auto: true },
  ],
  logInAs: async ({ page, context, sessionCookies }, use) => {
    await use(async (user) => {
      const cached = sessionCookies.get(user.username);
      if (cached) {
        await context.addCookies(cached);
        return;
      }
      await logIn(page, user);
      sessionCookies.set(user.username, await context.cookies());
    });
  },
});

export { expect };
