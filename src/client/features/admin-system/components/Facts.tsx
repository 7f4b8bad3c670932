import type { ReactNode } from 'react';

/** A small table of named values (a row header each), with its caption for screen readers. */
export function Facts({ caption, rows }: { caption: string; rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <table className="data-table sys-facts">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A section of the page: its heading (named by id) and its content. */
export function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="admin-card sys-section" aria-labelledby={`sys-${id}-heading`}>
      <h2 id={`sys-${id}-heading`}>{heading}</h2>
      {children}
    </section>
  );
}
