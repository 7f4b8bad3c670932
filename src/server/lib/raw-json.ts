import { randomBytes } from 'node:crypto';

// JSON text placed in an answer as it is (the product list's cards kept in the database, docs/decisions/028): a
// handler answers `new RawJson(text)` where a value would go, and `serialize()` writes the text there instead of a
// string. The text must be JSON (the cards are JSON.stringify's own output); outside production route() parses the
// whole answer back and checks it against the response schema, as it checks every answer.

/** Stands in for a RawJson while JSON.stringify runs; random per process, so no text in an answer can look like it. */
const MARK = `\u0000raw:${randomBytes(12).toString('hex')}:`;
/** The stand-in as it appears in JSON.stringify's output (a quoted string, the NUL escaped). */
const QUOTED_MARK = JSON.stringify(MARK).slice(0, -1);

/** The texts met by the serialize() running now (JSON.stringify is synchronous, so one at a time). */
let met: string[] | null = null;

export class RawJson<T = unknown> {
  /** The shape the text holds (for the handler's answer type only). */
  declare readonly holds?: T;
  constructor(readonly json: string) {}

  toJSON(): string {
    if (!met) throw new Error('a RawJson is written by serialize(), not by JSON.stringify');
    met.push(this.json);
    return `${MARK}${met.length - 1}`;
  }
}

/** A value whose top-level fields may each be given as RawJson of what they hold. */
export type MaybeRaw<T> = { [K in keyof T]: T[K] | RawJson<T[K]> };

/** Whether `data` has a RawJson field (the only place handlers put one). */
export function hasRawField(data: unknown): boolean {
  return typeof data === 'object' && data !== null && Object.values(data).some((v) => v instanceof RawJson);
}

/** JSON.stringify, with each RawJson's text in its place. */
export function serialize(value: unknown): string {
  const outer = met;
  met = [];
  try {
    const text = JSON.stringify(value);
    const texts = met;
    if (texts.length === 0) return text;
    let out = '';
    let from = 0;
    for (const [i, json] of texts.entries()) {
      const mark = `${QUOTED_MARK}${i}"`;
      const at = text.indexOf(mark, from);
      if (at < 0) throw new Error('serialize(): a RawJson stand-in is missing from the output');
      out += text.slice(from, at) + json;
      from = at + mark.length;
    }
    return out + text.slice(from);
  } finally {
    met = outer;
  }
}

/** The value itself, a RawJson's text parsed (for a caller that reads the answer, not sends it: the bot, tests). */
export function rawValue<T>(value: T | RawJson<T>): T {
  return value instanceof RawJson ? (JSON.parse(value.json) as T) : value;
}
