import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `ms` (search fields ask the server once per pause). The first value that
 * is not null is taken at once (nothing is waited for before the first answer).
 */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const immediate = settled === null || settled === undefined;
  if (immediate && !Object.is(value, settled)) setSettled(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, settled, ms]);
  return immediate ? value : settled;
}
