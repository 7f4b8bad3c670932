import type { ReactNode } from 'react';
import { Paragraphs } from './Paragraphs';
import './info-text.css';

/**
 * An information page's text as the shop shows it: its title and its paragraphs (plain text, never HTML), then
 * `children` (the shop's "Updated" line). The shop's pages and the back office's preview show it alike;
 * `headingLevel` fits the title under the page's own heading in a preview.
 */
export function InfoArticle({
  title,
  body,
  headingLevel = 1,
  children,
}: {
  title: string;
  body: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="info__article">
      <Heading className="info__title">{title}</Heading>
      <div className="info__body">
        <Paragraphs text={body} />
      </div>
      {children}
    </article>
  );
}
