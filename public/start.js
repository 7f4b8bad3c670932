// Loads the app's entry after the first paint of a server-rendered page (docs/decisions/022): the page is drawn from
// its HTML first, then the entry (already fetched: modulepreload) is evaluated and hydrates it.
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  requestAnimationFrame(() => setTimeout(() => import(entry), 0));
})();
