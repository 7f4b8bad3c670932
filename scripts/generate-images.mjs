#!/usr/bin/env node
/**
 * Writes the hand-drawn-style demo catalogue images:
 *   public/images/products/<slug>.svg   (400x400, one per product image / gallery path)
 *   public/images/banners/<name>.svg    (1200x500, home hero banners)
 *
 * Deterministic: every random wobble comes from a PRNG seeded by the file name,
 * so re-running produces byte-identical files. No text is drawn (texts are
 * localized elsewhere). The list below must match the paths referenced in
 * src/server/seed/catalog-data.ts.
 *
 * Usage: node scripts/generate-images.mjs
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const productDir = join(root, 'public', 'images', 'products');
const bannerDir = join(root, 'public', 'images', 'banners');

// ---------------------------------------------------------------------------
// What to draw: [file name (without .svg), kind, hue]
// Hues follow the tea type: black ~20-40, green ~100-160, matcha ~90,
// herbal by ingredient, mate ~75, iced ~190, accessories ~190-220,
// gifts ~355, samplers vary.
// ---------------------------------------------------------------------------
const PRODUCT_IMAGES = [
  // Black teas
  ['english-breakfast', 'tin', 24],
  ['english-breakfast-2', 'leaves', 24],
  ['earl-grey-cream', 'pouch', 215],
  ['assam-golden-tips', 'pouch', 35],
  ['yunnan-golden-snail', 'tin', 40],
  ['lapsang-souchong', 'pouch', 10],
  ['masala-chai', 'teabox', 18],
  ['pumpkin-spice-chai', 'pouch', 28],
  ['london-fog-latte', 'tin', 250],
  ['lemon-black-iced-tea', 'teabox', 52],
  // Green teas
  ['dragon-well-longjing', 'tin', 110],
  ['jasmine-dragon-pearls', 'tin', 140],
  ['jasmine-dragon-pearls-2', 'cup', 140],
  ['organic-japanese-sencha', 'pouch', 120],
  ['genmaicha', 'teabox', 70],
  ['moroccan-mint-green', 'pouch', 160],
  ['mango-green-iced-tea', 'pouch', 38],
  ['ginseng-focus-green', 'teabox', 100],
  // Oolong, white, dark
  ['white-peach-oolong', 'pouch', 12],
  ['tieguanyin-oolong', 'tin', 85],
  ['da-hong-pao', 'tin', 5],
  ['jin-xuan-milk-oolong', 'pouch', 45],
  ['ripe-pu-erh-mini-cakes', 'cakes', 20],
  ['white-peony-bai-mu-dan', 'tin', 55],
  ['silver-needle-white-tea', 'tin', 210],
  // Herbal
  ['organic-peppermint', 'teabox', 150],
  ['chamomile-blossom', 'teabox', 48],
  ['lavender-dream', 'teabox', 270],
  ['lemon-ginger-zinger', 'teabox', 45],
  ['hibiscus-berry-cooler', 'pouch', 345],
  ['vanilla-rooibos-latte', 'tin', 30],
  ['golden-turmeric-ginger', 'tin', 42],
  ['elderberry-immunity', 'teabox', 290],
  ['spiced-apple-rooibos', 'pouch', 8],
  ['chocolate-chai-rooibos', 'pouch', 22],
  // Mate
  ['classic-yerba-mate', 'pouch', 75],
  ['organic-mint-mate', 'pouch', 130],
  ['mocha-mate', 'pouch', 25],
  // Matcha
  ['ceremonial-uji-matcha', 'tin', 95],
  ['ceremonial-uji-matcha-2', 'bowl', 95],
  ['ceremonial-uji-matcha-3', 'whisk', 95],
  ['daily-premium-matcha', 'tin', 88],
  ['culinary-grade-matcha', 'pouch', 80],
  ['organic-kagoshima-matcha', 'tin', 105],
  ['vanilla-matcha-latte', 'tin', 70],
  ['hojicha-roasted-powder', 'tin', 26],
  ['iced-matcha-mint', 'pouch', 165],
  ['matcha-starter-kit', 'bowl', 92],
  ['matcha-starter-kit-2', 'whisk', 92],
  // Accessories
  ['glass-teapot-infuser', 'teapot', 195],
  ['glass-teapot-infuser-2', 'cup', 195],
  ['cast-iron-tetsubin', 'teapot', 220],
  ['porcelain-gaiwan', 'gaiwan', 210],
  ['stainless-mesh-infuser', 'infuser', 200],
  ['double-wall-glass-cups', 'glasses', 185],
  ['bamboo-matcha-whisk', 'whisk', 60],
  ['handmade-chawan', 'bowl', 170],
  ['gooseneck-electric-kettle', 'kettle', 215],
  ['travel-infuser-tumbler', 'tumbler', 140],
  ['airtight-tea-caddy', 'tin', 190],
  ['yixing-clay-teapot', 'teapot', 12],
  // Bundle & Save
  ['breakfast-trio-bundle', 'bundle', 28],
  ['matcha-latte-bundle', 'bundle', 92],
  ['sleep-well-bundle', 'bundle', 265],
  ['cold-flu-defense-bundle', 'bundle', 45],
  ['summer-iced-tea-bundle', 'bundle', 190],
  ['mate-energy-bundle', 'gourd', 75],
  ['teapot-starter-bundle', 'teaset', 120],
  // The Gift Shop
  ['tea-lovers-gift-box', 'giftbox', 355],
  ['tea-lovers-gift-box-2', 'tin', 355],
  ['oolong-connoisseur-gift-set', 'giftbox', 35],
  ['tea-advent-calendar', 'calendar', 140],
  ['gongfu-travel-tea-set', 'teaset', 25],
  ['matcha-ceremony-gift-set', 'giftbox', 95],
  ['chai-lovers-gift-tin', 'tin', 15],
  // Variety packs
  ['green-tea-discovery-sampler', 'sampler', 110],
  ['black-tea-sampler', 'sampler', 25],
  ['herbal-wellness-sampler', 'sampler', 300],
  ['oolong-journey-sampler', 'sampler', 40],
  ['iced-tea-variety-pack', 'sampler', 190],
  ['best-sellers-tasting-flight', 'sampler', 260],
];

/** [file name, hue, scene] */
const BANNERS = [
  ['hero-best-sellers', 30, 'teapot'],
  ['hero-matcha', 95, 'matcha'],
  ['hero-bundles', 355, 'gifts'],
];

// ---------------------------------------------------------------------------
// Deterministic randomness and colours
// ---------------------------------------------------------------------------

function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32 */
function makeRng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hex(h, s, l) {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = s / 100;
  const ll = l / 100;
  const f = (n) => {
    const k = (n + hh * 12) % 12;
    const a = ss * Math.min(ll, 1 - ll);
    const c = ll - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function palette(h) {
  return {
    h,
    bg: hex(h, 60, 93),
    soft: hex(h, 55, 80),
    main: hex(h, 45, 56),
    deep: hex(h, 40, 36),
    ink: hex(h, 35, 18),
    cream: '#fdf8ec',
    alt: hex(h + 35, 50, 66),
  };
}

const MATCHA = '#8fb443';
const TEA = '#c4843a';

// ---------------------------------------------------------------------------
// Hand-drawn primitives (all coordinates rounded to integers)
// ---------------------------------------------------------------------------

const r0 = (n) => Math.round(n);

/** A polygon/polyline whose edges bow slightly, like a pen stroke. */
function wob(rng, pts, closed = true, amt = 3) {
  const p = closed ? [...pts, pts[0]] : pts;
  let d = `M${r0(p[0][0])} ${r0(p[0][1])}`;
  for (let i = 1; i < p.length; i++) {
    const [x0, y0] = p[i - 1];
    const [x1, y1] = p[i];
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const off = (rng() - 0.5) * 2 * amt;
    const mx = (x0 + x1) / 2 + (-(y1 - y0) / len) * off;
    const my = (y0 + y1) / 2 + ((x1 - x0) / len) * off;
    d += `Q${r0(mx)} ${r0(my)} ${r0(x1)} ${r0(y1)}`;
  }
  return closed ? `${d}Z` : d;
}

/** A smooth, slightly irregular ellipse. */
function blob(rng, cx, cy, rx, ry, n = 8, j = 0.04) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const k = 1 + (rng() - 0.5) * 2 * j;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  let m = mid(pts[n - 1], pts[0]);
  let d = `M${r0(m[0])} ${r0(m[1])}`;
  for (let i = 0; i < n; i++) {
    const c = pts[i];
    m = mid(c, pts[(i + 1) % n]);
    d += `Q${r0(c[0])} ${r0(c[1])} ${r0(m[0])} ${r0(m[1])}`;
  }
  return `${d}Z`;
}

const path = (d, fill = 'none', extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;

/** A leaf pointing up from (x, y), rotated by `a` degrees. */
function leaf(x, y, len, a, fill, vein = true) {
  const w = r0(len * 0.38);
  const h = r0(len / 2);
  return (
    `<g transform="translate(${r0(x)} ${r0(y)}) rotate(${r0(a)})">` +
    path(`M0 0Q${w} -${h} 0 -${len}Q-${w} -${h} 0 0Z`, fill) +
    (vein ? path(`M0 -5L0 -${len - 10}`, 'none', ' stroke-width="3"') : '') +
    '</g>'
  );
}

// ---------------------------------------------------------------------------
// Object drawings in a 400x400 frame, standing on y ~ 330
// ---------------------------------------------------------------------------

const SHAPES = {
  pouch(rng, c) {
    return (
      path(
        wob(rng, [
          [125, 122],
          [275, 122],
          [292, 330],
          [108, 330],
        ]),
        c.main,
      ) +
      path(
        wob(
          rng,
          [
            [122, 96],
            [278, 96],
            [278, 124],
            [122, 124],
          ],
          true,
          2,
        ),
        c.deep,
      ) +
      path(
        wob(
          rng,
          [
            [128, 110],
            [272, 110],
          ],
          false,
          2,
        ),
        'none',
        ' stroke-dasharray="8 8" stroke-width="3"',
      ) +
      path(
        wob(rng, [
          [150, 178],
          [250, 178],
          [256, 292],
          [144, 292],
        ]),
        c.cream,
      ) +
      leaf(200, 275, 70, -8, c.main) +
      leaf(205, 270, 46, 38, c.soft, false)
    );
  },
  tin(rng, c) {
    return (
      path(
        wob(rng, [
          [140, 140],
          [260, 140],
          [260, 322],
          [140, 322],
        ]),
        c.main,
      ) +
      path(blob(rng, 200, 322, 60, 12), c.main) +
      path(
        wob(
          rng,
          [
            [140, 190],
            [260, 190],
            [260, 282],
            [140, 282],
          ],
          true,
          2,
        ),
        c.cream,
      ) +
      path(
        wob(
          rng,
          [
            [134, 106],
            [266, 106],
            [266, 144],
            [134, 144],
          ],
          true,
          2,
        ),
        c.deep,
      ) +
      path(blob(rng, 200, 106, 66, 14), c.soft) +
      leaf(192, 270, 62, -25, c.main) +
      leaf(208, 270, 56, 28, c.alt, false)
    );
  },
  teabox(rng, c) {
    return (
      path(
        wob(rng, [
          [115, 168],
          [265, 168],
          [265, 330],
          [115, 330],
        ]),
        c.main,
      ) +
      path(
        wob(rng, [
          [265, 168],
          [300, 138],
          [300, 300],
          [265, 330],
        ]),
        c.deep,
      ) +
      path(
        wob(rng, [
          [115, 168],
          [150, 138],
          [300, 138],
          [265, 168],
        ]),
        c.soft,
      ) +
      path(
        wob(rng, [
          [172, 96],
          [218, 92],
          [222, 156],
          [176, 160],
        ]),
        c.cream,
      ) +
      path(
        wob(
          rng,
          [
            [196, 94],
            [214, 70],
            [246, 64],
          ],
          false,
          4,
        ),
        'none',
        ' stroke-width="3"',
      ) +
      path(
        wob(
          rng,
          [
            [238, 50],
            [268, 48],
            [270, 76],
            [240, 78],
          ],
          true,
          2,
        ),
        c.alt,
      ) +
      path(blob(rng, 190, 250, 46, 46), c.cream) +
      leaf(190, 282, 60, 12, c.main)
    );
  },
  teapot(rng, c) {
    return (
      path('M122 232Q78 222 70 172L86 168Q100 210 132 254Z', c.main) +
      path('M282 208C348 196 348 292 276 284', 'none', ' stroke-width="14"') +
      path(blob(rng, 200, 248, 98, 78, 10), c.main) +
      path(
        wob(
          rng,
          [
            [118, 250],
            [160, 236],
            [200, 252],
            [240, 236],
            [282, 250],
          ],
          false,
          5,
        ),
        'none',
        ` stroke="${c.cream}" stroke-width="8"`,
      ) +
      path(blob(rng, 200, 174, 52, 13), c.deep) +
      path(blob(rng, 200, 154, 13, 11, 6), c.deep) +
      path(blob(rng, 200, 328, 58, 8), c.deep)
    );
  },
  cup(rng, c) {
    return (
      path(blob(rng, 200, 304, 124, 22, 10), c.soft) +
      path('M270 214C326 206 322 274 254 266', 'none', ' stroke-width="10"') +
      path(
        wob(rng, [
          [124, 196],
          [276, 196],
          [244, 298],
          [156, 298],
        ]),
        c.main,
      ) +
      path(blob(rng, 200, 196, 76, 15), c.cream) +
      path(blob(rng, 200, 198, 62, 10), TEA) +
      path(
        wob(
          rng,
          [
            [170, 160],
            [160, 135],
            [176, 110],
            [166, 86],
          ],
          false,
          6,
        ),
        'none',
        ' stroke-width="4"',
      ) +
      path(
        wob(
          rng,
          [
            [210, 160],
            [200, 130],
            [218, 104],
            [208, 76],
          ],
          false,
          6,
        ),
        'none',
        ' stroke-width="4"',
      ) +
      leaf(300, 140, 48, 35, c.alt)
    );
  },
  whisk(rng, c) {
    let prongs = '';
    for (let i = 0; i < 9; i++) {
      const x = 140 + i * 15;
      prongs += path(
        `M200 212Q${x} 250 ${x + (x - 200) * 0.15} ${318 - Math.abs(x - 200) * 0.35}`,
        'none',
        ` stroke="${c.deep}" stroke-width="3"`,
      );
    }
    return (
      path(blob(rng, 200, 336, 74, 9), c.soft) +
      path('M184 204C112 238 122 328 200 336C278 328 288 238 216 204Z', c.cream) +
      prongs +
      path(
        wob(
          rng,
          [
            [182, 84],
            [218, 84],
            [218, 210],
            [182, 210],
          ],
          true,
          2,
        ),
        c.soft,
      ) +
      path(
        wob(
          rng,
          [
            [182, 150],
            [218, 150],
          ],
          false,
          2,
        ),
      ) +
      path(blob(rng, 200, 84, 18, 6), c.deep)
    );
  },
  giftbox(rng, c) {
    return (
      path(
        wob(rng, [
          [122, 204],
          [278, 204],
          [278, 332],
          [122, 332],
        ]),
        c.main,
      ) +
      path(
        wob(rng, [
          [110, 170],
          [290, 170],
          [290, 206],
          [110, 206],
        ]),
        c.deep,
      ) +
      path(
        wob(
          rng,
          [
            [188, 170],
            [212, 170],
            [212, 332],
            [188, 332],
          ],
          true,
          1,
        ),
        c.cream,
      ) +
      path('M200 164C160 110 120 150 196 166Z', c.cream) +
      path('M200 164C240 110 280 150 204 166Z', c.cream) +
      path(blob(rng, 200, 164, 13, 11, 6), c.alt) +
      leaf(300, 320, 54, 30, c.alt)
    );
  },
  bowl(rng, c) {
    let foam = '';
    for (let i = 0; i < 6; i++) {
      foam += `<circle cx="${r0(150 + rng() * 100)}" cy="${r0(212 + rng() * 10)}" r="${r0(3 + rng() * 4)}" fill="${c.cream}" stroke="none"/>`;
    }
    return (
      path(blob(rng, 200, 334, 46, 8), c.deep) +
      path(
        wob(
          rng,
          [
            [104, 214],
            [130, 300],
            [200, 332],
            [270, 300],
            [296, 214],
          ],
          true,
          4,
        ),
        c.main,
      ) +
      path(blob(rng, 200, 214, 96, 20, 10), MATCHA) +
      foam +
      leaf(300, 120, 56, 30, MATCHA) +
      leaf(112, 130, 44, -35, c.soft)
    );
  },
  leaves(rng, c) {
    let out = path(
      wob(
        rng,
        [
          [120, 330],
          [170, 260],
          [220, 180],
          [262, 96],
        ],
        false,
        8,
      ),
      'none',
      ' stroke-width="8"',
    );
    const spots = [
      [150, 290, -60],
      [168, 262, 40],
      [196, 222, -55],
      [212, 190, 45],
      [238, 146, -40],
      [248, 126, 50],
    ];
    spots.forEach(([x, y, a], i) => {
      out += leaf(x, y, 70 + r0(rng() * 20), a, i % 2 ? c.main : c.alt);
    });
    return out + leaf(262, 96, 60, 25, c.soft);
  },
  kettle(rng, c) {
    return (
      path('M148 300C100 290 92 200 64 160', 'none', ' stroke-width="16"') +
      path('M148 300C100 290 92 200 64 160', 'none', ` stroke="${c.soft}" stroke-width="6"`) +
      path('M258 200C318 200 320 300 266 300', 'none', ' stroke-width="12"') +
      path(
        wob(rng, [
          [156, 176],
          [244, 176],
          [272, 318],
          [128, 318],
        ]),
        c.main,
      ) +
      path(
        wob(
          rng,
          [
            [116, 318],
            [284, 318],
            [284, 342],
            [116, 342],
          ],
          true,
          2,
        ),
        c.deep,
      ) +
      path(blob(rng, 200, 176, 46, 10), c.deep) +
      path(blob(rng, 200, 160, 10, 9, 6), c.deep)
    );
  },
  infuser(rng, c) {
    let mesh = '';
    for (let i = 0; i < 5; i++) mesh += path(`M${150 + i * 25} 178L${160 + i * 20} 210`, 'none', ' stroke-width="2"');
    return (
      path('M268 230C326 224 326 300 262 296', 'none', ' stroke-width="12"') +
      path(
        wob(rng, [
          [132, 206],
          [268, 206],
          [262, 330],
          [138, 330],
        ]),
        c.main,
      ) +
      path(
        wob(
          rng,
          [
            [96, 204],
            [304, 204],
          ],
          false,
          2,
        ),
        'none',
        ' stroke-width="10"',
      ) +
      path(blob(rng, 200, 204, 72, 16), c.soft) +
      path('M140 200Q200 140 260 200', c.cream) +
      mesh +
      leaf(178, 160, 54, -30, c.alt) +
      leaf(222, 160, 50, 28, c.main)
    );
  },
  gaiwan(rng, c) {
    let dots = '';
    for (let i = 0; i < 5; i++)
      dots += `<circle cx="${150 + i * 25}" cy="${268 + (i % 2) * 8}" r="5" fill="${c.deep}" stroke="none"/>`;
    return (
      path(blob(rng, 200, 316, 118, 20, 10), c.soft) +
      path(
        wob(
          rng,
          [
            [124, 234],
            [148, 296],
            [200, 310],
            [252, 296],
            [276, 234],
          ],
          true,
          3,
        ),
        c.cream,
      ) +
      dots +
      path('M116 236Q200 162 284 236Z', c.main) +
      path(blob(rng, 200, 182, 20, 8), c.deep)
    );
  },
  glasses(rng, c) {
    const glass = (x) =>
      path(
        wob(
          rng,
          [
            [x - 52, 150],
            [x + 52, 150],
            [x + 42, 320],
            [x - 42, 320],
          ],
          true,
          2,
        ),
        c.cream,
      ) +
      path(
        wob(
          rng,
          [
            [x - 36, 200],
            [x + 36, 200],
            [x + 28, 290],
            [x - 28, 290],
          ],
          true,
          2,
        ),
        TEA,
      );
    return glass(140) + glass(262) + path(blob(rng, 200, 330, 150, 10), c.soft) + leaf(320, 120, 50, 30, c.main);
  },
  tumbler(rng, c) {
    return (
      path(
        wob(rng, [
          [152, 112],
          [248, 112],
          [242, 330],
          [158, 330],
        ]),
        c.main,
      ) +
      path(
        wob(
          rng,
          [
            [152, 230],
            [248, 230],
            [246, 262],
            [154, 262],
          ],
          true,
          2,
        ),
        c.cream,
      ) +
      path(
        wob(
          rng,
          [
            [144, 82],
            [256, 82],
            [256, 114],
            [144, 114],
          ],
          true,
          2,
        ),
        c.deep,
      ) +
      path(blob(rng, 200, 82, 56, 9), c.soft) +
      leaf(200, 224, 60, 0, c.alt)
    );
  },
  cakes(rng, c) {
    const cake = (x, y, s) =>
      path(blob(rng, x, y, 52 * s, 40 * s, 8, 0.06), c.cream) +
      path(`M${x - 22 * s} ${y - 30 * s}L${x} ${y - 56 * s}L${x + 22 * s} ${y - 30 * s}`, c.cream) +
      path(
        wob(
          rng,
          [
            [x - 30 * s, y],
            [x + 30 * s, y],
          ],
          false,
          6,
        ),
        'none',
        ` stroke="${c.main}" stroke-width="6"`,
      );
    return cake(140, 290, 1) + cake(262, 290, 1) + cake(200, 210, 1.05) + leaf(320, 150, 50, 30, c.main);
  },
  bundle(rng, c) {
    return (
      `<g transform="translate(30 70) scale(.7)">${SHAPES.tin(rng, c)}</g>` +
      `<g transform="translate(146 58) scale(.72)">${SHAPES.pouch(rng, palette(c.h + 30))}</g>` +
      path(
        wob(
          rng,
          [
            [70, 262],
            [330, 262],
          ],
          false,
          6,
        ),
        'none',
        ` stroke="${c.alt}" stroke-width="12"`,
      ) +
      path('M200 262C170 226 150 250 196 266ZM200 262C230 226 250 250 204 266Z', c.alt)
    );
  },
  sampler(rng, c) {
    let out = path(
      wob(rng, [
        [92, 170],
        [308, 170],
        [318, 330],
        [82, 330],
      ]),
      c.deep,
    );
    for (let i = 0; i < 6; i++) {
      const x = 110 + (i % 3) * 64;
      const y = 116 + Math.floor(i / 3) * 96;
      const p = palette(c.h + (i - 2) * 28);
      out += path(
        wob(
          rng,
          [
            [x, y],
            [x + 52, y],
            [x + 52, y + 84],
            [x, y + 84],
          ],
          true,
          2,
        ),
        p.main,
      );
      out += leaf(x + 26, y + 66, 34, 10, p.cream, false);
    }
    return (
      out +
      path(
        wob(rng, [
          [82, 262],
          [318, 262],
          [318, 330],
          [82, 330],
        ]),
        c.main,
      )
    );
  },
  calendar(rng, c) {
    let out = path(
      wob(rng, [
        [86, 96],
        [314, 96],
        [314, 330],
        [86, 330],
      ]),
      c.main,
    );
    for (let i = 0; i < 12; i++) {
      const x = 104 + (i % 4) * 51;
      const y = 114 + Math.floor(i / 4) * 70;
      const fill = i % 3 === 0 ? c.cream : i % 3 === 1 ? c.soft : palette(c.h + 210).soft;
      out += path(
        wob(
          rng,
          [
            [x, y],
            [x + 40, y],
            [x + 40, y + 56],
            [x, y + 56],
          ],
          true,
          1,
        ),
        fill,
      );
      if (i % 2) out += `<circle cx="${x + 32}" cy="${y + 30}" r="4" fill="${c.deep}"/>`;
    }
    return out + leaf(318, 92, 50, 35, palette(c.h + 210).main);
  },
  gourd(rng, c) {
    return (
      path(
        wob(
          rng,
          [
            [206, 170],
            [268, 62],
          ],
          false,
          2,
        ),
        'none',
        ' stroke-width="8"',
      ) +
      path(blob(rng, 200, 262, 86, 74, 10), c.main) +
      path(
        wob(rng, [
          [160, 200],
          [240, 200],
          [232, 168],
          [168, 168],
        ]),
        c.deep,
      ) +
      path(blob(rng, 200, 168, 34, 8), MATCHA) +
      path(
        wob(
          rng,
          [
            [120, 270],
            [160, 262],
            [200, 274],
            [240, 262],
            [280, 270],
          ],
          false,
          4,
        ),
        'none',
        ` stroke="${c.cream}" stroke-width="6"`,
      ) +
      leaf(310, 320, 56, 40, c.alt) +
      leaf(96, 320, 48, -40, c.soft)
    );
  },
  teaset(rng, c) {
    const cup = (x) =>
      path(
        wob(
          rng,
          [
            [x - 30, 262],
            [x + 30, 262],
            [x + 20, 306],
            [x - 20, 306],
          ],
          true,
          2,
        ),
        c.cream,
      ) + path(blob(rng, x, 262, 30, 6), TEA);
    return (
      path(
        wob(rng, [
          [60, 308],
          [340, 308],
          [322, 338],
          [78, 338],
        ]),
        c.deep,
      ) +
      `<g transform="translate(70 40) scale(.62)">${SHAPES.teapot(rng, c)}</g>` +
      cup(268) +
      cup(328 - 8)
    );
  },
};

// ---------------------------------------------------------------------------
// SVG documents
// ---------------------------------------------------------------------------

function productSvg(name, kind, hue) {
  const rng = makeRng(hashString(name));
  const c = palette(hue);
  const draw = SHAPES[kind];
  if (!draw) throw new Error(`Unknown kind ${kind} for ${name}`);
  let deco = '';
  const spots = [
    [52, 62],
    [346, 60],
    [56, 350],
    [344, 352],
    [40, 200],
  ];
  for (const [x, y] of spots) {
    deco += `<circle cx="${r0(x + (rng() - 0.5) * 16)}" cy="${r0(y + (rng() - 0.5) * 16)}" r="${r0(4 + rng() * 5)}" fill="${c.soft}"/>`;
  }
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img">' +
    `<rect x="6" y="6" width="388" height="388" rx="56" fill="${c.bg}"/>` +
    deco +
    path(blob(rng, 200, 214, 150, 146, 10, 0.05), c.soft, ' opacity=".55"') +
    path(blob(rng, 200, 340, 128, 14), c.ink, ' opacity=".1"') +
    `<g stroke="${c.ink}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">${draw(rng, c)}</g>` +
    '</svg>\n'
  );
}

function bannerSvg(name, hue, scene) {
  const rng = makeRng(hashString(name));
  const c = palette(hue);
  const hill = palette(scene === 'gifts' ? 110 : hue + 70);
  let out =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500" role="img" preserveAspectRatio="xMidYMid slice">' +
    `<rect width="1200" height="500" fill="${c.bg}"/>` +
    path(blob(rng, 960, 150, 120, 120, 10), c.soft, ' opacity=".8"');
  // Rolling tea-garden hills with rows of bushes
  const layers = [
    [330, hill.soft, 40],
    [390, hill.main, 30],
    [450, hill.deep, 20],
  ];
  for (const [y, fill, amp] of layers) {
    let d = `M0 ${y}`;
    for (let x = 0; x <= 1200; x += 200) {
      d += `Q${x + 100} ${r0(y - amp - rng() * amp)} ${x + 200} ${y}`;
    }
    out += path(`${d}L1200 500L0 500Z`, fill);
    let rows = '';
    for (let x = 40; x < 1200; x += 90) {
      rows += `M${x} ${y + 20}q20 -12 40 0`;
    }
    out += path(rows, 'none', ` stroke="${hill.bg}" stroke-width="4" stroke-linecap="round" opacity=".5"`);
  }
  // Floating leaves on the left (kept sparse for the text overlay)
  let leaves = '';
  for (let i = 0; i < 7; i++) {
    const x = 60 + rng() * 1080;
    const y = 40 + rng() * 200;
    leaves += leaf(x, y, 30 + r0(rng() * 24), r0(rng() * 360), i % 2 ? hill.main : c.alt, false);
  }
  const sceneCtx = { stroke: c.ink };
  let objects = '';
  if (scene === 'teapot') {
    objects +=
      `<g transform="translate(700 80) scale(.95)">${SHAPES.teapot(rng, c)}</g>` +
      `<g transform="translate(940 200) scale(.6)">${SHAPES.cup(rng, c)}</g>` +
      `<g transform="translate(560 230) scale(.5)">${SHAPES.cup(rng, palette(hue + 20))}</g>`;
  } else if (scene === 'matcha') {
    objects +=
      `<g transform="translate(700 90) scale(.95)">${SHAPES.bowl(rng, palette(hue - 60))}</g>` +
      `<g transform="translate(960 140) scale(.75)">${SHAPES.whisk(rng, palette(45))}</g>` +
      `<g transform="translate(560 200) scale(.55)">${SHAPES.tin(rng, c)}</g>`;
  } else {
    objects +=
      `<g transform="translate(690 90) scale(.95)">${SHAPES.giftbox(rng, c)}</g>` +
      `<g transform="translate(950 170) scale(.7)">${SHAPES.tin(rng, palette(30))}</g>` +
      `<g transform="translate(560 210) scale(.55)">${SHAPES.pouch(rng, palette(95))}</g>`;
  }
  out +=
    `<g stroke="${sceneCtx.stroke}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">` +
    leaves +
    objects +
    '</g></svg>\n';
  return out;
}

// ---------------------------------------------------------------------------
// Write files
// ---------------------------------------------------------------------------

mkdirSync(productDir, { recursive: true });
mkdirSync(bannerDir, { recursive: true });

const seen = new Set();
let total = 0;
let largest = ['', 0];
for (const [name, kind, hue] of PRODUCT_IMAGES) {
  if (seen.has(name)) throw new Error(`Duplicate image ${name}`);
  seen.add(name);
  const svg = productSvg(name, kind, hue);
  if (svg.length >= 3000) throw new Error(`${name}.svg is ${svg.length} bytes (limit 3 KB)`);
  if (svg.length > largest[1]) largest = [name, svg.length];
  writeFileSync(join(productDir, `${name}.svg`), svg);
  total += svg.length;
}
for (const [name, hue, scene] of BANNERS) {
  const svg = bannerSvg(name, hue, scene);
  if (svg.length >= 8000) throw new Error(`${name}.svg is ${svg.length} bytes (limit 8 KB)`);
  writeFileSync(join(bannerDir, `${name}.svg`), svg);
  total += svg.length;
}
console.log(
  `Wrote ${PRODUCT_IMAGES.length} product images and ${BANNERS.length} banners (${(total / 1024).toFixed(1)} KB; largest product image ${largest[0]} at ${largest[1]} bytes).`,
);

// The seeded shop shows what uploads show (docs/decisions/026): each drawing also as WebP at the widths
// the server stores an upload in (src/server/files/images.ts: 320, 640 and 1280, quality 80), named
// `<name>-<width>.webp`, so the demo's pages load raster images with srcset like a real shop's. An SVG `<img>` is a
// whole document for the browser to parse, style and lay out on the main thread (13-37 ms each on this machine);
// a WebP is decoded off it.
const { default: sharp } = await import('sharp');
let webpBytes = 0;
const renditions = [
  ...PRODUCT_IMAGES.map(([name]) => [productDir, name, 400]),
  ...BANNERS.map(([name]) => [bannerDir, name, 1200]),
];
for (const [dir, name, drawnWidth] of renditions) {
  const svg = readFileSync(join(dir, `${name}.svg`));
  for (const width of [320, 640, 1280]) {
    const webp = await sharp(svg, { density: Math.ceil((72 * width) / drawnWidth) })
      .resize({ width })
      .webp({ quality: 80 })
      .toBuffer();
    writeFileSync(join(dir, `${name}-${width}.webp`), webp);
    webpBytes += webp.length;
  }
}
console.log(`Wrote ${renditions.length * 3} WebP renditions (${(webpBytes / 1024).toFixed(1)} KB).`);
