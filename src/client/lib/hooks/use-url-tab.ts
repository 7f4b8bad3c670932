import { useSearchParams } from 'react-router-dom';

/**
 * A screen's tab kept in the address (`?tab=`, so a reload or a shared link opens the same tab): the first of `tabs`
 * when it is missing or unknown. Showing another tab changes the address in place (no history entry) and keeps the
 * rest of its query.
 */
export function useUrlTab<T extends string>(tabs: readonly [T, ...T[]]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((name) => name === asked) ?? tabs[0];
  const show = (next: T) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return [tab, show] as const;
}
