import { langOf } from '../../common/contract/lang';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { createIntervalJob, type IntervalJob, type JobMetrics, type JobRound } from '../lib/interval-job';
import type { MailKind } from './outbox';
import { maskAddress, mayMailAccount } from './policy';
import { claimMail, dueMail, finishMail, mailUser } from './repository';
import {
  type MailContext,
  type MailTemplates,
  MissingTemplateError,
  renderTemplate,
  UnsendableMailError,
} from './templates/index';
import {
  createMailTransport,
  fromDomain,
  isPermanentRefusal,
  type MailTransport,
  UnsendableAddressError,
} from './transport';

/**
 * The e-mail sender (docs/decisions/016): every few seconds it claims the due rows of `mail_outbox` with a
 * conditional update (so two instances never take the same row), renders each in its language, sends it over SMTP
 * and marks it sent (only while it still holds the claim). A failed attempt is tried again after a growing pause,
 * up to MAX_ATTEMPTS; then the message is `failed` and logged. A 5xx refusal of the address or the message fails at
 * once. A sender that dies after the SMTP server accepted a message but before the mark leaves the row `sending`:
 * when its lease runs out another round sends it again, with the same Message-ID (at least once, see 016).
 */

/** Tries per message, and the pause after each failed try (the last entry repeats). */
export const MAX_ATTEMPTS = 8;
export const BACKOFF_MINUTES = [1, 5, 30, 120, 360, 720, 1440] as const;
/** How long a claim holds: longer than the transport's longest wait (connect + greeting + a slow DATA). */
export const LEASE_MS = 5 * 60_000;
/** The sender job's lease (docs/decisions/024): one instance sends at a time; a round stops at LEASE_MS / 2. */
const SENDER_LEASE_MS = 3 * 60_000;

export interface MailRound {
  sent: number[];
  /** Failed this time, tried again later. */
  retried: number[];
  /** Failed for good (or skipped: a message an unconfirmed address may not get). */
  failed: number[];
}

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

interface SenderOptions {
  db: Db;
  config: Config;
  log?: Log;
  /** Where its rounds are counted (the shop's metrics). */
  metrics?: JobMetrics;
  intervalMs?: number;
  batchSize?: number;
  /** Replaces the template registry (tests of the outbox itself). */
  templates?: MailTemplates;
  /** Replaces the SMTP transport made from SMTP_URL. */
  transport?: MailTransport;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The shop's absolute URL for links in e-mails: PUBLIC_URL, else this server on localhost (development). */
export const mailShopUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

export function createMailSender({
  db,
  config,
  log,
  metrics,
  intervalMs = 5000,
  batchSize = 20,
  templates,
  transport,
}: SenderOptions): IntervalJob<MailRound> {
  const sender = new MailSender({ db, config, log, batchSize, templates, transport });
  const job = createIntervalJob({
    name: 'e-mail sender',
    run: (now, round) => sender.round(now, round),
    intervalMs,
    lease: { db, ttlMs: SENDER_LEASE_MS },
    ...(log ? { log } : {}),
    metrics,
  });
  return {
    ...job,
    async stop() {
      await job.stop();
      sender.closeTransport();
    },
  };
}

/** A message this sender claimed (its row as the claim left it). */
type ClaimedMail = NonNullable<Awaited<ReturnType<typeof claimMail>>>;

/** The sender's rounds: the due messages, each claimed, checked, rendered and sent over one SMTP transport. */
class MailSender {
  private readonly db: Db;
  private readonly config: Config;
  private readonly log: Log | undefined;
  private readonly batchSize: number;
  private readonly templates: MailTemplates | undefined;
  private readonly givenTransport: MailTransport | undefined;
  /** Made from SMTP_URL at the first round with something to send, unless one was given. */
  private transport: MailTransport | undefined;
  private readonly domain: string;

  constructor(options: Omit<SenderOptions, 'intervalMs'> & { batchSize: number }) {
    this.db = options.db;
    this.config = options.config;
    this.log = options.log;
    this.batchSize = options.batchSize;
    this.templates = options.templates;
    this.givenTransport = options.transport;
    this.transport = options.transport;
    this.domain = fromDomain(options.config.MAIL_FROM ?? '');
  }

  async round(now: Date, job: JobRound): Promise<MailRound> {
    const result: MailRound = { sent: [], retried: [], failed: [] };
    const due = await dueMail(this.db, now.toISOString(), this.batchSize);
    if (due.length === 0) return result;
    this.transport ??= createMailTransport(this.config);
    const transport = this.transport;
    const started = Date.now();
    for (const candidate of due) {
      // Between two messages: the sender's job lease stays ours (or the round stops here: lib/interval-job.ts).
      await job.extend();
      // A round that has run long (a silent SMTP server) leaves the rest to the next one: a claim must hold for the
      // whole of its send. Each claim takes the time it is made (the round's time plus what has passed since), so its
      // lease never starts already expired.
      const elapsed = Date.now() - started;
      if (elapsed > LEASE_MS / 2) break;
      const claimedAt = new Date(now.getTime() + elapsed);
      const leaseUntil = new Date(claimedAt.getTime() + LEASE_MS).toISOString();
      const row = await claimMail(this.db, candidate.id, candidate.attempts, claimedAt.toISOString(), leaseUntil);
      if (!row) continue; // another sender took it
      await this.deliver(row, transport, now, result);
    }
    return result;
  }

  /** One claimed message: given up, skipped, sent, or left for a later try; noted in `result`. */
  private async deliver(row: ClaimedMail, transport: MailTransport, now: Date, result: MailRound): Promise<void> {
    const { db, log } = this;
    const claim = { id: row.id, attempts: row.attempts };
    const kind = row.kind as MailKind;
    const logFields = { mailId: row.id, kind, to: maskAddress(row.to_address), attempts: row.attempts };
    const fail = async (error: string) => {
      if (await finishMail(db, claim, { status: 'failed', error })) {
        result.failed.push(row.id);
        log?.error({ ...logFields, error }, 'e-mail failed for good');
      }
    };
    if (row.attempts > MAX_ATTEMPTS) {
      // A row left `sending` by senders that died on its last try.
      await fail(row.last_error ?? 'gave up after the last try');
      return;
    }
    if (row.user_id !== null) {
      const user = await mailUser(db, row.user_id);
      if (user && !mayMailAccount(user, row.to_address, kind)) {
        if (await finishMail(db, claim, { status: 'failed', error: 'skipped: address not confirmed' })) {
          result.failed.push(row.id);
          log?.info(logFields, 'e-mail skipped: the address is not confirmed');
        }
        return;
      }
    }
    try {
      await this.send(row, kind, transport);
    } catch (err) {
      const error = errorText(err);
      if (isPermanent(err) || row.attempts >= MAX_ATTEMPTS) {
        await fail(error);
      } else {
        const pause = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
        const nextAttemptAt = new Date(now.getTime() + pause * 60_000).toISOString();
        if (await finishMail(db, claim, { status: 'pending', error, nextAttemptAt })) {
          result.retried.push(row.id);
          log?.warn({ ...logFields, error, nextAttemptAt }, 'e-mail not sent: trying again later');
        }
      }
      return;
    }
    // Sent: mark it with the time it really went (not the round's), only while the claim is ours.
    if (await finishMail(db, claim, { status: 'sent', at: new Date().toISOString() })) result.sent.push(row.id);
  }

  /** Renders the message in its language and hands it to the SMTP server. */
  private async send(row: ClaimedMail, kind: MailKind, transport: MailTransport): Promise<void> {
    const { config } = this;
    const ctx: MailContext = { db: this.db, config, lang: langOf(row.lang), shopUrl: mailShopUrl(config) };
    const rendered = await renderTemplate(kind, ctx, JSON.parse(row.params), this.templates);
    await transport.send({
      to: row.to_address,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: `<outbox-${row.id}@${this.domain}>`,
      ...(rendered.headers ? { headers: rendered.headers } : {}),
    });
  }

  /** After the job stopped: closes the transport made from SMTP_URL (a given one is the caller's). */
  closeTransport(): void {
    if (!this.givenTransport) this.transport?.close();
    this.transport = this.givenTransport;
  }
}

/** Whether sending again cannot help: no template, a message that cannot be made, or a 5xx refusal. */
const isPermanent = (err: unknown): boolean =>
  err instanceof MissingTemplateError ||
  err instanceof UnsendableMailError ||
  err instanceof SyntaxError ||
  err instanceof UnsendableAddressError ||
  isPermanentRefusal(err);
