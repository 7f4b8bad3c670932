import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { createMailSender, type MailRound } from '../../src/server/mail/sender';
import type { MailTemplates } from '../../src/server/mail/templates/index';
import { buildTestApp, type Dialect, type TestApp, type TestAppOptions } from '../integration/helper';

/**
 * A real SMTP server for tests (docs/decisions/016): smtp-server on 127.0.0.1 and a free port, keeping every message it
 * accepts, parsed with mailparser. No TLS (STARTTLS is off, so nodemailer talks plain SMTP); a user and password only
 * when `auth` is given.
 *
 *   const smtp = await startSmtp();
 *   const t = await buildMailTestApp('sqlite', smtp);        // SMTP_URL, MAIL_FROM and PUBLIC_URL set
 *   … a change that queues mail …
 *   await sendMailNow(t);                                    // one round of the sender job
 *   const mail = await smtp.waitFor((m) => m.to === 'ann@example.com');
 *   expect(mail.subject).toContain('…'); expect(mail.text).toContain('…'); linksIn(mail.html)
 *   await t.close(); await smtp.close();
 */

export interface ReceivedMail {
  /** The recipients' addresses, lower case, comma-separated ("ann@example.com"). */
  to: string;
  /** The From header's name and address, unquoted ("Leaf & Cup <orders@leafcup.test>"). */
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
  headers: Map<string, unknown>;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT (with user:pass@ when auth was asked for). */
  url: string;
  port: number;
  /** SMTP_URL, MAIL_FROM and PUBLIC_URL for buildTestApp's `env`. */
  env: { SMTP_URL: string; MAIL_FROM: string; PUBLIC_URL: string };
  /** Every accepted message, in order. */
  messages: ReceivedMail[];
  /** The first message (already here or arriving within `timeoutMs`, default 5 s) that matches. */
  waitFor(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuse recipients: each address the function answers true for gets `550 5.1.1 mailbox unavailable`. */
  rejectRecipient(refuse: ((address: string) => boolean) | null): void;
  /** Stops the server (sends to it then fail: "SMTP down"). */
  close(): Promise<void>;
}

export const TEST_MAIL_FROM = 'Leaf & Cup <orders@leafcup.test>';
export const TEST_SHOP_URL = 'https://shop.leafcup.test';

const addressText = (to: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(to) ? to : to ? [to] : [])
    .flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()))
    .join(', ');

export async function startSmtp(opts: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse: ((address: string) => boolean) | null = null;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (refuse?.(address.address.toLowerCase())) {
        callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: addressText(parsed.to),
            from: parsed.from?.value.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ') ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            headers: parsed.headers,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client dropped mid-session (an SMTP-down test) must not crash the test process.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  const credentials = opts.auth ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@` : '';
  const url = `smtp://${credentials}127.0.0.1:${port}`;

  return {
    url,
    port,
    env: { SMTP_URL: url, MAIL_FROM: TEST_MAIL_FROM, PUBLIC_URL: TEST_SHOP_URL },
    messages,
    rejectRecipient(fn) {
      refuse = fn;
    },
    waitFor(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const hit = messages.find(predicate);
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const got = messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'nothing';
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received: ${got})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** buildTestApp with e-mail on: SMTP_URL pointing at `smtp`, MAIL_FROM and PUBLIC_URL set (plus `opts.env`). */
export function buildMailTestApp(dialect: Dialect, smtp: TestSmtp, opts: TestAppOptions = {}): Promise<TestApp> {
  return buildTestApp(dialect, { ...opts, env: { ...smtp.env, ...opts.env } });
}

/**
 * One round of the e-mail sender job (as the server runs every few seconds outside tests): sends what is due now.
 * `templates` replaces the registry's templates (a test of the outbox itself); `now` pretends another time (retries).
 */
export async function sendMailNow(
  t: Pick<TestApp, 'db' | 'config'>,
  opts: { now?: Date; templates?: MailTemplates } = {},
): Promise<MailRound> {
  const sender = createMailSender({ db: t.db, config: t.config, templates: opts.templates });
  try {
    return await sender.runOnce(opts.now);
  } finally {
    await sender.stop();
  }
}
