import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// findBy…/waitFor wait up to 3 s (default 1 s): on a busy 2-core CI machine a lazy route can take longer.
configure({ asyncUtilTimeout: 3000 });

// Each component test starts with empty storage and an empty document.
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
