import { Fragment } from 'react';

/** Splits plain text into paragraphs on blank lines; single line breaks stay line breaks. */
export function splitParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => p.split('\n').map((line) => line.trim()));
}

/** Plain text from the API as paragraphs (never as HTML). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {splitParagraphs(text).map((lines, i) => (
        <p key={i} className={className}>
          {lines.map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
