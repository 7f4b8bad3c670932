/**
 * Stack frames of the three engines a shopper's phone runs (docs/decisions/045-errors-from-phones.md): Chromium
 * (Android's WebView, Telegram Desktop, Chrome), WebKit (every iOS browser and Telegram on iOS and macOS) and Gecko
 * (Firefox). No stack-parsing library is installed; these few formats are all the reports need, and a line that fits
 * none (eval frames, `[native code]`) is left out rather than guessed at.
 *
 * - Chromium: `    at name (url:line:column)`, `    at url:line:column`, `    at async name (…)`, `    at new Name (…)`;
 * - WebKit and Gecko: `name@url:line:column`, `@url:line:column`, a bare `url:line:column` (WebKit's global code).
 * Lines and columns are 1-based in all three.
 */

export interface StackFrame {
  /** The function's name as the engine gave it (minified in a build), or null. */
  fn: string | null;
  /** Where the code is: a script's URL as the engine wrote it. */
  file: string;
  line: number;
  column: number;
}

/** At most this many frames are read: the top of the stack tells where; the rest is repetition. */
export const MAX_FRAMES = 30;

const CHROMIUM = /^\s*at (?:(?:async )?(?:new )?(.+?) \((.+):(\d+):(\d+)\)|(?:async )?(.+):(\d+):(\d+))$/;
const GECKO_WEBKIT = /^\s*(?:(.*?)@)?((?:[a-z][\w+.-]*:\/\/|\/)[^\s]*?):(\d+):(\d+)$/i;

/** One line of a stack as a frame, or null when it is not one (the message line, eval, native code). */
export function parseFrame(text: string): StackFrame | null {
  const line = text.trimEnd();
  if (line.length > 2000) return null;
  const chromium = CHROMIUM.exec(line);
  if (chromium) {
    const [, fn, file, l, c, bareFile, bareLine, bareColumn] = chromium;
    const where = file ?? bareFile ?? '';
    // `at eval (eval at f (url:1:2), <anonymous>:1:1)`: the code was made at run time; nothing maps it.
    if (where.includes('(') || where.startsWith('<anonymous>')) return null;
    return frame(fn ?? null, where, l ?? bareLine, c ?? bareColumn);
  }
  const other = GECKO_WEBKIT.exec(line);
  if (other) {
    const [, fn, file, l, c] = other;
    // Gecko marks an anonymous function inside another with `/<`; the outer name is what there is.
    return frame(fn ? fn.replace(/(?:\/<)+$/, '') || null : null, file ?? '', l, c);
  }
  return null;
}

function frame(fn: string | null, file: string, line: string | undefined, column: string | undefined): StackFrame {
  return { fn: fn && fn !== '<anonymous>' ? fn : null, file, line: Number(line), column: Number(column) };
}

/** The frames of a stack, top first, at most MAX_FRAMES. */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const parsed = parseFrame(line);
    if (parsed && Number.isSafeInteger(parsed.line) && Number.isSafeInteger(parsed.column)) frames.push(parsed);
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}
