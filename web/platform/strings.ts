import { coreGetStrings } from '../../api/core';
import { call } from './ajax';
import { config } from './config';
import { pageStorage } from './storage';

/** `{$a}` takes a number or string; `{$a->name}` takes an object's number and string properties. */
export type StringParam = string | number | Record<string, unknown> | undefined;

export interface StringRequest {
  key: string;
  component?: string;
  param?: StringParam;
  lang?: string;
}

const memory = new Map<string, string>();
const inflight = new Map<string, Promise<string>>();

/** The page language as Moodle names it: `<html lang>` with `-` turned into `_`. */
export function pageLang(): string {
  return (document.documentElement.lang || config().lang || 'en').replace(/-/g, '_');
}

function cacheKey(key: string, component: string, lang: string): string {
  return `core_str/${key}/${component}/${lang}`;
}

/** Fills a raw string's placeholders on the client, as the server does. */
export function substitute(raw: string, param: StringParam): string {
  if (param === undefined) return raw;
  if (typeof param === 'string' || typeof param === 'number') return raw.split('{$a}').join(String(param));
  let out = raw;
  for (const [name, value] of Object.entries(param)) {
    if (typeof value === 'string' || typeof value === 'number') out = out.split(`{$a->${name}}`).join(String(value));
  }
  return out;
}

/** A raw string already in the memory or localStorage cache, or undefined. */
export function peekRaw(key: string, component = 'moodle', lang = pageLang()): string | undefined {
  const k = cacheKey(key, component, lang);
  const hit = memory.get(k);
  if (hit !== undefined) return hit;
  const stored = pageStorage().get(k);
  if (stored !== null) {
    memory.set(k, stored);
    return stored;
  }
  return undefined;
}

function remember(key: string, component: string, lang: string, value: string): void {
  const k = cacheKey(key, component, lang);
  memory.set(k, value);
  pageStorage().set(k, value);
}

/**
 * Returns the strings asked for, in order. Cached ones come from memory or localStorage (keyed by
 * `jsrev`); the rest are fetched together in one `core_get_strings` call.
 */
export async function getStrings(requests: readonly StringRequest[]): Promise<string[]> {
  const resolved = requests.map((r) => ({ key: r.key, component: r.component ?? 'moodle', lang: r.lang ?? pageLang(), param: r.param }));
  const missing: typeof resolved = [];
  const seen = new Set<string>();
  for (const r of resolved) {
    const k = cacheKey(r.key, r.component, r.lang);
    if (seen.has(k) || inflight.has(k) || peekRaw(r.key, r.component, r.lang) !== undefined) continue;
    seen.add(k);
    missing.push(r);
  }
  if (missing.length) {
    const fetched = call(coreGetStrings, { strings: missing.map((r) => ({ stringid: r.key, component: r.component, lang: r.lang, stringparams: [] })) });
    missing.forEach((r, index) => {
      const k = cacheKey(r.key, r.component, r.lang);
      const promise = fetched.then((answer) => {
        const value = answer[index]?.string ?? `[[${r.key},${r.component}]]`;
        remember(r.key, r.component, r.lang, value);
        return value;
      });
      inflight.set(k, promise);
      void promise.finally(() => inflight.delete(k)).catch(() => undefined);
    });
  }
  const raws = await Promise.all(
    resolved.map((r) => {
      const cached = peekRaw(r.key, r.component, r.lang);
      return cached !== undefined ? Promise.resolve(cached) : (inflight.get(cacheKey(r.key, r.component, r.lang)) ?? Promise.resolve(`[[${r.key},${r.component}]]`));
    }),
  );
  return raws.map((raw, i) => substitute(raw, resolved[i]?.param));
}

/** One string; see getStrings. */
export async function getString(key: string, component = 'moodle', param?: StringParam, lang?: string): Promise<string> {
  const [value] = await getStrings([{ key, component, param, lang }]);
  return value ?? `[[${key},${component}]]`;
}

/** Drops the in-memory cache (tests). */
export function resetStringCache(): void {
  memory.clear();
  inflight.clear();
}
