#!/usr/bin/env node
// Structure figures (docs/decisions/010, 037 and 038): cross-feature imports in the client, server domains importing
// another domain's repository, folder cycles, files over 400 lines, functions over 100 lines, and the longest of each.
// `node scripts/structure-figures.mjs` prints them; `--check` also exits 1 when a file or function is too long.
// Imports are read as text; functions with the parser that builds the client (Rolldown's oxc).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'rolldown/utils';

// `--root DIR` measures another tree (the tooling test's probes); by default this repository.
const rootArg = process.argv.indexOf('--root');
const root = rootArg === -1 ? join(dirname(fileURLToPath(import.meta.url)), '..') : resolve(process.argv[rootArg + 1]);
const SOURCE = /\.(ts|tsx)$/;
const LONG = 400;
const LONG_FUNCTION = 100;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) ? [path] : [];
  });
}

const files = walk(join(root, 'src'));
const rel = (p) => relative(root, p).split(sep).join('/');
const aliases = { '@/': 'src/client/', '@common/': 'src/common/' };

/** The file an import specifier points at (relative or aliased), or null for a package. */
function target(from, spec) {
  let base = null;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  for (const [alias, dir] of Object.entries(aliases))
    if (spec.startsWith(alias)) base = join(root, dir, spec.slice(alias.length));
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return base;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const edges = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const to = target(file, m[1] ?? m[2]);
    if (to) edges.push([rel(file), rel(to)]);
  }
}

/** The folder a file belongs to for the cycle count: a client feature, a client layer, a server domain, bot, common. */
function unit(path) {
  const parts = path.split('/');
  if (parts[1] === 'client')
    return parts[2] === 'features' || parts[2] === 'entities'
      ? parts.slice(0, 4).join('/')
      : parts.slice(0, 3).join('/');
  // Files at src/server's top (app, main, routes, config) are each their own unit: the composition root and the settings.
  if (parts[1] === 'server')
    return parts
      .slice(0, 3)
      .join('/')
      .replace(/\.tsx?$/, '');
  return parts.slice(0, 2).join('/');
}

const feature = (path) => (/^src\/client\/features\/[^/]+\//.test(path) ? path.split('/')[3] : null);
const crossFeature = edges.filter(([a, b]) => feature(a) && feature(b) && feature(a) !== feature(b));
const lowerToFeature = edges.filter(
  ([a, b]) => /^src\/client\/(lib|stores|entities)\//.test(a) && /^src\/client\/features\//.test(b),
);

// Folder graph and its strongly connected components (Tarjan).
const graph = new Map();
for (const [a, b] of edges) {
  const [ua, ub] = [unit(a), unit(b)];
  if (ua === ub) continue;
  if (!graph.has(ua)) graph.set(ua, new Set());
  if (!graph.has(ub)) graph.set(ub, new Set());
  graph.get(ua).add(ub);
}
let index = 0;
const stack = [];
const info = new Map();
const cycles = [];
function connect(v) {
  info.set(v, { index, low: index, on: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!info.has(w)) {
      connect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).on = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const v of graph.keys()) if (!info.has(v)) connect(v);

// A server domain's repository is its own: another domain goes through that domain's service (docs/decisions/038).
const domain = (path) => (/^src\/server\/[^/]+\//.test(path) ? path.split('/')[2] : null);
const isRepository = (path) => /(^|\/|-)repository\.ts$/.test(path);
const crossRepository = edges.filter(([a, b]) => domain(a) && domain(b) && domain(a) !== domain(b) && isRepository(b));

// Seed data and frozen migrations aside.
const measured = files.filter((f) => !f.includes(`${sep}seed${sep}`) && !f.includes(`${sep}migrations${sep}`));

/** The functions of a source with their length in lines (first to last line), named as a reader would look them up. */
function functionLengths(file, code) {
  const { program } = parseSync(file, code);
  const breaks = [];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) breaks.push(i);
  /** The 1-based line of an offset: one more than the line breaks before it (a binary search). */
  const lineAt = (offset) => {
    let [lo, hi] = [0, breaks.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const found = [];
  const visit = (node, name) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, name);
      return;
    }
    let label = name;
    if (node.type === 'VariableDeclarator' && node.id?.type === 'Identifier') label = node.id.name;
    if ((node.type === 'MethodDefinition' || node.type === 'Property') && node.key?.type === 'Identifier')
      label = node.key.name;
    if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(node.type)) {
      const fnName = node.id?.name ?? name ?? '(anonymous)';
      found.push({ name: fnName, line: lineAt(node.start), lines: lineAt(node.end) - lineAt(node.start) + 1 });
      label = undefined;
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'type' && value && typeof value === 'object') visit(value, label);
  };
  visit(program, undefined);
  return found;
}

const longFunctions = measured
  .flatMap((f) => functionLengths(f, readFileSync(f, 'utf8')).map((fn) => ({ file: rel(f), ...fn })))
  .filter((fn) => fn.lines > LONG_FUNCTION)
  .sort((a, b) => b.lines - a.lines);

const lengths = measured.map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length]).sort((a, b) => b[1] - a[1]);

console.log(`source files: ${files.length}`);
console.log(`cross-feature imports (client feature → another feature): ${crossFeature.length}`);
for (const [a, b] of crossFeature) console.log(`  ${a} → ${b}`);
console.log(`lib/, stores/ or entities/ importing a feature: ${lowerToFeature.length}`);
for (const [a, b] of lowerToFeature) console.log(`  ${a} → ${b}`);
console.log(`server domains importing another domain's repository: ${crossRepository.length}`);
for (const [a, b] of crossRepository) console.log(`  ${a} → ${b}`);
console.log(`folder cycles: ${cycles.length}`);
for (const c of cycles) console.log(`  ${c.join(' ⇄ ')}`);
const long = lengths.filter(([, n]) => n > LONG);
console.log(`source files over ${LONG} lines (seed data and migrations aside): ${long.length}`);
console.log('longest source files:');
for (const [f, n] of lengths.slice(0, 10)) console.log(`  ${String(n).padStart(5)}  ${f}`);
console.log(`functions over ${LONG_FUNCTION} lines (seed data and migrations aside): ${longFunctions.length}`);
for (const fn of longFunctions) console.log(`  ${String(fn.lines).padStart(5)}  ${fn.file}:${fn.line} ${fn.name}`);
if (process.argv.includes('--check') && (long.length || longFunctions.length)) process.exit(1);
