/**
 * The accessibility check every browser test carries: axe-core against the WCAG 2.1 A and AA rules,
 * on each route a test's pages settle on (once per route and worker) and on each page as the test
 * leaves it. Every page counts: the test's own, its pop-ups, and the pages of any context the test
 * opens beside it (a learner next to the teacher). helpers.ts wires it into every test;
 * accessibility.spec.ts calls it directly.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/** The rule sets the issue asks for: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Violations in screens whose folders other people are changing at the moment, left out of the
 * check until those screens are fixed. Each entry names the rule, the element (a CSS selector the
 * reported target must contain), where it shows and why it is here; /tmp/a11y-pending.md lists the
 * suggested fixes. Remove an entry as soon as its screen is fixed: this list should be empty.
 */
export interface PendingExclusion {
  rule: string;
  /** Matched against each reported target selector. */
  target: RegExp;
  /** The folder that owns the markup, e.g. web/components/quiz. */
  owner: string;
  note: string;
}

export const PENDING_EXCLUSIONS: readonly PendingExclusion[] = [];

export interface Finding {
  /** The page, as a path with its query. */
  where: string;
  /** When it was seen: on arriving at a route, or at the end of the test. */
  when: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

function targetText(target: unknown): string {
  return Array.isArray(target) ? target.map((part) => targetText(part)).join(' >>> ') : String(target);
}

function isPending(rule: string, target: string): boolean {
  return PENDING_EXCLUSIONS.some((entry) => entry.rule === rule && entry.target.test(target));
}

/**
 * Runs axe on the page as it is now (all the WCAG 2.1 A/AA rules, or only `rules`); pages outside
 * the site under test (blank, other hosts) pass.
 */
export function auditPage(page: Page, when: string, baseURL: string, rules?: string[]): Promise<Finding[]> {
  // axe refuses to start while it runs in the same document (a single-page app keeps its document
  // across routes), so the checks of one page take turns.
  const previous = auditQueue.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => auditNow(page, when, baseURL, rules));
  auditQueue.set(page, run.catch(() => undefined));
  return run;
}

const auditQueue = new WeakMap<Page, Promise<unknown>>();

async function auditNow(page: Page, when: string, baseURL: string, rules?: string[]): Promise<Finding[]> {
  const url = page.url();
  if (!url.startsWith(baseURL)) return [];
  // Legacy mode runs axe.run() in the page itself; the default mode opens a blank page in the
  // context to merge the frames' results, which tests waiting for a new page would mistake for theirs.
  // react-aria's live announcer keeps each message a few seconds, some as an image labelled by
  // elements of the screen that may be gone by then: what it announced is checked where it was shown.
  // Only violations are read: axe then details no passing or incomplete node, which saves time.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).exclude('[data-live-announcer]');
  const results = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)).analyze();
  const where = url.slice(baseURL.length) || '/';
  // While a react-aria overlay is open, it hides the rest of the page with aria-hidden and keeps the
  // focus to itself (a dialogue traps it; a popover closes when it leaves); axe sees the hidden page's
  // links as focusable all the same.
  const overlayOpen = await page.evaluate(() => document.querySelector('[role="dialog"], [role="alertdialog"], [data-placement], [data-react-aria-top-layer]') !== null).catch(() => false);
  const findings: Finding[] = [];
  for (const violation of results.violations) {
    if (violation.id === 'aria-hidden-focus' && overlayOpen) continue;
    const nodes = violation.nodes
      .map((node) => ({
        target: targetText(node.target),
        html: node.html.replace(/\s+/g, ' ').slice(0, 160),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
      }))
      .filter((node) => !isPending(violation.id, node.target));
    if (nodes.length === 0) continue;
    findings.push({ where, when, rule: violation.id, impact: violation.impact ?? 'unknown', help: violation.help, helpUrl: violation.helpUrl, nodes });
  }
  return findings;
}

/** A message a person can act on: the page, the rule, what it asks, and the elements. */
export function describeFindings(findings: readonly Finding[]): string {
  const lines = ['Accessibility violations (axe-core, WCAG 2.1 A/AA):'];
  for (const finding of findings) {
    lines.push(`  ${finding.where} (${finding.when})`);
    lines.push(`    ${finding.rule} [${finding.impact}]: ${finding.help} (${finding.helpUrl})`);
    for (const node of finding.nodes.slice(0, 8)) {
      lines.push(`      ${node.target}  ${node.html}`);
      if (node.summary) lines.push(`        ${node.summary}`);
    }
    if (finding.nodes.length > 8) lines.push(`      … and ${finding.nodes.length - 8} more`);
  }
  return lines.join('\n');
}

/**
 * What makes two addresses the same screen: the path, the names of the query parameters, and the
 * values that are words rather than ids (`action=grader`, `section=frontpage`).
 */
export function routeKey(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://x');
  const params = [...url.searchParams.entries()]
    .map(([name, value]) => (/^[a-z][a-z_]*$/i.test(value) ? `${name}=${value}` : name))
    .sort();
  return params.length > 0 ? `${url.pathname}?${params.join('&')}` : url.pathname;
}

/** An error axe meets when the page moves on while it runs; that route is checked another time. */
function isNavigationRace(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // "window.axe is undefined" too: axe went into one document and the next one answered.
  return /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|frame was detached|navigat|Script Timeout|Cannot find context|Cannot read properties of undefined|axe is not defined/i.test(message);
}

/**
 * Injected into every page: reports the route once the document has been quiet (no DOM changes, no
 * request of the page's own in flight, nothing marked busy or loading) for a moment, so the check
 * sees the screen rendered with its strings, not the instant before they arrive.
 */
const SETTLE_SCRIPT = `(() => {
  if (window.top !== window.self) return;
  const QUIET_MS = 400;
  let timer = 0;
  let reported = '';
  let inFlight = 0;
  const pageFetch = window.fetch.bind(window);
  window.fetch = (...args) => {
    inFlight += 1;
    schedule();
    return pageFetch(...args).finally(() => { inFlight -= 1; schedule(); });
  };
  const busy = () => inFlight > 0 || document.readyState !== 'complete' || !!document.querySelector('.loading, [aria-busy="true"]');
  const check = () => {
    const route = location.pathname + location.search;
    if (route === reported) return;
    if (busy()) return schedule();
    reported = route;
    if (typeof window.__tesseraRouteSettled === 'function') window.__tesseraRouteSettled(route);
  };
  function schedule() { clearTimeout(timer); timer = setTimeout(check, QUIET_MS); }
  const start = () => {
    new MutationObserver(schedule).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    schedule();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
  window.addEventListener('load', schedule);
})();`;

/** How long a finding on arrival must last to count (see PageAudit.confirm). */
const CONFIRM_DELAY_MS = 1_000;

/**
 * The audit of one page of a test: checks each route the first time a worker's tests settle on it,
 * and the page as the test leaves it. TestAudit makes one for each page.
 */
class PageAudit {
  private readonly findings: Finding[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly errors: unknown[] = [];
  private closed = false;

  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
    private readonly seenRoutes: Set<string>,
  ) {}

  routeSettled(route: string): void {
    const key = routeKey(route);
    if (this.closed || this.seenRoutes.has(key)) return;
    this.seenRoutes.add(key);
    const run = auditPage(this.page, `on arrival at ${key}`, this.baseURL)
      .then(async (found) => (found.length > 0 ? this.confirm(key, found) : found))
      .then((found) => {
        // The page may have moved on while axe ran; what it saw is still that route's screen.
        this.findings.push(...found);
      })
      .catch((error: unknown) => {
        // Kept for finish(): a rejection here would end the test half-way with no context.
        if (isNavigationRace(error)) this.seenRoutes.delete(key);
        else this.errors.push(error);
      })
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /**
   * Findings on arrival are checked once more a moment later: the test acts while axe runs, so the
   * first check may have caught a screen between two states (controls drawn before their strings
   * arrived). What is still there is kept; when the page has left the route meanwhile, the route is
   * checked again the next time a test settles on it.
   */
  private async confirm(key: string, found: Finding[]): Promise<Finding[]> {
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_DELAY_MS));
    if (this.page.isClosed() || routeKey(this.page.url().slice(this.baseURL.length) || '/') !== key) {
      this.seenRoutes.delete(key);
      return [];
    }
    const again = await auditPage(this.page, `on arrival at ${key}`, this.baseURL);
    const still = new Set(again.flatMap((f) => f.nodes.map((node) => `${f.rule} ${node.target}`)));
    return found.map((f) => ({ ...f, nodes: f.nodes.filter((node) => still.has(`${f.rule} ${node.target}`)) })).filter((f) => f.nodes.length > 0);
  }

  /** Stops checking, for a test that failed already: waits for the checks under way, ignoring them. */
  async abandon(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.pending]);
  }

  /** Waits for the checks under way, checks the page as left, and answers everything found. */
  async finish(): Promise<Finding[]> {
    this.closed = true;
    await Promise.all([...this.pending]);
    if (this.errors.length > 0) throw this.errors[0];
    if (!this.page.isClosed()) {
      try {
        const seen = new Set(this.findings.flatMap((f) => f.nodes.map((node) => `${f.rule} ${node.target}`)));
        for (const finding of await auditPage(this.page, 'end of test', this.baseURL)) {
          const nodes = finding.nodes.filter((node) => !seen.has(`${finding.rule} ${node.target}`));
          if (nodes.length > 0) this.findings.push({ ...finding, nodes });
        }
      } catch (error) {
        if (!isNavigationRace(error)) throw error;
      }
    }
    return this.findings;
  }
}

/**
 * The audit of everything a test opens: each context it watches (the test's own, and those it makes
 * with browser.newContext()) reports, from every page in it, pop-ups included, the routes the page
 * settles on; each page has its PageAudit.
 */
export class TestAudit {
  private readonly contexts = new Set<BrowserContext>();
  private readonly audits = new Map<Page, PageAudit>();

  constructor(
    private readonly baseURL: string,
    private readonly seenRoutes: Set<string>,
  ) {}

  /** Starts reporting the context's pages; before the test opens any of them. */
  async watch(context: BrowserContext): Promise<void> {
    this.contexts.add(context);
    await context.exposeBinding('__tesseraRouteSettled', (source, route: unknown) => {
      if (typeof route === 'string') this.auditOf(source.page).routeSettled(route);
    });
    await context.addInitScript(SETTLE_SCRIPT);
  }

  private auditOf(page: Page): PageAudit {
    let audit = this.audits.get(page);
    if (!audit) {
      audit = new PageAudit(page, this.baseURL, this.seenRoutes);
      this.audits.set(page, audit);
    }
    return audit;
  }

  /** Stops checking, for a test that failed already: waits for the checks under way, ignoring them. */
  async abandon(): Promise<void> {
    await Promise.all([...this.audits.values()].map((audit) => audit.abandon()));
  }

  /** Waits for the checks under way, checks every page still open as left, and answers everything found. */
  async finish(): Promise<Finding[]> {
    for (const context of this.contexts) for (const page of context.pages()) this.auditOf(page);
    const findings: Finding[] = [];
    for (const audit of this.audits.values()) findings.push(...(await audit.finish()));
    return findings;
  }
}
