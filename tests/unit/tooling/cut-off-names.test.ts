import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No rule of the client's CSS cuts text short with an ellipsis except those listed here (docs/decisions/055): a
 * product name cut to "Ceremonial Uji Match…" in the order history, or a file input's "No image chos…" at checkout,
 * hid what a shopper needed to read. A new one must be a text that can be cut (a link with a copy button beside it).
 */
const ALLOWED = new Set(['.copy-field__input']);
const root = fileURLToPath(new URL('../../../src/client', import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

describe('text cut off with an ellipsis', () => {
  it('is found only where it is allowed', () => {
    const cut: string[] = [];
    for (const file of cssFiles(root)) {
      const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        if (/text-overflow:\s*ellipsis/.test(body ?? '')) cut.push((selector ?? '').trim());
      }
    }
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.filter((s) => !ALLOWED.has(s))).toEqual([]);
  });
});
