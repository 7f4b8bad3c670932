import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpAccounts, MAIL_KEEP_DAYS } from '../../../../src/server/accounts/cleanup';
import { buildApp } from '../../../../src/server/app';
import { ConfigError, loadConfig } from '../../../../src/server/config';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { enqueueMail, type MailKind } from '../../../../src/server/mail/outbox';
import { mayMail } from '../../../../src/server/mail/policy';
import { BACKOFF_MINUTES, createMailSender, LEASE_MS, MAX_ATTEMPTS } from '../../../../src/server/mail/sender';
import type { MailTemplate, MailTemplates } from '../../../../src/server/mail/templates/index';
import { Layout, MailRows, MailText } from '../../../../src/server/mail/templates/Layout';
import { renderMail } from '../../../../src/server/mail/templates/render';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, sendMailNow, startSmtp, TEST_SHOP_URL, type TestSmtp } from '../../../setup/smtp';
import { buildTestApp, dialects, freshDatabase, type TestApp } from '../../helper';
import { customer, placeOrder } from '../orders/support';

const exec = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');

// The e-mail outbox itself (docs/decisions/016): a stand-in template for every kind, rendered with the real Layout,
// sent to a real SMTP server. The order and account templates have their own tests.

const copy = {
  en: {
    subject: 'Test notice',
    heading: 'Hello from the shop',
    body: 'Your tea is on its way.',
    button: 'View',
    total: 'Total',
  },
  zh: { subject: '测试通知', heading: '来自商店的问候', body: '您的茶叶正在路上。', button: '查看', total: '合计' },
};
const template: MailTemplate<MailKind> = async (ctx) => {
  const c = copy[ctx.lang];
  const { html, text } = await renderMail(
    createElement(
      Layout,
      {
        lang: ctx.lang,
        shopUrl: ctx.shopUrl,
        preview: c.body,
        heading: c.heading,
        action: { label: c.button, href: `${ctx.shopUrl}/orders` },
        reason: 'order',
      },
      createElement(MailText, null, c.body),
      createElement(MailRows, { rows: [[c.total, '$12.50']] }),
    ),
  );
  return { subject: c.subject, html, text };
};
const templates = new Proxy({} as MailTemplates, { get: () => template });

type Log = { level: string; obj: Record<string, unknown>; msg: string };
function collectingLog(lines: Log[]) {
  const write = (level: string) => (obj: object, msg: string) => lines.push({ level, obj: obj as never, msg });
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

describe.each(dialects)('e-mail outbox (%s)', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  afterEach(async () => {
    await t?.close();
    smtp.messages.length = 0;
    smtp.rejectRecipient(null);
  });

  const queue = (to: string, lang: 'en' | 'zh' = 'en', kind: MailKind = 'order_paid', userId: number | null = null) =>
    enqueueMail(t.shop, { to, userId, kind, lang, params: { orderId: 1 } as never });
  const rows = () => t.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  /** One round of a sender (the stand-in templates) that writes its log into `lines`. */
  const loggedRound = async () => {
    const lines: Log[] = [];
    const sender = createMailSender({ db: t.db, config: t.config, templates, log: collectingLog(lines) });
    try {
      return { round: await sender.runOnce(), lines };
    } finally {
      await sender.stop();
    }
  };

  it('sends a queued message once, with subject, From, To and both parts, in English and in Chinese', async () => {
    t = await buildMailTestApp(dialect, smtp);
    expect(t.shop.mailOn).toBe(true);
    expect(await queue('ann@example.com', 'en')).toBe(true);
    expect(await queue('bo@example.com', 'zh')).toBe(true);
    const round = await sendMailNow(t, { templates });
    expect(round.sent).toHaveLength(2);

    const en = await smtp.waitFor((m) => m.to === 'ann@example.com');
    expect(en.subject).toBe('Test notice');
    expect(en.from).toBe('Leaf & Cup <orders@leafcup.test>');
    expect(en.html).toContain('Hello from the shop');
    expect(en.html).toContain(`href="${TEST_SHOP_URL}/orders"`);
    expect(en.text).toContain('HELLO FROM THE SHOP');
    expect(en.text).toContain('Your tea is on its way.');
    expect(en.text).toContain(`${TEST_SHOP_URL}/orders`);
    expect(en.text).toContain('because you placed an order at Leaf & Cup');
    expect(en.text).not.toContain('<');
    expect(en.text).toMatch(/Total\s+\$12\.50/);
    expect(en.html).toContain('$12.50');
    const [first, second] = await rows();
    expect(en.messageId).toBe(`<outbox-${first?.id}@leafcup.test>`);

    const zh = await smtp.waitFor((m) => m.to === 'bo@example.com');
    expect(zh.subject).toBe('测试通知');
    expect(zh.html).toContain('lang="zh-CN"');
    expect(zh.text).toContain('您的茶叶正在路上。');
    expect(zh.text).toContain('访问商店');
    expect(zh.text).toMatch(/合计\s+\$12\.50/);
    expect(zh.messageId).toBe(`<outbox-${second?.id}@leafcup.test>`);

    expect((await rows()).map((r) => [r.status, r.attempts, r.lease_until])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    expect((await sendMailNow(t, { templates })).sent).toEqual([]);
    expect(smtp.messages).toHaveLength(2);
  });

  it('a message queued in a transaction that rolls back is never sent; a dedupe key queues once', async () => {
    t = await buildMailTestApp(dialect, smtp);
    await expect(
      t.db.transaction().execute(async (trx) => {
        const queued = await enqueueMail(
          { db: trx, mailOn: t.shop.mailOn },
          {
            to: 'gone@example.com',
            userId: null,
            kind: 'order_paid',
            lang: 'en',
            params: { orderId: 1 },
          },
        );
        expect(queued).toBe(true); // written, inside the transaction of the change
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const mail = {
      to: 'once@example.com',
      userId: null,
      kind: 'order_paid',
      lang: 'en',
      params: { orderId: 1 },
    } as const;
    expect(await enqueueMail(t.shop, { ...mail, dedupeKey: 'order:1:paid' })).toBe(true);
    expect(await enqueueMail(t.shop, { ...mail, dedupeKey: 'order:1:paid' })).toBe(false);
    await sendMailNow(t, { templates });
    expect(smtp.messages.map((m) => m.to)).toEqual(['once@example.com']);
  });

  it('a crash between the change and the send loses nothing and sends nothing twice', async () => {
    t = await buildMailTestApp(dialect, smtp);
    const c = await customer(t.db);
    const { product, variants } = await createProduct(t.db, { stock: 10 });
    const placed = await placeOrder(t.app, c, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
      payment_method: 'bank_transfer',
    });
    expect(placed.status, placed.body.message).toBe(200);
    const { order_no: orderNo } = placed.body.data.order;
    // The process dies after the change, before its sender ran: nothing went yet.
    await t.app.close();
    expect(smtp.messages).toEqual([]);
    // A new app on the same database and SMTP server; its sender (on its own outside tests) drains the outbox.
    const restarted = await buildApp({ config: t.config, db: t.db });
    await restarted.ready();
    try {
      const again = { db: restarted.db, config: t.config };
      expect((await sendMailNow(again)).sent).toHaveLength(1);
      expect((await sendMailNow(again)).sent).toEqual([]);
    } finally {
      await restarted.close();
    }
    const to = (await t.db.selectFrom('users').select('email').where('id', '=', c.userId).executeTakeFirstOrThrow())
      .email;
    expect(smtp.messages.map((m) => [m.to, m.subject])).toEqual([
      [to.toLowerCase(), expect.stringMatching(new RegExp(`^Order #${orderNo} placed`))],
    ]);

    // A sender that died holding a claim (after or before the SMTP accept): nobody sends it until the lease runs out,
    // then it goes again with the same Message-ID, so the resend is recognisable.
    await queue('lease@example.com');
    const row = (await rows()).find((r) => r.to_address === 'lease@example.com');
    const claimedAt = new Date();
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', attempts: 1, lease_until: new Date(claimedAt.getTime() + LEASE_MS).toISOString() })
      .where('id', '=', row?.id ?? 0)
      .execute();
    expect((await sendMailNow(t, { templates })).sent).toEqual([]);
    const later = new Date(claimedAt.getTime() + LEASE_MS + 1000);
    expect((await sendMailNow(t, { templates, now: later })).sent).toEqual([row?.id]);
    const resent = await smtp.waitFor((m) => m.to === 'lease@example.com');
    expect(resent.messageId).toBe(`<outbox-${row?.id}@leafcup.test>`);
    expect((await rows()).find((r) => r.id === row?.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('in a long round each claim leases from its own time, and the round stops claiming past half a lease', async () => {
    t = await buildMailTestApp(dialect, smtp);
    for (const to of ['slow-1@example.com', 'slow-2@example.com', 'slow-3@example.com']) await queue(to);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const leases: string[] = [];
    // A server that takes two minutes per message (as a silent one would with its time-outs).
    const transport = {
      async send() {
        const [sending] = await t.db
          .selectFrom('mail_outbox')
          .select('lease_until')
          .where('status', '=', 'sending')
          .execute();
        leases.push(sending?.lease_until ?? '');
        vi.setSystemTime(Date.now() + 2 * 60_000);
      },
      close() {},
    };
    try {
      const sender = createMailSender({ db: t.db, config: t.config, templates, transport });
      const round = await sender.runOnce(new Date(start));
      await sender.stop();
      expect(round.sent).toHaveLength(2);
      expect(leases).toEqual([
        new Date(start + LEASE_MS).toISOString(),
        new Date(start + 2 * 60_000 + LEASE_MS).toISOString(),
      ]);
      // Four minutes in (past LEASE_MS / 2) the third is left to the next round.
      expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent', 'pending']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a link that fails for good does not keep its token in the outbox', async () => {
    t = await buildMailTestApp(dialect, smtp);
    smtp.rejectRecipient((a) => a === 'gone@example.com');
    await enqueueMail(t.shop, {
      to: 'gone@example.com',
      userId: null,
      kind: 'password_reset',
      lang: 'en',
      params: { link: '/reset-password/secret-token' },
    });
    await queue('gone@example.com');
    expect((await sendMailNow(t, { templates })).failed).toHaveLength(2);
    expect((await rows()).map((r) => [r.kind, r.status, r.params])).toEqual([
      ['password_reset', 'failed', '{}'],
      ['order_paid', 'failed', JSON.stringify({ orderId: 1 })],
    ]);
  });

  it.runIf(dialect === 'sqlite')(
    'a change made on the command line queues its e-mail (confirm-payment)',
    async () => {
      t = await buildMailTestApp(dialect, smtp);
      const c = await customer(t.db);
      const { product, variants } = await createProduct(t.db, { stock: 10 });
      const { order } = (
        await placeOrder(t.app, c, {
          items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
          payment_method: 'bank_transfer',
        })
      ).body.data;
      expect(order.status).toBe('Pending');
      const env = { ...process.env, ...smtp.env, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' };
      const ok = await exec(TSX, ['src/server/operator/cli.ts', 'confirm-payment', order.order_no], { env });
      expect(ok.stdout.trim()).toBe(`${order.order_no} is now Paid.`);
      const paid = await t.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'order_paid').execute();
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ order_id: order.id, status: 'pending' });
      await sendMailNow(t);
      expect(smtp.messages.map((m) => m.subject)).toContain(`Payment received for order #${order.order_no}`);
    },
    60_000,
  );

  it('the job, once started, sends what is queued later on its own', async () => {
    t = await buildMailTestApp(dialect, smtp);
    const sender = createMailSender({ db: t.db, config: t.config, templates, intervalMs: 25 });
    sender.start();
    try {
      await queue('later@example.com');
      expect((await smtp.waitFor((m) => m.to === 'later@example.com')).subject).toBe('Test notice');
    } finally {
      await sender.stop();
    }
  });

  it('two senders running at once send each message once', async () => {
    t = await buildMailTestApp(dialect, smtp);
    for (let i = 0; i < 6; i++) await queue(`many-${i}@example.com`);
    const a = createMailSender({ db: t.db, config: t.config, templates });
    const b = createMailSender({ db: t.db, config: t.config, templates });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    expect([...ra.sent, ...rb.sent].sort((x, y) => x - y)).toHaveLength(6);
    expect(new Set([...ra.sent, ...rb.sent]).size).toBe(6);
    expect(smtp.messages).toHaveLength(6);
    expect(new Set(smtp.messages.map((m) => m.to)).size).toBe(6);
  });

  it('while the SMTP server is down it retries with growing pauses, then fails after the last try and logs it', async () => {
    const down = await startSmtp();
    await down.close();
    t = await buildMailTestApp(dialect, down);
    await queue('patient@example.com');
    const lines: Log[] = [];
    const sender = createMailSender({ db: t.db, config: t.config, templates, log: collectingLog(lines) });
    let now = new Date();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const round = await sender.runOnce(now);
      expect(round.retried).toHaveLength(1);
      const [row] = await rows();
      const pause = BACKOFF_MINUTES[Math.min(attempt, BACKOFF_MINUTES.length) - 1] ?? 0;
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      expect(row?.next_attempt_at).toBe(new Date(now.getTime() + pause * 60_000).toISOString());
      // Not before the pause is over.
      expect((await sender.runOnce(new Date(now.getTime() + pause * 60_000 - 1000))).retried).toEqual([]);
      now = new Date(now.getTime() + pause * 60_000);
    }
    const last = await sender.runOnce(now);
    await sender.stop();
    expect(last.failed).toHaveLength(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(MAX_ATTEMPTS - 1);
    const failed = lines.filter((l) => l.level === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.obj).toMatchObject({ to: 'p***@example.com', attempts: MAX_ATTEMPTS });
    expect(JSON.stringify(lines)).not.toContain('patient@');
    // Nothing more is tried.
    expect(await sendMailNow(t, { templates, now: new Date(now.getTime() + 86_400_000) })).toEqual({
      sent: [],
      retried: [],
      failed: [],
    });
  });

  it('a 5xx refusal of the address fails at once (logged); other messages still go', async () => {
    t = await buildMailTestApp(dialect, smtp);
    smtp.rejectRecipient((a) => a === 'nobody@example.com');
    await queue('nobody@example.com');
    await queue('somebody@example.com');
    const lines: Log[] = [];
    const sender = createMailSender({ db: t.db, config: t.config, templates, log: collectingLog(lines) });
    const round = await sender.runOnce();
    await sender.stop();
    expect(round.failed).toHaveLength(1);
    expect(round.sent).toHaveLength(1);
    const [refused] = await rows();
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused?.last_error).toContain('550');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', obj: expect.objectContaining({ to: 'n***@example.com' }) }),
    ]);
    expect(smtp.messages.map((m) => m.to)).toEqual(['somebody@example.com']);
  });

  it('mails the stored address itself only: one nodemailer would read as a list, a name or a group fails at once', async () => {
    t = await buildMailTestApp(dialect, smtp);
    const odd = ['ann,eve@example.com', 'ann<eve@example.com>', 'ann(eve)@example.com', 'ann:eve@example.com;'];
    for (const address of odd) await queue(address);
    await queue('plain@example.com');
    const { round, lines } = await loggedRound();
    expect(round.sent).toHaveLength(1);
    expect(round.failed).toHaveLength(odd.length);
    expect(smtp.messages.flatMap((m) => m.rcptTo)).toEqual(['plain@example.com']);
    const failed = (await rows()).slice(0, odd.length);
    expect(failed.map((r) => r.status)).toEqual(odd.map(() => 'failed'));
    expect(failed.map((r) => r.attempts)).toEqual(odd.map(() => 1));
    // Logged with the address masked; the error names no address.
    expect(failed.every((r) => !r.last_error?.includes('eve'))).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('eve@');
  });

  it('an unconfirmed address gets only mail about its own orders, its password and the confirmation itself', async () => {
    t = await buildMailTestApp(dialect, smtp);
    const { user } = await createUser(t.db, { email: 'new@example.com' });
    await queue('new@example.com', 'en', 'confirm_email', user.id);
    await queue('new@example.com', 'en', 'order_placed', user.id);
    await queue('new@example.com', 'en', 'password_reset', user.id);
    await queue('new@example.com', 'en', 'email_changed', user.id);
    const round = await sendMailNow(t, { templates });
    expect(round.sent).toHaveLength(3);
    expect(round.failed).toHaveLength(1);
    expect((await rows())[3]).toMatchObject({ status: 'failed', last_error: 'skipped: address not confirmed' });
    // A sent link's token is not kept in the outbox; other messages keep their parameters.
    const sent = await rows();
    expect(sent.filter((r) => r.kind === 'password_reset' || r.kind === 'confirm_email').map((r) => r.params)).toEqual([
      '{}',
      '{}',
    ]);
    expect(sent.find((r) => r.kind === 'order_placed')?.params).toBe(JSON.stringify({ orderId: 1 }));
    // Once confirmed, everything goes.
    await t.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    await queue('new@example.com', 'en', 'email_changed', user.id);
    expect((await sendMailNow(t, { templates })).sent).toHaveLength(1);
    expect(smtp.messages).toHaveLength(4);
    expect(mayMail({ email_confirmed_at: null }, 'email_changed')).toBe(false);
    expect(mayMail({ email_confirmed_at: null }, 'password_reset')).toBe(true);
    expect(mayMail({ email_confirmed_at: null }, 'renewal_skipped')).toBe(true);
  });

  it('an address the account no longer has gets only what an unconfirmed one gets, and the notice of the change', async () => {
    t = await buildMailTestApp(dialect, smtp);
    const { user } = await createUser(t.db, { email: 'old@example.com', email_confirmed_at: new Date().toISOString() });
    // Any kind that is not about the customer's own orders, password or address (a newsletter, an alert…).
    const news = 'shop_news' as MailKind;
    await queue('old@example.com', 'en', news, user.id);
    await queue('old@example.com', 'en', 'order_paid', user.id);
    await queue('old@example.com', 'en', 'email_changed', user.id);
    // The address changes (to one not confirmed yet) before the messages go.
    await t.db
      .updateTable('users')
      .set({ email: 'new@example.com', email_confirmed_at: null })
      .where('id', '=', user.id)
      .execute();
    await queue('new@example.com', 'en', news, user.id);
    const round = await sendMailNow(t, { templates });
    expect(round.sent).toHaveLength(2);
    expect(smtp.messages.map((m) => m.to)).toEqual(['old@example.com', 'old@example.com']);
    const [stale, , , unconfirmed] = await rows();
    expect(stale).toMatchObject({ kind: 'shop_news', status: 'failed', last_error: 'skipped: address not confirmed' });
    expect(unconfirmed).toMatchObject({
      kind: 'shop_news',
      status: 'failed',
      last_error: 'skipped: address not confirmed',
    });
  });

  it(`the hourly cleanup deletes what went or failed more than ${MAIL_KEEP_DAYS} days ago, never what is still to send`, async () => {
    t = await buildMailTestApp(dialect, smtp);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000).toISOString();
    const old = daysAgo(MAIL_KEEP_DAYS + 1);
    for (const to of [
      'sent-old@example.com',
      'failed-old@example.com',
      'pending-old@example.com',
      'sent-new@example.com',
    ])
      await enqueueMail(
        t.shop,
        { to, userId: null, kind: 'order_paid', lang: 'en', params: { orderId: 1 } },
        to.endsWith('new@example.com') ? daysAgo(1) : old,
      );
    const mark = (to: string, status: 'sent' | 'failed') =>
      t.db.updateTable('mail_outbox').set({ status }).where('to_address', '=', to).execute();
    await mark('sent-old@example.com', 'sent');
    await mark('failed-old@example.com', 'failed');
    await mark('sent-new@example.com', 'sent');
    await cleanUpAccounts(t.db, now);
    expect((await rows()).map((r) => r.to_address)).toEqual(['pending-old@example.com', 'sent-new@example.com']);
  });

  it('a kind with no template fails at once instead of retrying', async () => {
    t = await buildMailTestApp(dialect, smtp);
    await queue('x@example.com');
    expect((await sendMailNow(t, { templates: {} })).failed).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'failed', last_error: 'no e-mail template for order_paid' });
  });

  it('logs in to an SMTP server that asks for a user and password', async () => {
    const guarded = await startSmtp({ auth: { user: 'shop', pass: 's3cret/&' } });
    try {
      t = await buildMailTestApp(dialect, guarded);
      await queue('auth@example.com');
      expect((await sendMailNow(t, { templates })).sent).toHaveLength(1);
      expect((await guarded.waitFor()).to).toBe('auth@example.com');
    } finally {
      await guarded.close();
    }
  });

  it('without SMTP_URL nothing is queued and the start logs once that e-mail is off', async () => {
    t = await buildTestApp(dialect);
    expect(t.shop.mailOn).toBe(false);
    expect(await queue('ann@example.com')).toBe(false);
    expect(await rows()).toEqual([]);

    const database = await freshDatabase(dialect);
    const lines: string[] = [];
    try {
      await migrateToLatest(database.db);
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'info' });
      const app = await buildApp({ config, db: database.db, logger: { stream: { write: (l) => lines.push(l) } } });
      await app.ready();
      await app.close();
    } finally {
      await database.close();
    }
    expect(lines.filter((l) => l.includes('e-mail is off'))).toHaveLength(1);
  });
});

describe('e-mail settings', () => {
  it('refuses to start with a bad SMTP_URL, or SMTP_URL without MAIL_FROM, naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@example.com' })).toThrow(
      /SMTP_URL: SMTP_URL must be smtp:\/\//,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587' })).toThrow(
      /MAIL_FROM: MAIL_FROM is required when SMTP_URL is set/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'not an address' })).toThrow(
      ConfigError,
    );
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Leaf & Cup <orders@example.com>',
    });
    expect(config.MAIL_FROM).toBe('Leaf & Cup <orders@example.com>');
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });
});
