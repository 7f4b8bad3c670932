#!/usr/bin/env node
// `npm start`'s prestart (and the e2e tests' setup): builds the client with Vite when dist/client/index.html (or the
// server render of the first screens, dist/server/entry-server.js: `vite build` makes both) is missing or older than
// any of its sources, so a fresh clone starts with `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'dist/client/index.html');
const serverRender = join(root, 'dist/server/entry-server.js');
const sources = ['src/client', 'src/common', 'index.html', 'public', 'vite.config.ts', 'package.json'];

/** The newest file among the client's sources: [mtimeMs, path]. */
function newestSource() {
  let newest = [0, ''];
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return; // removed while we looked
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (stat.mtimeMs > newest[0]) {
      newest = [stat.mtimeMs, path];
    }
  };
  for (const source of sources) visit(join(root, source));
  return newest;
}

/** Why the client must be (re)built, or null when dist/client is up to date. */
export function staleReason() {
  if (!existsSync(output)) return 'dist/client/index.html is missing';
  if (!existsSync(serverRender)) return 'dist/server/entry-server.js is missing';
  const built = Math.min(statSync(output).mtimeMs, statSync(serverRender).mtimeMs);
  const [mtime, path] = newestSource();
  return mtime > built ? `${relative(root, path)} changed after the last build` : null;
}

/** Builds the client when it is stale; returns whether it built. Throws when the build fails. */
export function ensureClientBuild({ quiet = false } = {}) {
  const reason = staleReason();
  if (!reason) return false;
  if (!quiet) console.log(`Building the client (${reason})…`);
  const vite = join(root, 'node_modules/.bin/vite');
  const result = spawnSync(existsSync(vite) ? vite : 'npx', existsSync(vite) ? ['build'] : ['vite', 'build'], {
    cwd: root,
    // A production build whatever the caller's NODE_ENV (vitest sets it to "test", which Vite would honour).
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const detail = quiet ? `\n${result.stdout ?? ''}${result.stderr ?? ''}`.trimEnd() : '';
    throw new Error(`vite build failed (exit ${result.status ?? result.signal})${detail}`);
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (!ensureClientBuild()) console.log('The client build is up to date.');
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
