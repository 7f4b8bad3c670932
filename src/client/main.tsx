import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient } from '@/app/App';
import { SERVER_SCREENS, type ServerScreen } from '@/app/router';
import { buildIdOf, installErrorReporter } from '@/lib/error-reports/reporter';
import { setupI18n } from '@/lib/i18n/i18n';
import { initialLanguage } from '@/lib/i18n/language';
import { answeredEarly, type Boot, markStarting, mirrorCookie, readBoot } from '@/lib/ssr/boot';
import { STORAGE_KEYS, storage } from '@/lib/storage/storage';
import { initTelegram } from '@/lib/telegram/init';
import { launchLooks } from '@/lib/telegram/launch';
import { yieldToMain } from '@/lib/yield-to-main';
import '@/app/styles.css';

/**
 * Whether the server's markup of a screen it renders is what this browser's first render draws (docs/decisions/022):
 * the same language, the same age gate. Else the app renders over it. Telegram's theme and platform do not count:
 * the root takes them right after hydrating (useAppLooks, docs/decisions/027).
 */
function matchesServer(boot: Boot, lang: string, ageGate: boolean): boolean {
  return boot.lang === lang && boot.ageGate === ageGate;
}

async function start() {
  // Start-up runs as a few short tasks, not one long one (docs/decisions/026): evaluating the entry's
  // modules is one task, then each step below gives the main thread back before the next.
  await yieldToMain();
  // Inside Telegram the host check and the SDK run alongside the first render, which waits for neither
  // (docs/plans/015 §5): the theme and the user's language come from the launch parameters at once; nothing logs in,
  // links or sends init_data before the host answered (lib/telegram/launch.ts); the buttons attach once the SDK is
  // there; the layout tells Telegram the app is ready once the first screen has committed. In a plain browser tab this
  // loads nothing.
  void initTelegram();
  const lang = initialLanguage(launchLooks()?.userLanguage);
  await setupI18n(lang);
  await yieldToMain();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // A server-rendered screen: its data goes into the cache and its page module is loaded (modulepreloaded), so the
  // first render has the page, not its fallback.
  const boot = readBoot();
  if (boot) hydrate(queryClient, boot.queries);
  const screen = boot && boot.screen in SERVER_SCREENS ? SERVER_SCREENS[boot.screen as ServerScreen] : null;
  if (screen) {
    await screen.preload();
    await yieldToMain();
  }
  const visited = storage.get(STORAGE_KEYS.hasVisited) === 'true' || answeredEarly();
  // The server renders the next page as this browser shows it (language, age gate): it reads these cookies.
  mirrorCookie('lang', lang);
  if (visited) mirrorCookie('visited', '1');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The server's markup is what this browser draws: React hydrates it in a transition (it yields to the browser while
  // it works), and from this task on React answers the page's taps (it replays those that come while it hydrates);
  // so the page's start script stops answering the age gate now (docs/decisions/027), between the read above and
  // the hydration's first render, which then agree.
  if (boot && screen && matchesServer(boot, lang, !visited)) {
    markStarting();
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // Else React draws over it (another language, a Yes answered early, a page the server did not render), also in a
  // transition, in short tasks, with the server's markup on screen until the whole first screen is ready. Until the
  // app is live the start script still answers a Yes on the server's age gate, and the gate closes when it sees it.
  startTransition(() => {
    createRoot(root).render(app);
  });
}

// Errors on the shopper's device reach the shop from here on (docs/decisions/045); this entry's name is the build's id.
installErrorReporter(buildIdOf(import.meta.url));
void start();
