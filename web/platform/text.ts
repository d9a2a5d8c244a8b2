/** The text of an HTML fragment (for short previews), without running or rendering any of it. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A Unix timestamp as a date in the page language, or the fallback for 0. */
export function formatDate(seconds: number, fallback = ''): string {
  if (!seconds) return fallback;
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}

/** A Unix timestamp as a date and time in the page language, or the fallback for 0. */
export function formatDateTime(seconds: number, fallback = ''): string {
  if (!seconds) return fallback;
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
}
