/** A table's saved state (spec §3): kept in a cookie per table so returning to the page restores it. */
export interface TableState {
  /** When it was saved (ms since the epoch); the oldest saved tables make room first. */
  time: number;
  start: number;
  /** The index after the last row shown (start + rows on the page). */
  end: number;
  length: number;
  /** `option`: which of a heading's several orders (a name column by first or by last name). */
  sort: Array<{ column: number; dir: 'asc' | 'desc'; option?: string }>;
  search: string;
  columns: Array<{ search: string; visible: boolean }>;
}

/** Cookie lifetime and the bytes all saved tables may take together (spec §9). */
export const STATE_LIFETIME_SECONDS = 7200;
export const STATE_COOKIE_CAP = 4096;
export const STATE_PREFIX = 'ReportTable_';

export const stateCookieName = (id: string) => `${STATE_PREFIX}${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The saved states among the cookies (`name=value; …`), by cookie name. */
export function savedStates(cookieHeader: string): Map<string, { value: string; time: number }> {
  const out = new Map<string, { value: string; time: number }>();
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    if (at < 0 || !name.startsWith(STATE_PREFIX)) continue;
    const value = part.slice(at + 1).trim();
    try {
      const state = JSON.parse(decodeURIComponent(value)) as Partial<TableState>;
      out.set(name, { value, time: typeof state.time === 'number' ? state.time : 0 });
    } catch {
      out.set(name, { value, time: 0 });
    }
  }
  return out;
}

/**
 * Which saved tables to remove so that `name=value` fits with the rest under the cap: the oldest
 * first. Answers null when the state cannot fit even alone.
 */
export function cookiesToRemove(existing: Map<string, { value: string; time: number }>, name: string, value: string, cap = STATE_COOKIE_CAP): string[] | null {
  const size = (n: string, v: string) => n.length + 1 + v.length;
  if (size(name, value) > cap) return null;
  const others = [...existing].filter(([n]) => n !== name).sort((a, b) => a[1].time - b[1].time);
  let total = size(name, value) + others.reduce((sum, [n, e]) => sum + size(n, e.value), 0);
  const removed: string[] = [];
  for (const [n, e] of others) {
    if (total <= cap) break;
    total -= size(n, e.value);
    removed.push(n);
  }
  return removed;
}

export function encodeState(state: TableState): string {
  return encodeURIComponent(JSON.stringify(state));
}

/** A saved state read back, or null when absent, unreadable or older than the lifetime. */
export function decodeState(value: string | undefined, now = Date.now()): TableState | null {
  if (!value) return null;
  try {
    const state = JSON.parse(decodeURIComponent(value)) as TableState;
    if (typeof state.time !== 'number' || now - state.time > STATE_LIFETIME_SECONDS * 1000) return null;
    return state;
  } catch {
    return null;
  }
}

/** Saves a table's state in its cookie, removing the oldest saved tables to stay under the cap. */
export function saveState(id: string, state: TableState, doc: { cookie: string } = document): void {
  const name = stateCookieName(id);
  const value = encodeState(state);
  const remove = cookiesToRemove(savedStates(doc.cookie), name, value);
  if (remove === null) return;
  for (const n of remove) doc.cookie = `${n}=; max-age=0; path=/; samesite=lax`;
  doc.cookie = `${name}=${value}; max-age=${STATE_LIFETIME_SECONDS}; path=/; samesite=lax`;
}

export function loadState(id: string, doc: { cookie: string } = document): TableState | null {
  return decodeState(savedStates(doc.cookie).get(stateCookieName(id))?.value);
}
