import { describe, expect, it } from 'vitest';
import { packagingName, packagingNames } from '../../../src/common/packaging-name';

const oolong = { name_en: 'Oolong', name_zh: '乌龙', variant_name_en: '100 g', variant_name_zh: '100克' };

describe('packagingName', () => {
  it('names a packaging in English with round brackets and in Chinese with full-width ones', () => {
    expect(packagingName(oolong, 'en')).toBe('Oolong (100 g)');
    expect(packagingName(oolong, 'zh')).toBe('乌龙（100克）');
  });

  it('adds the quantity, with no space after a full-width bracket', () => {
    expect(packagingName(oolong, 'en', 2)).toBe('Oolong (100 g) × 2');
    expect(packagingName(oolong, 'zh', 2)).toBe('乌龙（100克）× 2');
  });

  it('gives both languages at once', () => {
    expect(packagingNames(oolong, 3)).toEqual({ en: 'Oolong (100 g) × 3', zh: '乌龙（100克）× 3' });
  });
});
