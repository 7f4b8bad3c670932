// Inside Telegram, the theme comes in the URL's hash (tgWebAppThemeParams), which never reaches the server: set
// Telegram's --tg-theme-* colours before the first paint of a server-rendered page (docs/decisions/022). The SDK
// binds the same variables later. Anywhere else this does nothing.
(() => {
  try {
    const hash = new URLSearchParams(location.hash.slice(1));
    const theme = JSON.parse(hash.get('tgWebAppThemeParams') || 'null');
    if (!theme || typeof theme !== 'object') return;
    const style = document.documentElement.style;
    for (const key of Object.keys(theme)) {
      if (/^[a-z_]+$/.test(key) && typeof theme[key] === 'string') {
        style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, theme[key]);
      }
    }
  } catch {
    // a hash that is not Telegram's: nothing to set
  }
})();
