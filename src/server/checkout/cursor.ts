import { MAX_ROW_ID } from '../../common/contract/fields';
import { decodeCursor, type Position } from '../catalog/cursor';
import { invalidField } from '../lib/errors';

/** A list position from a client (the catalogue's keyset cursor), refused when its id cannot be a row id. */
export function readCursor(cursor: string): Position {
  const position = decodeCursor(cursor);
  if (position.id > MAX_ROW_ID) throw invalidField('cursor', 'invalidCursor');
  return position;
}
