#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on change, NODE_ENV=development) on :8080 and Vite's dev
// server (hot reload, proxies /v1, /v2 and /uploads to :8080) on :5173, together. Ctrl-C stops both; when one
// exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { LOG_LEVEL: 'debug', ...process.env, NODE_ENV: 'development' },
  }),
  spawn(bin('vite'), process.argv.slice(2), { cwd: root, stdio: 'inherit', env: process.env }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // Give them a moment to close their servers, then make sure they are gone.
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 3000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', r)))),
  ).then(() => process.exit(code));
}

for (const child of children) child.once('exit', (code) => stopAll(code ?? 0));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
console.log(
  'Leaf & Cup dev: API on http://localhost:8080, app with hot reload on http://localhost:5173 (Ctrl-C stops both)',
);
