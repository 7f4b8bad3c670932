import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_WIDTHS, renditionAt, renditionBase } from '../../../src/common/image-renditions';
import { banners, products } from '../../../src/server/seed/catalog-data';

const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));

/** Every picture the seeded catalogue names (scripts/generate-images.mjs writes them; docs/decisions/026). */
const seeded = [...products.flatMap((p) => [p.image, ...p.gallery]), ...banners.map((b) => b.image)];

describe('the seeded catalogue’s pictures', () => {
  it('are WebP renditions, served in the three widths an upload has', () => {
    expect(seeded.length).toBeGreaterThan(80);
    for (const url of seeded) expect(renditionBase(url), url).not.toBeNull();
  });

  it('exist in public/ at every width, as WebP that wide, beside their SVG source', async () => {
    for (const url of new Set(seeded)) {
      const base = renditionBase(url)!;
      expect(existsSync(join(publicDir, `${base}.svg`)), `${base}.svg`).toBe(true);
      for (const width of IMAGE_WIDTHS) {
        const file = join(publicDir, renditionAt(url, width));
        expect(existsSync(file), file).toBe(true);
        const meta = await sharp(readFileSync(file)).metadata();
        expect([meta.format, meta.width], file).toEqual(['webp', width]);
      }
    }
  });
});
