import { intlLocale } from './preference';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A number with a fixed count of decimals in a language's notation (Moodle's format_float): "7.50" in
 * English, "7,50" in Spanish. No thousands separators, as Moodle writes grades.
 */
export function formatDecimal(value: number, decimals: number, lang: string): string {
  const key = `${lang}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
    formatters.set(key, f);
  }
  return f.format(value);
}
