import type { Context } from '@opentelemetry/api';
import type { tracing } from '@opentelemetry/sdk-node';
import { redactUrl } from '../lib/log';

type Span = tracing.Span;

/** Attributes that carry a URL or part of one (the HTTP instrumentation's older and stable names, @fastify/otel's). */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full', 'url.path'];

/** The Bot API's URLs carry the bot's token: api.telegram.org/bot<token>/sendMessage, …/file/bot<token>/…. */
const BOT_TOKEN = /\/bot\d+:[^/?#]+/g;

/**
 * A URL as a span may keep it: no query string at all (tokens, e-mails and signatures travel there), no bot token,
 * no single-use link token in the path (lib/log.ts).
 */
export function redactSpanUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const bare = cut === -1 ? url : url.slice(0, cut);
  const path = bare.replace(BOT_TOKEN, '/bot[redacted]');
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)?.[0] ?? '';
  return origin + redactUrl(path.slice(origin.length));
}

/**
 * Scrubs every span as it ends, whatever made it (docs/decisions/046): URLs lose their query and secrets, the query
 * string attribute goes. Runs in `onEnding`, while the span still takes attributes, before any processor exports it.
 */
export class RedactingSpanProcessor implements tracing.SpanProcessor {
  onStart(_span: Span, _parent: Context): void {}

  onEnding(span: Span): void {
    const attributes = span.attributes;
    for (const key of URL_ATTRIBUTES) {
      const value = attributes[key];
      if (typeof value === 'string') span.setAttribute(key, redactSpanUrl(value));
    }
    if (attributes['url.query'] !== undefined) span.setAttribute('url.query', '[redacted]');
  }

  onEnd(): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
