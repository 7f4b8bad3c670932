import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import './admin-ui.css';

type Direction = 'up' | 'down';
type RowId = string | number;

/** A list's rows in the order of `ids` (rows not named are dropped): an optimistic reorder's new list. */
export const inOrder = <T extends { id: RowId }>(rows: T[], ids: RowId[]): T[] =>
  ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is T => r !== undefined);

/** One move: the row's index before and after. */
export interface Move {
  from: number;
  to: number;
}

/**
 * Moving rows of an ordered list (banners, FAQ, packagings, a product's images) with Up / Down buttons. `save`
 * must show the new order at once (an optimistic update, or a form's field array): the moved row's button keeps the
 * keyboard focus as the row moves (the other button when it reaches an end), and a polite live region
 * (MoveAnnouncer) says where it went.
 */
export function useMoveRows<Row extends { id: RowId }>(
  rows: Row[],
  name: (row: Row, index: number) => string,
  save: (ids: Array<Row['id']>, move: Move) => void,
) {
  const { t } = useTranslation('admin-ui');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [moving, setMoving] = useState<{ id: Row['id']; to: number; dir: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!moving || rows[moving.to]?.id !== moving.id) return;
    const atEnd = moving.to === 0 || moving.to === rows.length - 1;
    const other: Direction = moving.dir === 'up' ? 'down' : 'up';
    const stays = buttons.current.get(`${moving.id}:${moving.dir}`);
    (atEnd && stays?.disabled ? buttons.current.get(`${moving.id}:${other}`) : stays)?.focus();
    setMoving(null);
  }, [rows, moving]);

  const move = (index: number, dir: Direction) => {
    const to = dir === 'up' ? index - 1 : index + 1;
    const row = rows[index];
    if (!row || to < 0 || to >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    setMoving({ id: row.id, to, dir });
    setAnnouncement(t('move.moved', { name: name(row, index), position: to + 1, total: rows.length }));
    save(ids, { from: index, to });
  };

  const buttonRef = (id: RowId, dir: Direction) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(`${id}:${dir}`, el);
    else buttons.current.delete(`${id}:${dir}`);
  };

  return { move, buttonRef, announcement };
}

/** A row's Up and Down buttons (disabled at the ends), named after the row for screen readers. */
export function MoveButtons({
  id,
  index,
  total,
  name,
  moves,
}: {
  id: RowId;
  index: number;
  total: number;
  name: string;
  moves: Pick<ReturnType<typeof useMoveRows>, 'move' | 'buttonRef'>;
}) {
  const { t } = useTranslation('admin-ui');
  return (
    <span className="admin-move">
      <button
        ref={moves.buttonRef(id, 'up')}
        type="button"
        className="btn btn--secondary admin-move__btn"
        aria-label={t('move.up', { name })}
        disabled={index === 0}
        onClick={() => moves.move(index, 'up')}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        ref={moves.buttonRef(id, 'down')}
        type="button"
        className="btn btn--secondary admin-move__btn"
        aria-label={t('move.down', { name })}
        disabled={index === total - 1}
        onClick={() => moves.move(index, 'down')}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}

/** The live region of useMoveRows's announcements. */
export function MoveAnnouncer({ text }: { text: string }) {
  return (
    <p className="visually-hidden" aria-live="polite">
      {text}
    </p>
  );
}
