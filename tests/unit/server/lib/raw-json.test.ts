import { hasRawField, RawJson, rawValue, serialize } from '../../../../src/server/lib/raw-json';

// JSON text placed in an answer as it is (docs/decisions/028: the product list's kept cards).

describe('RawJson and serialize()', () => {
  it('writes each RawJson’s text in its place, wherever it is, and everything else as JSON.stringify does', () => {
    const value = {
      a: 'x',
      cards: new RawJson('[{"id":1},{"id":2}]'),
      nested: { list: [new RawJson('{"k":true}'), 3, null], text: 'a "quoted" \u0000 text' },
      last: new RawJson('7'),
    };
    expect(serialize(value)).toBe(
      '{"a":"x","cards":[{"id":1},{"id":2}],"nested":{"list":[{"k":true},3,null],"text":"a \\"quoted\\" \\u0000 text"},"last":7}',
    );
    expect(JSON.parse(serialize(value))).toEqual({
      a: 'x',
      cards: [{ id: 1 }, { id: 2 }],
      nested: { list: [{ k: true }, 3, null], text: 'a "quoted" \u0000 text' },
      last: 7,
    });
  });

  it('is JSON.stringify when there is no RawJson', () => {
    const value = { a: [1, 'two', { three: null }], b: 'raw:' };
    expect(serialize(value)).toBe(JSON.stringify(value));
  });

  it('leaves a text that looks like its stand-in alone (the stand-in is random per process)', () => {
    const value = { name: '\u0000raw:0', list: new RawJson('[]'), other: '\u0000raw:abc:0' };
    expect(JSON.parse(serialize(value))).toEqual({ name: '\u0000raw:0', list: [], other: '\u0000raw:abc:0' });
  });

  it('refuses to be written by JSON.stringify, which would write its stand-in', () => {
    expect(() => JSON.stringify({ cards: new RawJson('[]') })).toThrow(/serialize/);
    // And serialize() is usable again after that.
    expect(serialize({ cards: new RawJson('[1]') })).toBe('{"cards":[1]}');
  });

  it('says whether an answer’s data has a RawJson field, and gives the value for a reader', () => {
    expect(hasRawField({ products: new RawJson('[]'), next_cursor: null })).toBe(true);
    expect(hasRawField({ products: [], next_cursor: null })).toBe(false);
    expect(hasRawField(null)).toBe(false);
    expect(hasRawField('text')).toBe(false);
    expect(rawValue(new RawJson<number[]>('[1,2]'))).toEqual([1, 2]);
    const plain = [{ id: 1 }];
    expect(rawValue(plain)).toBe(plain);
  });
});
