import { createHash } from 'node:crypto';

/**
 * Inlined at the top of a server-rendered page (docs/decisions/022): inside Telegram the theme comes in the URL's
 * hash (tgWebAppThemeParams), which never reaches the server, so this sets Telegram's `--tg-theme-*` colours before
 * the first paint (the SDK binds the same variables later); on Android devices of the LOW performance class it sets
 * `data-perf="low"` (fewer animations, lib/telegram/performance.ts) before the first paint too. Anywhere else it does
 * nothing. Inline, not a file: a render-blocking script request cost every first visit a round trip. The CSP allows
 * exactly this text by its hash (security-headers.ts), so `script-src` still admits no other inline script.
 */
export const THEME_BOOT = [
  '(()=>{try{',
  'if(/Telegram-Android\\/\\S+\\s*\\([^)]*;\\s*LOW\\)/i.test(navigator.userAgent))document.documentElement.dataset.perf="low";',
  'var t=JSON.parse(new URLSearchParams(location.hash.slice(1)).get("tgWebAppThemeParams")||"null");',
  'if(!t||typeof t!=="object")return;var s=document.documentElement.style;',
  'for(var k of Object.keys(t))if(/^[a-z_]+$/.test(k)&&typeof t[k]==="string")',
  's.setProperty("--tg-theme-"+k.replace(/_/g,"-"),t[k]);',
  '}catch(e){}})();',
].join('');

/** The CSP source that allows THEME_BOOT inline and nothing else. */
export const THEME_BOOT_CSP = `'sha256-${createHash('sha256').update(THEME_BOOT).digest('base64')}'`;
