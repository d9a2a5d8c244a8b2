import { effectiveTimezone, intlLocale } from './preference';

/** How much of a moment to show: Moodle's strftimedate… formats, as Intl styles. */
export type DateStyle = 'date' | 'datetime' | 'fulldatetime';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  fulldatetime: { dateStyle: 'full', timeStyle: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A Unix time as text in a language and timezone (Moodle's userdate): the server's own sentences
 * ("This quiz will open on …") read like the pages around them. `lang` is a pack code (`es`, `pt_br`),
 * `timezone` an IANA zone or 99 for the server's.
 */
export function userDate(seconds: number, who: { lang: string; timezone?: string | null }, style: DateStyle = 'datetime'): string {
  const locale = intlLocale(who.lang);
  const timeZone = effectiveTimezone(who.timezone);
  const key = `${locale}|${timeZone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
    formatters.set(key, f);
  }
  return f.format(new Date(seconds * 1000));
}
