import { vi } from 'vitest';

// The client project's files share a process and its jsdom window (isolate: false, docs/decisions/039): loading
// jsdom, React and the rest once per process instead of once per file halves its time. The shop's own modules are
// loaded anew for each file all the same (this runs first, before tests/setup/client.ts imports any), so each file
// gets new stores, a new i18n instance and its own vi.mock of them, as in a process of its own. Packages from
// node_modules stay loaded (the React Testing Library, React itself).
vi.resetModules();
