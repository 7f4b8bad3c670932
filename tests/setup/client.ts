import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
// i18next started before any feature module of the test file loads (tests/unit/client/toolkit/i18n.ts).
import '../unit/client/toolkit/i18n';
import { i18n } from '../../src/client/lib/i18n/i18n';

// findBy…/waitFor wait up to 3 s (default 1 s): on a busy 2-core CI machine a lazy route can take longer.
configure({ asyncUtilTimeout: 3000 });

// The window as jsdom made it, put back after each file: the files share it (tests/setup/fresh-modules.ts).
const firstUrl = window.location.href;

// Each component test starts with empty storage and an empty document.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  cleanup();
  // The next test starts in English again, whatever language this one chose.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
});

// What a file changed of the shared window, its timers and its globals does not reach the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (window.location.href !== firstUrl) window.history.replaceState(null, '', firstUrl);
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
});
