import { config } from './config';

/**
 * Dates, times and numbers in the user's language and timezone: the page's `<html lang>` (the user's
 * language pack, else the site's) and `M.cfg.timezone` (the user's zone, else the server's). Every
 * screen formats through here, so a page in Spanish or Arabic shows its dates the way that language
 * writes them, at the user's local time rather than the browser's.
 */

/** The page language as a locale Intl understands: `<html lang="pt-br">` → `pt-BR`. */
export function pageLocale(): string {
  const tag = (document.documentElement.lang || config().lang || 'en').replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The user's IANA timezone; the browser's when the page did not say or ICU does not know it. */
export function pageTimeZone(): string {
  const zone = config().timezone;
  if (zone && formatter('en', zone, { year: 'numeric' }) !== null) return zone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A cached formatter (building one costs far more than using it); null for a zone ICU rejects. */
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    try {
      cached = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      cached = null;
    }
    formatters.set(key, cached);
  }
  return cached;
}

function format(seconds: number, options: Intl.DateTimeFormatOptions): string {
  const f = formatter(pageLocale(), pageTimeZone(), options) ?? new Intl.DateTimeFormat(undefined, options);
  return f.format(new Date(seconds * 1000));
}

/** A Unix time as a date ("12 Mar 2025", "12 mar 2025", "١٢‏/٠٣‏/٢٠٢٥"…), or the fallback for 0. */
export function formatDate(seconds: number, fallback = ''): string {
  return seconds ? format(seconds, { dateStyle: 'medium' }) : fallback;
}

/** A Unix time as a date and time, or the fallback for 0. */
export function formatDateTime(seconds: number, fallback = ''): string {
  return seconds ? format(seconds, { dateStyle: 'medium', timeStyle: 'short' }) : fallback;
}

/** A Unix time as a long date and time with the weekday, for sentences ("This quiz opens on …"). */
export function formatFullDateTime(seconds: number, fallback = ''): string {
  return seconds ? format(seconds, { dateStyle: 'full', timeStyle: 'short' }) : fallback;
}

/** A number with a fixed count of decimals, or with up to `decimals` when `exact` is false. */
export function formatNumber(value: number, decimals = 0, exact = true): string {
  return new Intl.NumberFormat(pageLocale(), { minimumFractionDigits: exact ? decimals : 0, maximumFractionDigits: decimals }).format(value);
}

/** A fraction as a percentage ("97.5 %", "97,5 %", "٩٧٫٥٪"). */
export function formatPercent(fraction: number, decimals = 1): string {
  return new Intl.NumberFormat(pageLocale(), { style: 'percent', maximumFractionDigits: decimals }).format(fraction);
}

/** A file size for people: "820 bytes", "12 kB", "1.4 MB", in the page language. */
export function formatFileSize(bytes: number, locale = pageLocale()): string {
  const [value, unit] = bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 }).format(value);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading in a zone at a moment. */
function wallClock(ms: number, timeZone: string): WallClock {
  const f = formatter('en-US', timeZone, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  const parts = Object.fromEntries((f ?? new Intl.DateTimeFormat('en-US', { hourCycle: 'h23' })).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** The moment a zone's clocks show a given wall-clock time (the later one when a change repeats it). */
function fromWallClock(c: WallClock, timeZone: string): number {
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  const offsetAt = (ms: number) => {
    const w = wallClock(ms, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return second;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The `<input type="date">` value of a Unix time, as a date in the user's timezone; '' for 0. */
export function toDateInput(seconds: number): string {
  if (!seconds) return '';
  const c = wallClock(seconds * 1000, pageTimeZone());
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The `<input type="datetime-local">` value of a Unix time in the user's timezone; '' for 0. */
export function toDateTimeInput(seconds: number): string {
  if (!seconds) return '';
  const c = wallClock(seconds * 1000, pageTimeZone());
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/** Unix seconds of a date input's day at midnight in the user's timezone; 0 when empty or unreadable. */
export function fromDateInput(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 0;
  return Math.floor(fromWallClock({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0 }, pageTimeZone()) / 1000);
}

/** Unix seconds of a datetime-local input's value in the user's timezone; 0 when empty or unreadable. */
export function fromDateTimeInput(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return 0;
  const ms = fromWallClock({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]) }, pageTimeZone());
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** Unix seconds of today's midnight in the user's timezone. */
export function startOfToday(): number {
  return fromDateInput(toDateInput(Math.floor(Date.now() / 1000)));
}
