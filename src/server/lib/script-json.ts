/**
 * JSON inside a `<script>` data block (`application/json`, `application/ld+json`): no `<` (so no `</script>` or
 * `<!--` can close it early) and no line separators (docs/decisions/022, 047).
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
