import type { FaqItem } from '@common/contract/info';
import { useId, useState } from 'react';
import { Paragraphs } from './Paragraphs';

/**
 * The FAQ as an accordion: each question is a button (aria-expanded, aria-controls) in a heading; its
 * answer is a labelled region, hidden while collapsed. Several answers may be open at once.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="faq">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${base}-q-${item.id}`;
        const panelId = `${base}-a-${item.id}`;
        return (
          <div key={item.id} className={`faq__item${expanded ? ' faq__item--open' : ''}`}>
            <h2 className="faq__heading">
              <button
                id={buttonId}
                type="button"
                className="faq__question"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.question}</span>
                <span className="faq__chevron" aria-hidden="true" />
              </button>
            </h2>
            <section id={panelId} aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
              <Paragraphs text={item.answer} />
            </section>
          </div>
        );
      })}
    </div>
  );
}
