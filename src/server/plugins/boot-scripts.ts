import { createHash } from 'node:crypto';
import { EARLY_AGE_YES, mirrorCookieText } from '../../common/server-render';

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

/**
 * Inlined at the end of a server-rendered page (docs/decisions/022, "Scripts after the first paint"): once the first
 * screen's image (the `img[fetchpriority=high]`, the one the head preloads) has loaded or failed, or after
 * `IMAGE_WAIT_MS` at most, and once a frame with it has been painted, it asks for the app's scripts (the entry and the
 * screen's chunks, from the tag's `data-entry` and `data-preload`, as modulepreloads so they download in parallel)
 * and runs the entry, which hydrates the markup. Until then nothing competes with the first screen's HTML and image
 * for a slow link. Inline, not a file: a script request cost every first visit a round trip before any of the app's
 * scripts could be asked for.
 */
export const IMAGE_WAIT_MS = 2500;

/**
 * The first part of START_BOOT (docs/decisions/027): until the app starts (`<html data-app>`), a tap on the age gate's
 * Yes is answered here as the app answers it (the visited flag in localStorage, the visited cookie) and `<html>` is
 * marked, which hides the gate (layout.css) and tells the app (lib/ssr/boot.ts `answeredEarly`). Before, a visitor who
 * answered while the scripts were still coming had tapped for nothing.
 */
export const EARLY_AGE_YES_BOOT = [
  '(()=>{var r=document.documentElement;document.addEventListener("click",v=>{',
  `var b=v.target;if(r.dataset.app||!b||!b.closest||!b.closest("[${EARLY_AGE_YES.attribute}]"))return;`,
  `try{localStorage.setItem("${EARLY_AGE_YES.storageKey}","true")}catch(x){}`,
  `document.cookie=${JSON.stringify(mirrorCookieText('visited', '1'))};`,
  `r.dataset.${EARLY_AGE_YES.flag}=""},true)})();`,
].join('');

export const START_BOOT = [
  EARLY_AGE_YES_BOOT,
  '(()=>{var s=document.currentScript,e=s&&s.dataset.entry;if(!e)return;',
  'var p=(s.dataset.preload||"").split(" "),n=0,i=document.querySelector("img[fetchpriority=high]"),',
  'go=()=>{if(n++)return;requestAnimationFrame(()=>setTimeout(()=>{',
  // The links go into the head in one insertion: one at a time cost 40–100 ms of this task on a 4×-slowed phone
  // (13 links on a product's page), one fragment about a third of that.
  'var d=document.createDocumentFragment();',
  'for(var f of p)if(f){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=f;',
  'd.appendChild(l)}document.head.appendChild(d);',
  'import(e)},0))};',
  'if(i&&!i.complete){i.addEventListener("load",go);i.addEventListener("error",go);',
  `setTimeout(go,${IMAGE_WAIT_MS})}else go()})();`,
].join('');

const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP sources that allow THEME_BOOT and START_BOOT inline and no other inline script. */
export const BOOT_SCRIPTS_CSP = [hash(THEME_BOOT), hash(START_BOOT)] as const;
