import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getConfig } from '../config-store';

/** The site setting (config table) holding the site's default language. */
export const SITE_LANG_SETTING = 'lang';

/** The language of a site that never chose one, and the pack every other falls back to. */
export const FALLBACK_LANG = 'en';

/** The timezone value that means "whatever the server uses" (Moodle's 99). */
export const SERVER_TIMEZONE_VALUE = '99';

/**
 * The language someone sees: their own preference, else the site's default, else English. An empty
 * preference is "no preference": the user follows the site default as it changes.
 */
export function effectiveLanguage(preference: string | null | undefined, siteDefault: string | null | undefined): string {
  return preference || siteDefault || FALLBACK_LANG;
}

/** The site's default language as stored (not checked against the installed packs). */
export async function siteLanguage(db: Kysely<DB>): Promise<string> {
  return (await getConfig(db, SITE_LANG_SETTING)) || FALLBACK_LANG;
}

/** The zone the server runs in, for users who keep the server's timezone (read once: asking ICU costs a formatter). */
let serverZone: string | undefined;
export function serverTimezone(): string {
  serverZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return serverZone;
}

/**
 * Whether ICU knows each zone name asked about so far. Every request resolves its user's zone, and
 * building a formatter to find out costs more than the rest of a small request; stored values are few.
 */
const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_CAP = 1_000;

function zoneKnown(value: string): boolean {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= KNOWN_ZONES_CAP) knownZones.clear();
    knownZones.set(value, known);
  }
  return known;
}

/** An IANA zone for a stored timezone value: 99 (or anything ICU does not know) is the server's. */
export function effectiveTimezone(value: string | null | undefined): string {
  if (!value || value === SERVER_TIMEZONE_VALUE || !zoneKnown(value)) return serverTimezone();
  return value;
}

/**
 * A pack code as an HTML/BCP 47 language tag, the way Moodle writes `<html lang>`: `pt_br` → `pt-br`.
 * Anything but letters, digits and separators is dropped, so the result is safe in an attribute.
 */
export function htmlLang(code: string): string {
  return code.replace(/_/g, '-').replace(/[^a-zA-Z0-9-]/g, '') || FALLBACK_LANG;
}

/** A locale for Intl from a pack code (`pt_br` → `pt-BR`); English when ICU does not know it. */
export function intlLocale(code: string): string {
  const [language = FALLBACK_LANG, region] = code.split('_');
  try {
    return Intl.getCanonicalLocales(region ? `${language}-${region.toUpperCase()}` : language)[0] ?? FALLBACK_LANG;
  } catch {
    return FALLBACK_LANG;
  }
}
