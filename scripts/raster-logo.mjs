#!/usr/bin/env node
// The shop's logo as PNG, from public/favicon.svg (docs/decisions/055): search engines want a raster logo of at least
// 112 px for the Organization's logo, and many chat clients show no SVG preview. Writes, into public/ (committed, so
// a build needs no image work):
// - logo-512.png: 512 × 512, the logo as drawn (JSON-LD Organization logo);
// - apple-touch-icon.png: 180 × 180 on the logo's green, no transparency (iOS fills it with black);
// - og-default.png: 1200 × 630, the logo centred on the shop's light green (og:image of pages without a picture).
// Run again after changing the SVG: `node scripts/raster-logo.mjs`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
const svg = readFileSync(pub('favicon.svg'));
const GREEN = '#2f6b4f';
const LIGHT = '#eef5e8';

/** The SVG drawn at `size` px square (rendered at the density that gives that size, not scaled up from 64 px). */
const logo = (size) =>
  sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png();
// Fixed output (no time or software chunks), so a run on an unchanged SVG rewrites the same bytes.
const png = (image) => image.png({ compressionLevel: 9, palette: false }).withMetadata({});

await png(logo(512)).toFile(pub('logo-512.png'));
await png(
  sharp({ create: { width: 180, height: 180, channels: 3, background: GREEN } }).composite([
    { input: await logo(180).toBuffer() },
  ]),
).toFile(pub('apple-touch-icon.png'));
await png(
  sharp({ create: { width: 1200, height: 630, channels: 3, background: LIGHT } }).composite([
    { input: await logo(360).toBuffer(), gravity: 'centre' },
  ]),
).toFile(pub('og-default.png'));
console.log('wrote public/logo-512.png, public/apple-touch-icon.png, public/og-default.png');
