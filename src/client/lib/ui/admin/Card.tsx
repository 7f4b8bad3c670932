import type { ReactNode } from 'react';

/** A titled card of a back-office detail screen (labelled by its title for screen readers). */
export function Card({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `admin-card ${className}` : 'admin-card'} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A card's label/value pairs (`admin-facts`: label above value on a phone, side by side on a laptop). */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="admin-facts">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
