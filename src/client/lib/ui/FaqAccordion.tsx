import type { FaqItem } from '@common/contract/info';
import { useId, useState } from 'react';
import { Paragraphs } from './Paragraphs';
import './info-text.css';

/**
 * The FAQ as an accordion: each question is a button (aria-expanded, aria-controls) in a heading; its
 * answer is a labelled region, hidden while collapsed. Several answers may be open at once. The shop's /faq and
 * the back office's preview show it alike; `headingLevel` fits the questions under the page's headings.
 */
export function FaqAccordion({ items, headingLevel = 2 }: { items: FaqItem[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
            <Heading className="faq__heading">
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
            </Heading>
            <section id={panelId} aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
              <Paragraphs text={item.answer} />
            </section>
          </div>
        );
      })}
    </div>
  );
}
