import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { SourceMapConsumer } from 'source-map-js';
import type { StackFrame } from './stack';

/**
 * The client build's hidden source maps (vite.config.ts, `sourcemap: 'hidden'`): written beside each script in
 * dist/client/assets, referenced by no script and never served (plugins/client.ts), read here to turn a shopper's
 * minified stack into source files and lines (docs/decisions/045-errors-from-phones.md).
 *
 * The build's id is its entry script's name (`index-<hash>`, from the manifest): the client sends the same name, read
 * from its own entry's URL, with every report. A report from another build is not mapped at all — this build's maps
 * say nothing true about another build's lines — and is kept with its frames as they came, marked so.
 *
 * Maps are read on first use, one file at a time, and kept in a cache bounded by their size on disk (MAX_CACHED_BYTES;
 * a parsed map takes a few times that in memory); a map over MAX_MAP_BYTES is not read. A rebuild (another manifest)
 * empties the cache.
 */

const MAX_CACHED_BYTES = 24 * 1024 * 1024;
const MAX_MAP_BYTES = 8 * 1024 * 1024;
const MAX_SCRIPTS = 256;
/** A script of the build: a plain file name under /assets/ (nothing else is looked up on disk). */
const ASSET = /^\/assets\/([\w.-]+\.m?js)$/;

export interface MappedFrame {
  /** The source's name of the identifier at this place (at a call: the function called), or null. */
  name: string | null;
  /** The source file, relative to the project (`src/client/…`). */
  file: string;
  line: number;
  column: number;
}

/** Whether a report's frames could be mapped: all that could be, none (another build), or no maps at all. */
export type StackState = 'mapped' | 'other_build' | 'no_build';

export interface SourceMaps {
  /** The served build's id, or null when there is no build (no manifest). */
  buildId(): Promise<string | null>;
  /** A frame of the served build, mapped to its source; null when the frame is not the build's or has no mapping. */
  map(frame: { file: string; line: number; column: number }): Promise<MappedFrame | null>;
}

/** `../../src/client/x.ts` (relative to the map) → `src/client/x.ts`; a package keeps its `node_modules/…` path. */
export function sourcePath(source: string): string {
  const clean = source.replace(/^[\w-]+:\/\/\/?/, '').replace(/\\/g, '/');
  const inside = /(?:^|\/)((?:src|node_modules)\/.*)$/.exec(clean);
  return (inside?.[1] ?? clean.replace(/^(?:\.\.?\/)+/, '')).slice(0, 300);
}

interface Manifest {
  [key: string]: { file?: string; isEntry?: boolean };
}

/** The source maps of the build in `dist` (dist/client). */
export function createSourceMaps(dist: string): SourceMaps {
  let build: { mtime: number; id: string | null } | null = null;
  // At most MAX_CACHED_BYTES of maps, and at most MAX_SCRIPTS names (a report may name scripts that do not exist).
  const cache = new LRUCache<string, Promise<SourceMapConsumer | null>>({
    max: MAX_SCRIPTS,
    maxSize: MAX_CACHED_BYTES,
  });
  const sizes = new Map<string, number>();

  const buildId = async (): Promise<string | null> => {
    const manifestFile = join(dist, '.vite/manifest.json');
    let mtime: number;
    try {
      mtime = (await stat(manifestFile)).mtimeMs;
    } catch {
      build = null;
      return null;
    }
    if (build?.mtime === mtime) return build.id;
    cache.clear();
    try {
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
      const entry = manifest['index.html'] ?? Object.values(manifest).find((c) => c.isEntry);
      const id = entry?.file ? (/([^/]+)\.m?js$/.exec(entry.file)?.[1] ?? null) : null;
      build = { mtime, id };
    } catch {
      build = { mtime, id: null };
    }
    return build.id;
  };

  const load = async (name: string): Promise<SourceMapConsumer | null> => {
    const file = join(dist, 'assets', `${name}.map`);
    try {
      const size = (await stat(file)).size;
      if (size > MAX_MAP_BYTES) return null;
      sizes.set(name, size);
      return new SourceMapConsumer(await readFile(file, 'utf8'));
    } catch {
      return null;
    }
  };

  const consumer = (name: string): Promise<SourceMapConsumer | null> => {
    const known = cache.get(name);
    if (known) return known;
    const loading = load(name);
    // Kept while it loads (two frames of one script read it once), then weighed by the file's size.
    cache.set(name, loading, { size: 1 });
    void loading.then((map) => {
      if (cache.get(name) === loading)
        cache.set(name, loading, { size: Math.max(1, map ? (sizes.get(name) ?? 1) : 1) });
    });
    return loading;
  };

  return {
    buildId,
    async map(frame) {
      const name = ASSET.exec(frame.file)?.[1];
      if (!name || frame.line < 1 || frame.column < 1) return null;
      const map = await consumer(name);
      if (!map) return null;
      // Engines count columns from 1, source maps from 0.
      const found = map.originalPositionFor({ line: frame.line, column: frame.column - 1 });
      if (!found.source || found.line === null || found.line === undefined) return null;
      return {
        name: found.name ?? null,
        file: sourcePath(found.source),
        line: found.line,
        column: (found.column ?? 0) + 1,
      };
    },
  };
}

/** What a report's stack becomes: each frame mapped where it can be, or as it came. */
export interface ReadFrame {
  fn: string | null;
  file: string;
  line: number;
  column: number;
  mapped: boolean;
}

/**
 * Maps `frames` (their files already cut to `/assets/…`) with the served build's maps when the report's `build` is
 * the served one; else keeps them as they came and says why.
 */
export async function mapFrames(
  maps: SourceMaps,
  build: string | undefined,
  frames: readonly StackFrame[],
): Promise<{ state: StackState; frames: ReadFrame[] }> {
  const served = await maps.buildId();
  const asCame = frames.map((f) => ({ ...f, mapped: false }));
  if (!served) return { state: 'no_build', frames: asCame };
  if (build !== served) return { state: 'other_build', frames: asCame };
  const mapped = await Promise.all(frames.map((f) => maps.map(f)));
  // A map names the identifier at a place, not the function around it: a frame's function is the name its caller's
  // frame (the next one down) maps to, the function called there. An unmapped frame keeps the engine's name; a mapped
  // one without a caller's name gets none rather than a minified one.
  const read = frames.map((f, i): ReadFrame => {
    const at = mapped[i];
    if (!at) return { ...f, mapped: false };
    return { fn: mapped[i + 1]?.name ?? null, file: at.file, line: at.line, column: at.column, mapped: true };
  });
  return { state: 'mapped', frames: read };
}
