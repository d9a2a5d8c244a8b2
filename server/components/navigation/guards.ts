import { getSystemContext } from '../../platform/access/contexts';
import type { PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';

const byPath = new WeakMap<CallContext['platform']['components'], Map<string, PageDefinition>>();

function pages(ctx: CallContext): Map<string, PageDefinition> {
  let map = byPath.get(ctx.platform.components);
  if (!map) {
    map = new Map(ctx.platform.components.flatMap((c) => (c.pages ?? []).map((p): [string, PageDefinition] => [p.path, p])));
    byPath.set(ctx.platform.components, map);
  }
  return map;
}

const preloaded = new WeakSet<CallContext>();

/**
 * Loads every declared capability's role values for the caller at once (two queries), before a run
 * of page guards that each check a different capability and would otherwise read them one by one.
 */
async function preloadCapabilities(ctx: CallContext): Promise<void> {
  if (preloaded.has(ctx)) return;
  preloaded.add(ctx);
  const names = ctx.platform.components.flatMap((c) => (c.capabilities ?? []).map((cap) => cap.name));
  await ctx.access.hasCapabilities(names, await getSystemContext(ctx.db));
}

/**
 * Whether the page at `href` (a site path with its query) would open for the caller: the page exists
 * and its guard lets them in. The trees list a link only then, so they never offer what the server
 * would refuse, and they follow each page's own rule instead of a copy of it.
 */
export async function pageAdmits(ctx: CallContext, href: string): Promise<boolean> {
  const url = new URL(href, 'http://site.invalid');
  const page = pages(ctx).get(url.pathname);
  if (!page) return false;
  if (!page.guard) return true;
  await preloadCapabilities(ctx);
  try {
    await page.guard(ctx, Object.fromEntries(url.searchParams));
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The subset of `hrefs` whose pages admit the caller, in their order. */
export async function admittedLinks(ctx: CallContext, hrefs: readonly string[]): Promise<Set<string>> {
  const verdicts: boolean[] = [];
  // One after another: guards share the call's transaction and its cached permissions.
  for (const href of hrefs) verdicts.push(await pageAdmits(ctx, href));
  return new Set(hrefs.filter((_, i) => verdicts[i]));
}
