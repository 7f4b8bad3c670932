import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Config } from '../config';

/**
 * The SMTP connection (docs/decisions/016): nodemailer from SMTP_URL (`smtp://user:pass@host:587` with STARTTLS when
 * the server offers it, `smtps://…:465` for TLS from the start), one connection per message (no pool: the sender sends
 * a few messages every few seconds, and a pooled connection would outlive a restart of the mail server), bounded
 * waits so a silent server cannot hold a round of the sender. MAIL_FROM is the From of every message.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The stable id of the outbox row (`<outbox-12@example.com>`): a resend after a crash carries the same id. */
  messageId: string;
  /** Headers of the message's own (List-Unsubscribe of a marketing message, docs/decisions/056). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * A recipient that nodemailer would not read as exactly itself: it parses `to` as an address list, so a stored address
 * such as `ann,eve@example.com`, `eve<eve@example.com>`, `a(b)@example.com` or `a:b@example.com;` would be mailed
 * to another mailbox than the account's. Such a message is not sent (it fails at once; the address is not in the error,
 * which is logged).
 */
export class UnsendableAddressError extends Error {
  constructor() {
    super('the address is not one plain address (nodemailer would read it as a list, a name or a group)');
  }
}

/** Whether nodemailer reads `address` as that one address, with no name, and nothing else. */
export function isPlainAddress(address: string): boolean {
  const parsed = addressparser(address);
  const [only] = parsed;
  return parsed.length === 1 && only !== undefined && 'address' in only && only.address === address && !only.name;
}

/** The domain of MAIL_FROM's address (the Message-ID's right side). */
export function fromDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return address.split('@')[1]?.trim().toLowerCase() || 'localhost';
}

const isLoopback = (host: string): boolean => {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
};

/**
 * nodemailer's options for SMTP_URL. An `smtp://` URL with a user and password requires STARTTLS (`requireTLS`):
 * without it, a network that strips the server's STARTTLS offer would get the login in clear. Only a server on this
 * machine (127.0.0.0/8, ::1, localhost) may take a login without TLS.
 */
export function mailTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const hasLogin = url.username !== '' || url.password !== '';
  return {
    url: smtpUrl,
    pool: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    dnsTimeout: 15_000,
    ...(url.protocol === 'smtp:' && hasLogin && !isLoopback(url.hostname) ? { requireTLS: true } : {}),
  };
}

export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): MailTransport {
  if (!config.SMTP_URL || !config.MAIL_FROM) throw new Error('e-mail is off: SMTP_URL and MAIL_FROM are not set');
  const from = config.MAIL_FROM;
  const transport = nodemailer.createTransport(mailTransportOptions(config.SMTP_URL));
  return {
    async send(mail) {
      if (!isPlainAddress(mail.to)) throw new UnsendableAddressError();
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
      });
    },
    close() {
      transport.close();
    },
  };
}

/** SMTP refusals that sending again cannot fix: a 5xx answer to the recipient or to the message itself. */
export function isPermanentRefusal(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { responseCode, command } = err as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === 'RCPT TO' || command === 'DATA' || command === 'DATA end')
  );
}
