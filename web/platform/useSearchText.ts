import { useEffect, useState } from 'react';

/** How long typing must pause before a list searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * The text of a list's search box, searched once typing pauses: `search` is the search the list
 * shows (from the address), `onSearch` starts a new one with the trimmed text. Answers the box's
 * value and its setter.
 */
export function useSearchText(search: string, onSearch: (search: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing starts a new search.
  }, [text]);
  return [text, setText];
}
