/**
 * Builds a site-relative URL from a path and query parameters. Absolute URLs (with a scheme or
 * starting with `//`) are refused, so a link can never be steered off the site.
 */
export function relativeUrl(path: string, params: Record<string, string | number | boolean | undefined> = {}): string {
  // Browsers drop tabs and newlines in URLs and read "/\" like "//", so those count as absolute too.
  const seen = path.replace(/[\t\n\r]/g, '');
  if (!seen.startsWith('/') || /^\/[/\\]/.test(seen)) {
    throw new Error(`relativeUrl needs a path starting with a single "/", got "${path}"`);
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
