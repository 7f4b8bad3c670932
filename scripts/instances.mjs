#!/usr/bin/env node
// `npm run instances`: several instances of the shop on one PostgreSQL database behind a small proxy, on this
// machine: the shape of a real deployment, for trying it (README "Running several instances", decision 025).
//
//   DATABASE_URL=postgres://user:pass@127.0.0.1:5432/leafcup npm run instances
//
// Builds the client when needed, migrates and seeds the database once, then starts INSTANCES (2) servers on
// 8081, 8082, … (each with its own UPLOAD_DIR under data/instances/, TRUST_PROXY=1, SHUTDOWN_DRAIN_MS=1000) and the
// proxy (scripts/instances/proxy.mjs) on PORT (8080). Ctrl-C (or SIGTERM) drains and stops them all.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy } from './instances/proxy.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL ?? '';
const count = Number(process.env.INSTANCES ?? 2);
const port = Number(process.env.PORT ?? 8080);

if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'npm run instances needs PostgreSQL: DATABASE_URL=postgres://user:pass@host:5432/db npm run instances\n' +
      '(several instances share one database; a SQLite file is for one instance only).',
  );
  process.exit(2);
}
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error(`INSTANCES must be 1-16 (got ${process.env.INSTANCES})`);
  process.exit(2);
}

/** Runs a node script to its end with the given environment; exits this process when it fails. */
const runStep = (args, env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code !== 0) {
        console.error(`${args.join(' ')} failed (exit ${code})`);
        process.exit(1);
      }
      resolve();
    });
  });

const baseEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
await runStep(['scripts/ensure-build.mjs'], baseEnv);
// Once, before any instance starts: migrations and the demo seed when the database is empty.
await runStep(['--import', 'tsx', 'src/server/db-cli.ts', 'seed'], baseEnv);

const servers = [];
for (let i = 1; i <= count; i++) {
  const uploads = join(root, 'data/instances', String(i), 'uploads');
  mkdirSync(uploads, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...baseEnv,
      HOST: '127.0.0.1',
      PORT: String(port + i),
      UPLOAD_DIR: uploads,
      SEED: 'off',
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: the terminal's Ctrl-C reaches this script only, which then sends each one SIGTERM
    // (a second signal would make an instance exit at once, without finishing its requests).
    detached: true,
  });
  child.on('exit', (code, signal) => console.log(`instance ${i} (port ${port + i}) exited: ${signal ?? code}`));
  servers.push({ i, port: port + i, child });
}

// Waits until every instance answers /readyz (60 s at most).
const deadline = Date.now() + 60_000;
for (const server of servers) {
  while (true) {
    const ok = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (server.child.exitCode !== null || Date.now() > deadline) {
      console.error(`instance ${server.i} did not become ready`);
      for (const s of servers) s.child.kill('SIGTERM');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const proxy = await startProxy({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  upstreams: servers.map((s) => ({ port: s.port })),
  log: (line) => console.log(`[proxy] ${line}`),
});
console.log(
  `\nLeaf & Cup: ${count} instance(s) on ports ${servers.map((s) => s.port).join(', ')} behind ${proxy.url}` +
    '\nCtrl-C stops them all (each drains first).',
);

let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping: SIGTERM to every instance');
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => (s.child.exitCode === null ? new Promise((r) => s.child.once('exit', r)) : undefined)),
  );
  await proxy.close();
  process.exit(0);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
