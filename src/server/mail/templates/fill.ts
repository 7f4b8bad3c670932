/**
 * `{{name}}` placeholders filled from `params`. Values go in as they are: unlike `String.replace` with a string, a
 * value holding `$&` or `$'` (an e-mail address may) is not expanded.
 */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}
