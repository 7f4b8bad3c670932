import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
// i18next started before any feature module of the test file loads (tests/unit/client/toolkit/i18n.ts).
import '../unit/client/toolkit/i18n';
import { i18n } from '../../src/client/lib/i18n/i18n';

// findBy…/waitFor wait up to 3 s (default 1 s): on a busy 2-core CI machine a lazy route can take longer.
configure({ asyncUtilTimeout: 3000 });

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
