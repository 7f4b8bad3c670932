import sharp from 'sharp';
import { boundedCustomerImage, CUSTOMER_IMAGE_LIMITS } from '../../../../src/server/files/images';

// A customer's image is kept only as a bounded JPEG (docs/decisions/034).

describe('boundedCustomerImage', () => {
  it('refuses a real image past the pixel limit before decoding its pixels', async () => {
    // 6400 × 6400 = 40.96 megapixels of one grey: a small file, a large decode.
    const big = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#808080' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(1_000_000);
    expect(6400 * 6400).toBeGreaterThan(CUSTOMER_IMAGE_LIMITS.maxInputPixels);
    expect(await boundedCustomerImage(big)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('keeps a transparent PNG as a JPEG on white, within the bounds, never enlarged', async () => {
    const clear = await sharp({
      create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const kept = await boundedCustomerImage(clear);
    if (!kept.ok) throw new Error(kept.reason);
    const meta = await sharp(kept.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80, hasAlpha: false });
    const { data } = await sharp(kept.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
  });

  it('refuses what is not a PNG, JPEG or WebP, or does not decode', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    const truncated = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    for (const bytes of [gif, svg, truncated, new Uint8Array()]) {
      expect(await boundedCustomerImage(bytes)).toEqual({ ok: false, reason: 'not_image' });
    }
  });
});
