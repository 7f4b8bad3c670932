import { describe, expect, it } from 'vitest';
import { MAX_FRAMES, parseFrame, parseStack } from '../../../../src/server/client-errors/stack';

// docs/decisions/045: the three engines' stack formats, read without a library.

describe('stack frames', () => {
  it('reads Chromium frames: named, anonymous, async, constructors', () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'id')",
      '    at Ke (https://shop.test/assets/index-Bx12Cd34.js:1:20345)',
      '    at https://shop.test/assets/CartPage-Ab98Zy76.js:2:118',
      '    at async Promise.all (index 0)',
      '    at async Object.load (https://shop.test/assets/index-Bx12Cd34.js:1:777)',
      '    at new Basket (https://shop.test/assets/index-Bx12Cd34.js:3:9)',
      '    at Array.map (<anonymous>)',
      '    at eval (eval at run (https://shop.test/assets/index-Bx12Cd34.js:1:5), <anonymous>:1:1)',
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { fn: 'Ke', file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 1, column: 20345 },
      { fn: null, file: 'https://shop.test/assets/CartPage-Ab98Zy76.js', line: 2, column: 118 },
      { fn: 'Object.load', file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 1, column: 777 },
      { fn: 'Basket', file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 3, column: 9 },
    ]);
  });

  it('reads WebKit frames (iOS, Telegram on Apple devices)', () => {
    const stack = [
      'Ke@https://shop.test/assets/index-Bx12Cd34.js:1:20345',
      '@https://shop.test/assets/index-Bx12Cd34.js:1:99',
      'global code@https://shop.test/assets/index-Bx12Cd34.js:4:1',
      'forEach@[native code]',
      'https://shop.test/assets/index-Bx12Cd34.js:5:6',
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { fn: 'Ke', file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 1, column: 20345 },
      { fn: null, file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 1, column: 99 },
      { fn: 'global code', file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 4, column: 1 },
      { fn: null, file: 'https://shop.test/assets/index-Bx12Cd34.js', line: 5, column: 6 },
    ]);
  });

  it('reads Firefox frames, with its marks for inner functions', () => {
    expect(parseFrame('load/</<@https://shop.test/assets/index-Bx12Cd34.js:1:500')).toEqual({
      fn: 'load',
      file: 'https://shop.test/assets/index-Bx12Cd34.js',
      line: 1,
      column: 500,
    });
    expect(parseFrame('moz-extension://abc/content.js:3:4')?.file).toBe('moz-extension://abc/content.js');
  });

  it('keeps a URL with a query or a port whole (the scrubber cuts the query later)', () => {
    expect(parseFrame('    at f (http://localhost:8080/assets/a.js?v=1:10:20)')).toEqual({
      fn: 'f',
      file: 'http://localhost:8080/assets/a.js?v=1',
      line: 10,
      column: 20,
    });
  });

  it('skips what is not a frame and reads at most MAX_FRAMES', () => {
    expect(parseFrame('Error: boom')).toBeNull();
    expect(parseFrame('')).toBeNull();
    expect(parseFrame(`    at ${'x'.repeat(3000)} (a.js:1:1)`)).toBeNull();
    const deep = Array.from({ length: 100 }, (_, i) => `    at f${i} (https://shop.test/assets/a.js:1:${i + 1})`);
    expect(parseStack(deep.join('\n'))).toHaveLength(MAX_FRAMES);
  });
});
