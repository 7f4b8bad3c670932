import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface FirstLoad {
  /** The entry script and everything index.html preloads (what every route loads first). */
  entry: ChunkSize[];
  /** The route's lazy chunk and its static imports not already in `entry`. */
  route: ChunkSize[];
  /** CSS: index.html's stylesheets plus the route chunk's CSS (from the manifest when there is one). */
  css: ChunkSize[];
  source: 'manifest' | 'index.html';
}

/** A built file's size, raw and gzip -9. */
export const size = (dist: string, file: string): ChunkSize => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** Static `import … from "./x.js"` (and bare `import "./x.js"`) of a built chunk, as dist-relative paths. */
export function staticImports(dist: string, file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.add(join('assets', m[1]!.slice(2)));
  }
  return [...found];
}

/** `roots` and every chunk they import statically, transitively (those in `skip` and what only they import left out). */
export function closure(dist: string, roots: string[], skip: Set<string>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || skip.has(file) || !existsSync(join(dist, file))) return;
    seen.add(file);
    for (const dep of staticImports(dist, file)) visit(dep);
  };
  for (const r of roots) visit(r);
  return [...seen];
}

/**
 * What the browser downloads to show a route first: index.html's entry script, its modulepreloads and their
 * static imports, then the route's page chunk (found in .vite/manifest.json when the build writes one, else
 * by its file name) and its static imports. Sizes are gzip -9 of the built files.
 */
export function firstLoad(dist: string, pageSource: string, chunkPrefix: string): FirstLoad {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]!);
  const entryFiles = closure(dist, [...scripts, ...preloads], new Set());

  let pageChunk: string | undefined;
  let pageCss: string[] = [];
  let source: FirstLoad['source'] = 'index.html';
  const manifestPath = join(dist, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; css?: string[] }>;
    const entry = manifest[pageSource];
    if (entry) {
      pageChunk = entry.file;
      pageCss = entry.css ?? [];
      source = 'manifest';
    }
  }
  if (!pageChunk) {
    const assets = listAssets(dist);
    pageChunk = assets.find((f) => f.startsWith(`assets/${chunkPrefix}-`) && f.endsWith('.js'));
    const css = assets.find((f) => f.startsWith(`assets/${chunkPrefix}-`) && f.endsWith('.css'));
    if (css) pageCss = [css];
  }
  const routeFiles = pageChunk ? closure(dist, [pageChunk], new Set(entryFiles)) : [];
  if (source === 'index.html') {
    // Without a manifest, the CSS of the route's chunks is the .css file next to each chunk name.
    const assets = listAssets(dist);
    for (const f of routeFiles) {
      const stem = f.replace(/-[\w-]+\.js$/, '');
      for (const css of assets.filter((a) => a.endsWith('.css') && a.replace(/-[\w-]+\.css$/, '') === stem)) {
        if (!pageCss.includes(css)) pageCss.push(css);
      }
    }
  }
  return {
    entry: entryFiles.map((f) => size(dist, f)),
    route: routeFiles.map((f) => size(dist, f)),
    css: [...styles, ...pageCss].map((f) => size(dist, f)),
    source,
  };
}

function listAssets(dist: string): string[] {
  return readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
}
