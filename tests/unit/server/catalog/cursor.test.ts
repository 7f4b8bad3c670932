import { decodeCursor, encodeCursor } from '../../../../src/server/catalog/cursor';
import { AppError } from '../../../../src/server/lib/errors';

const pos = { createdAt: '2026-01-02T03:04:05.678Z', id: 42 };

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('list cursors', () => {
  it('round-trip a position, as URL-safe text', () => {
    const c = encodeCursor(pos, 'oldest');
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, 'oldest')).toEqual(pos);
    expect(decodeCursor(encodeCursor(pos), 'newest')).toEqual(pos);
  });

  it.each([
    ['not base64', '***'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON but not an object', Buffer.from('7').toString('base64url')],
    ['a bad time', Buffer.from(JSON.stringify({ t: 'yesterday', i: 1, o: 'n' })).toString('base64url')],
    ['a bad id', Buffer.from(JSON.stringify({ t: pos.createdAt, i: -3, o: 'n' })).toString('base64url')],
    ['a missing order', Buffer.from(JSON.stringify({ t: pos.createdAt, i: 3 })).toString('base64url')],
  ])('refuse %s with a 422 naming cursor', (_, cursor) => {
    const err = refusal(() => decodeCursor(cursor, 'newest'));
    expect(err.status).toBe(422);
    expect(err.key).toBe('invalidCursor');
    expect(err.fields).toEqual([{ field: 'cursor', key: 'invalidCursor' }]);
  });

  it('refuse a cursor read in the other order', () => {
    expect(refusal(() => decodeCursor(encodeCursor(pos, 'newest'), 'oldest')).status).toBe(422);
  });
});
