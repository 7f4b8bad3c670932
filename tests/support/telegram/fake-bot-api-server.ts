import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { preparedMessage } from './fake-bot-api';

export interface RecordedCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: Bot API payloads vary by method
  payload: any;
  /** What the fake answered (`result` of `{ ok: true, result }`), or undefined for a failure it was told to give. */
  result?: unknown;
}

export interface FakeBotApi {
  url: string;
  calls: RecordedCall[];
  of(method: string): RecordedCall[];
  /** Calls of `method` answer `{ ok: false, error_code, description }` from now on. */
  fail(method: string, code: number, description: string): void;
  /** Every method answers again. */
  clearFailures(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for https://api.telegram.org for a server under test (its TELEGRAM_API_ROOT): records every
 * call and answers like Telegram. `createInvoiceLink` answers `https://t.me/$<slug>`; `savePreparedInlineMessage` a
 * PreparedInlineMessage (`{ id, expiration_date }`, fake-bot-api.ts `preparedMessage`). Nothing reaches Telegram.
 * Listens on the first free port of `ports` (default 8600-8699).
 */
export async function startFakeBotApi(
  opts: { ports?: [number, number]; invoiceSlug?: string } = {},
): Promise<FakeBotApi> {
  const calls: RecordedCall[] = [];
  const failures = new Map<string, { error_code: number; description: string }>();
  let messageId = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop()?.split('?')[0] ?? '';
      let payload: unknown = {};
      try {
        payload = body ? JSON.parse(body) : {};
      } catch {
        payload = Object.fromEntries(new URLSearchParams(body));
      }
      res.setHeader('content-type', 'application/json');
      const failure = failures.get(method);
      if (failure) {
        calls.push({ method, payload });
        res.statusCode = failure.error_code;
        res.end(JSON.stringify({ ok: false, ...failure }));
        return;
      }
      // biome-ignore lint/suspicious/noExplicitAny: see RecordedCall
      const p = payload as any;
      let result: unknown = true;
      if (method === 'getMe') {
        result = { id: 7000000001, is_bot: true, first_name: 'Leaf & Cup', username: 'leafcup_test_bot' };
      } else if (method === 'sendMessage') {
        messageId += 1;
        result = {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(p.chat_id), type: 'private' },
          text: p.text,
        };
      } else if (method === 'savePreparedInlineMessage') {
        result = preparedMessage();
      } else if (method === 'createInvoiceLink') {
        result = `https://t.me/$${opts.invoiceSlug ?? 'fakeInvoiceSlug'}`;
      }
      calls.push({ method, payload, result });
      res.end(JSON.stringify({ ok: true, result }));
    });
  });
  const [from, to] = opts.ports ?? [8600, 8699];
  let port = from;
  for (; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) break;
  }
  if (port > to) throw new Error(`no free port in ${from}-${to} for the fake Bot API`);
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    of: (method) => calls.filter((c) => c.method === method),
    fail: (method, code, description) => {
      failures.set(method, { error_code: code, description });
    },
    clearFailures: () => failures.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
