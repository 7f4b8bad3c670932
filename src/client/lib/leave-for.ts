/**
 * Sends the browser to another site's page in this tab (the card provider's hosted checkout, docs/decisions/040): one
 * place to do it, so tests can watch it (jsdom's `location.assign` cannot be replaced).
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
