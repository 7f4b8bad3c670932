import { afterAll, vi } from 'vitest';

// The integration project runs its files one after another in the same process (isolate: false,
// docs/decisions/039): what a file changed of that process must not reach the next one. Vitest itself restores
// vi.spyOn mocks between files; globals, environment variables and fake timers are put back here.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
