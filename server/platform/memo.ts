/**
 * A pure function of a string, remembered for the most recently used inputs. Sanitising the same
 * course summaries and names on every request is the main cost of list answers; the output depends
 * only on the input, so it is safe to keep. Bounded by entry count, and long inputs are not kept.
 */
export function memoizeText(fn: (text: string) => string, maxEntries = 10_000, maxLength = 20_000): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    if (text.length > maxLength) return fn(text);
    const hit = cache.get(text);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      cache.delete(text);
      cache.set(text, hit);
      return hit;
    }
    const out = fn(text);
    cache.set(text, out);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return out;
  };
}
