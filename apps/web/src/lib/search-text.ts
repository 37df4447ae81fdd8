import { useState } from 'react';
import { useLocation } from 'react-router';

/** The `search` query of the search results (/search/, /search/{view}/); null on any other screen. */
export function searchQueryOf(location: { pathname: string; search: string }): string | null {
  if (!/^\/search(\/|$)/.test(location.pathname)) return null;
  return (new URLSearchParams(location.search).get('search') ?? '').slice(0, 200);
}

/**
 * The text of the top bar's search field. On the search results it is their query (after an Enter, Back,
 * or a link opened anew), so the field never forgets what was asked; elsewhere it keeps what was typed.
 */
export function useHeaderSearchText(): [string, (text: string) => void] {
  const query = searchQueryOf(useLocation());
  const [text, setText] = useState(query ?? '');
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    // The results' query changed: adjust during render rather than in an effect (no flash of the old text).
    setShown(query);
    if (query !== null) setText(query);
  }
  return [text, setText];
}
