/**
 * The fields of `after` whose values differ from `before` (compared as JSON), as the `before` / `after` of an audit
 * entry holding only what changed; null when nothing did (the caller then writes nothing and audits nothing).
 */
export function changedFields<T extends object>(before: T, after: T) {
  const keys = (Object.keys(after) as Array<keyof T>).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}
