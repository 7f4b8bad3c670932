import { describe, expect, it } from 'vitest';
import {
  HIDE_THRESHOLD,
  nextHeaderVisibility,
  TRANSPARENT_THRESHOLD,
  WIDE_MIN_WIDTH,
} from '../../../../src/client/app/layout/use-header-visibility';

const shown = { hidden: false, transparent: false };
const hidden = { hidden: true, transparent: false };
const wide = { wide: true };

describe('nextHeaderVisibility (docs/product.md §2: 769 px, 20 px, 10 px)', () => {
  it('uses the numbers of docs/product.md', () => {
    expect([WIDE_MIN_WIDTH, HIDE_THRESHOLD, TRANSPARENT_THRESHOLD]).toEqual([769, 20, 10]);
  });

  it('hides when scrolling down past 20 px, shows when scrolling up', () => {
    expect(nextHeaderVisibility(shown, 100, 140, wide)).toEqual({ hidden: true, transparent: false });
    expect(nextHeaderVisibility(hidden, 140, 139, wide)).toEqual({ hidden: false, transparent: false });
  });

  it('keeps its state when the position did not change', () => {
    expect(nextHeaderVisibility(hidden, 300, 300, wide).hidden).toBe(true);
    expect(nextHeaderVisibility(shown, 300, 300, wide).hidden).toBe(false);
  });

  it('is always shown within 20 px of the top, even scrolling down', () => {
    expect(nextHeaderVisibility(shown, 5, 20, wide).hidden).toBe(false);
    expect(nextHeaderVisibility(hidden, 0, 15, wide).hidden).toBe(false);
    expect(nextHeaderVisibility(shown, 20, 21, wide).hidden).toBe(true);
  });

  it('is transparent under 10 px only', () => {
    expect(nextHeaderVisibility(shown, 0, 0, wide).transparent).toBe(true);
    expect(nextHeaderVisibility(shown, 0, 9, wide).transparent).toBe(true);
    expect(nextHeaderVisibility(shown, 0, 10, wide).transparent).toBe(false);
    expect(nextHeaderVisibility(hidden, 400, 9, wide)).toEqual({ hidden: false, transparent: true });
  });

  it('never hides or turns transparent on narrow screens', () => {
    expect(nextHeaderVisibility(shown, 100, 500, { wide: false })).toEqual(shown);
    expect(nextHeaderVisibility(hidden, 0, 0, { wide: false })).toEqual(shown);
  });

  it('stays shown while one of its menus is open (pinned)', () => {
    expect(nextHeaderVisibility(shown, 100, 400, { wide: true, pinned: true }).hidden).toBe(false);
    expect(nextHeaderVisibility(hidden, 400, 400, { wide: true, pinned: true }).hidden).toBe(false);
  });
});
