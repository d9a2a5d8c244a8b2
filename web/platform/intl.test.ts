import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatNumber, formatPercent, fromDateInput, fromDateTimeInput, pageLocale, pageTimeZone, startOfToday, toDateInput, toDateTimeInput } from './intl';
import { testPageConfig } from './testing';

/** 2025-03-12 09:30 UTC. */
const MOMENT = Date.UTC(2025, 2, 12, 9, 30) / 1000;

function onPage(lang: string, timezone: string): void {
  document.documentElement.lang = lang;
  window.M = { cfg: testPageConfig({ lang: lang.replace(/-/g, '_'), timezone }) };
}

afterEach(() => {
  document.documentElement.lang = '';
  delete window.M;
});

describe('dates and numbers in the user’s language and timezone', () => {
  it('reads the locale from <html lang>, pack codes included', () => {
    onPage('pt-br', 'UTC');
    expect(pageLocale()).toBe('pt-BR');
    onPage('es', 'UTC');
    expect(pageLocale()).toBe('es');
  });

  it('formats a date in Spanish, Arabic and English, at the user’s local time', () => {
    onPage('es', 'Europe/Madrid');
    expect(formatDate(MOMENT)).toBe(new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'Europe/Madrid' }).format(MOMENT * 1000));
    expect(formatDateTime(MOMENT)).toContain('10:30');
    onPage('ar', 'Asia/Riyadh');
    expect(formatDateTime(MOMENT)).toBe(new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(MOMENT * 1000));
    onPage('en', 'America/New_York');
    expect(formatDateTime(MOMENT)).toMatch(/5:30/);
  });

  it('answers the fallback for no time', () => {
    onPage('es', 'UTC');
    expect(formatDate(0, 'Nunca')).toBe('Nunca');
    expect(formatDateTime(0)).toBe('');
  });

  it('uses the browser’s zone when the page names none ICU knows', () => {
    onPage('en', 'Mars/Olympus');
    expect(pageTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('formats numbers and sizes with the language’s separators', () => {
    onPage('es', 'UTC');
    expect(formatNumber(1234.5, 2)).toBe('1234,50');
    expect(formatNumber(12345.5, 1)).toBe('12.345,5');
    onPage('en', 'UTC');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(2.5, 2, false)).toBe('2.5');
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(12_345)).toBe('12.3 kB');
    expect(formatFileSize(1_400_000)).toBe('1.4 MB');
    expect(formatPercent(0.975)).toBe('97.5%');
    onPage('es', 'UTC');
    expect(formatFileSize(1_400_000)).toBe('1,4 MB');
  });

  it('reads and writes date inputs as days and times in the user’s timezone', () => {
    onPage('en', 'Asia/Tokyo');
    // 09:30 UTC is 18:30 in Tokyo.
    expect(toDateTimeInput(MOMENT)).toBe('2025-03-12T18:30');
    expect(fromDateTimeInput('2025-03-12T18:30')).toBe(MOMENT);
    expect(toDateInput(Date.UTC(2025, 2, 12, 20) / 1000)).toBe('2025-03-13');
    expect(fromDateInput('2025-03-13')).toBe(Date.UTC(2025, 2, 12, 15) / 1000);
    expect(fromDateInput('')).toBe(0);
    expect(fromDateTimeInput('soon')).toBe(0);
    expect(toDateInput(0)).toBe('');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    onPage('en', 'Europe/Paris');
    // Summer time: 12:00 in Paris is 10:00 UTC; winter: 11:00 UTC.
    expect(fromDateTimeInput('2025-07-01T12:00')).toBe(Date.UTC(2025, 6, 1, 10) / 1000);
    expect(fromDateTimeInput('2025-01-15T12:00')).toBe(Date.UTC(2025, 0, 15, 11) / 1000);
    for (const value of ['2025-03-30T01:30', '2025-03-30T03:30', '2025-10-26T12:00']) expect(toDateTimeInput(fromDateTimeInput(value))).toBe(value);
  });

  it('finds today’s midnight in the user’s zone', () => {
    onPage('en', 'Pacific/Auckland');
    const midnight = startOfToday();
    expect(toDateTimeInput(midnight)).toMatch(/T00:00$/);
    expect(Date.now() / 1000 - midnight).toBeGreaterThanOrEqual(0);
    expect(Date.now() / 1000 - midnight).toBeLessThan(25 * 3600);
  });
});
