import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebounced } from './use-debounced';

/**
 * A list screen's filters kept in the URL's query (a reload or a shared link shows the same list), with a search box
 * whose text reaches the filters 300 ms after typing stops. `read` turns the query into filters, ignoring anything
 * unknown. The URL changes in place (no history entry per keystroke).
 */
export function useUrlFilters<F extends { q?: string }>(read: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams();
  const fromUrl = read(params);
  const [text, setText] = useState(fromUrl.q ?? '');
  const q = useDebounced(text.trim(), 300);
  // react-query compares keys by value, so a new object per render is the same list.
  const filters: F = { ...fromUrl, q: q || undefined };

  const setFilter = (name: keyof F & string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return {
    filters,
    /** The search box's text as typed. */
    text,
    search: (value: string) => {
      setText(value);
      setFilter('q', value.trim());
    },
    setFilter,
    /** Whether any filter is set (a "Clear filters" button is worth showing). */
    filtered: params.toString() !== '',
    clear: () => {
      setText('');
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}
