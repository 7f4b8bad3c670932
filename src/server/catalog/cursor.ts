import { MAX_ROW_ID } from '../../common/contract/fields';
import { invalidField } from '../lib/errors';

/**
 * Keyset cursors: an opaque base64url JSON of the last row's (created_at, id) and the order it was read in.
 * The next page starts strictly after that pair, so rows added meanwhile never shift a page (no duplicates,
 * no gaps) and a deep page costs what the first one does.
 */
export interface Position {
  createdAt: string;
  id: number;
}

type Order = 'newest' | 'oldest';
const ORDER_CODE: Record<Order, string> = { newest: 'n', oldest: 'o' };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(position: Position, order: Order = 'newest'): string {
  return Buffer.from(JSON.stringify({ t: position.createdAt, i: position.id, o: ORDER_CODE[order] })).toString(
    'base64url',
  );
}

/** Reads a cursor back; anything malformed, out of range or read in another order, is a 422 naming `cursor`. */
export function decodeCursor(cursor: string, order: Order = 'newest'): Position {
  const bad = () => invalidField('cursor', 'invalidCursor');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!value || typeof value !== 'object') throw bad();
  const { t, i, o } = value as Record<string, unknown>;
  if (typeof t !== 'string' || !ISO.test(t) || Number.isNaN(Date.parse(t))) throw bad();
  // The id goes into SQL: one no column can hold (PostgreSQL would fail the query) is a bad cursor.
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1 || i > MAX_ROW_ID) throw bad();
  if (o !== ORDER_CODE[order]) throw bad();
  return { createdAt: t, id: i };
}

/** A list position from a client (the catalogue's keyset cursor), refused when its id cannot be a row id. */
export function readCursor(cursor: string): Position {
  const position = decodeCursor(cursor);
  if (position.id > MAX_ROW_ID) throw invalidField('cursor', 'invalidCursor');
  return position;
}

/** A position in search results: name matches (group 0) come before description-only matches (group 1). */
export interface SearchPosition extends Position {
  group: 0 | 1;
}

/** A search page's cursor: the list cursor plus the group its last row was in. */
export function encodeSearchCursor(position: SearchPosition, order: Order = 'newest'): string {
  const list = JSON.parse(Buffer.from(encodeCursor(position, order), 'base64url').toString('utf8'));
  return Buffer.from(JSON.stringify({ ...list, g: position.group })).toString('base64url');
}

/** Reads a search cursor back; a list cursor without its group (or with another) is a 422 naming `cursor`. */
export function decodeSearchCursor(cursor: string, order: Order = 'newest'): SearchPosition {
  const position = decodeCursor(cursor, order);
  const { g } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { g?: unknown };
  if (g !== 0 && g !== 1) throw invalidField('cursor', 'invalidCursor');
  return { ...position, group: g };
}
