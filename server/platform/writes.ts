import type { Platform } from './platform';

/**
 * The changes this process has committed through the web services, per site (a process may serve
 * several, as the tests do): a running count, and the count after each user's latest change. Work
 * shared between callers (SharedCalls) compares them, so that nobody is handed an answer read before
 * a change they have already been told is saved.
 */
interface SiteWrites {
  count: number;
  byUser: Map<number, number>;
}

/** Users whose latest change is remembered; beyond it the longest-quiet are forgotten. */
const REMEMBERED_USERS = 10_000;

const sites = new WeakMap<Platform, SiteWrites>();

function siteWrites(platform: Platform): SiteWrites {
  let writes = sites.get(platform);
  if (!writes) sites.set(platform, (writes = { count: 0, byUser: new Map() }));
  return writes;
}

/** How many changes have committed so far. */
export function writesOf(platform: Platform): number {
  return siteWrites(platform).count;
}

/** The count just after the user's latest change (0: none remembered). */
export function lastWriteOf(platform: Platform, userid: number): number {
  return siteWrites(platform).byUser.get(userid) ?? 0;
}

/** Called once a write call has committed. */
export function noteWrite(platform: Platform, userid: number): void {
  const writes = siteWrites(platform);
  writes.count += 1;
  if (userid <= 0) return;
  // Map keeps insertion order: re-inserting puts the user last, so the first is the longest quiet.
  writes.byUser.delete(userid);
  writes.byUser.set(userid, writes.count);
  if (writes.byUser.size > REMEMBERED_USERS) writes.byUser.delete(writes.byUser.keys().next().value as number);
}
