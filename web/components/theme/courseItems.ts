/**
 * Where choosing a course search suggestion goes: a path inside the app for addresses on this site,
 * the full address otherwise, and nowhere for '#' (an item that cannot be opened).
 */
export function suggestionTarget(address: string, here: Location = window.location): { path: string } | { href: string } | null {
  if (address === '#' || address === '') return null;
  let url: URL;
  try {
    url = new URL(address, here.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === here.origin ? { path: `${url.pathname}${url.search}${url.hash}` } : { href: url.href };
}
