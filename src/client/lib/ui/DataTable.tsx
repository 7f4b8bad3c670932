import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  /** Right-aligned (amounts). */
  numeric?: boolean;
}

/**
 * A table on wide screens; on narrow ones each row becomes a card with its labels (CSS), so lists read
 * well at 360 px.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  empty: string;
}) {
  if (rows.length === 0) return <p className="data-table__empty">{empty}</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.numeric ? 'data-table__num' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.key} data-label={c.label} className={c.numeric ? 'data-table__num' : undefined}>
                {c.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
