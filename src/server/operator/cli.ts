import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config';
import { createDb, type Db, parseDatabaseUrl } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createFileStore } from '../files/create-store';
import { useFileStore } from '../files/registry';
import type { FileStore } from '../files/store';
import { setMailOn } from '../mail/switch';
import { CatalogueError, importCatalogue, parseCatalogue } from './catalogue';
import { exportCsvFile, importCsvFile } from './catalogue-csv';
import { importFiles, importReportLines, writeReceipt } from './files';
import * as ops from './service';
import { showOrder } from './show-order';

/**
 * The shop operator's command line (docs/decisions/012): `npm run shop -- <command> …` on DATABASE_URL's
 * database (default data/shop.sqlite), like the server. Exit code 0 on success, 1 on a refusal, 2 on a
 * usage mistake.
 */

const USAGE = `Usage: npm run shop -- <command> [options]

Orders
  orders [--status S] [--limit N]          list orders, newest first (S: Pending, Paid, Processing, Completed, Cancelled)
  orders --show <order_no>                 one order: items, customer, delivery address and phone, payment and
                                           receipt file, totals, tracking, refunds and its timeline
  receipt <order_no> --out FILE            write an order's receipt image to FILE
  confirm-payment <order_no>               a bank transfer arrived: Pending → Paid
  processing <order_no>                    being packed: Paid → Processing
  tracking <order_no> --company X --number Y [--link URL]
                                           set the shipping company, tracking number and link
  complete <order_no>                      delivered: Processing → Completed (earns the cash reward)
  cancel <order_no>                        Pending or Paid → Cancelled (stock, coupon, cash reward come back)
  reject-receipt <order_no> --reason "…"   refuse a transfer's receipt; the customer sees the reason and uploads again
  refund <order_no> --amount 12.50 --method M --reference "…"
                                           record money given back on a cancelled paid order
                                           (M: bank_transfer, telegram, cash, other)
  expire-unpaid                            cancel now the orders left unpaid past the unpaid-order hours
                                           (the server does this every minute)

Subscriptions
  subscriptions [--status S] [--limit N]   list subscriptions, next delivery first (S: active, cancelled)
  cancel-subscription <id>                 stop a subscription: no more renewals

Staff
  add-staff <email> --role R               make an account staff, or change its role (R: owner, manager, fulfilment)
  remove-staff <email>                     take an account off the staff (the shop keeps at least one owner)

People and money
  make-agent <email> [--rate-bp N]         make a user an agent (N basis points, 1000 = 10%)
  commissions [--status S] [--agent EMAIL] [--limit N]
                                           list commissions, newest first (S: Pending Payment, Not Confirm,
                                           Canceled, On Hold, Paid)
  confirm-commission <id>                  Not Confirm / On Hold → Pending Payment
  hold-commission <id>                     Not Confirm / Pending Payment → On Hold
  cancel-commission <id>                   any unpaid commission → Canceled
  payouts [--status S] [--agent EMAIL] [--limit N]
                                           list payout requests with bank details (S: requested, paid, rejected)
  mark-payout-paid <id> [--reference R]    a payout request was paid (its commissions become Paid)
  reject-payout <id> --reason "…"          reject a payout request; the agent sees the reason and can ask again

Catalogue
  import-catalogue <file.json>             upsert products (SeedProduct shape) by slug; stock only for new
                                           packagings (an existing one's stock is never overwritten: a
                                           different number is listed, not applied)
  import-csv <file.csv> [--dry-run]        import the back office's catalogue CSV (every bad row listed;
                                           nothing written if any is bad); --dry-run lists the changes only
  export-csv [file.csv]                    write the whole catalogue as that CSV (default catalogue-DATE.csv)
  adjust-stock <packaging-id> <+n|-n> --reason "…"
                                           change a packaging's stock by a number (never below zero),
                                           kept in its product's stock history

Files
  import-files [--from DIR] [--dry-run]    copy the files of the old upload folder (default UPLOAD_DIR) into the
                                           store FILES_URL names (the database by default); files already there
                                           with the same SHA-256 are left alone, so it can run again`;

class UsageError extends Error {}

const need = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
};

const positiveId = (value: string | undefined, what: string): number => {
  const n = Number(need(value, what));
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`${what} must be a positive whole number, not "${value}".`);
  return n;
};

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

/** An ISO instant to the minute, as the lists show it: `2026-11-24 09:30`. */
const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * Prints a list as a table: a header line, then a line per row, each column padded to its width but the last
 * (`[title]` alone), which runs to the end of the line.
 */
function printTable(print: (line: string) => void, columns: Array<[string, number] | [string]>, rows: string[][]) {
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < columns.length - 1 ? pad(cell, columns[i]![1]!) : cell));
  print(line(columns.map(([title]) => title)).join(' '));
  for (const row of rows) print(line(row).join(' '));
}

/** Runs one command; `print` receives the lines to show. Exported for tests. */
export async function run(
  db: Db,
  argv: string[],
  print: (line: string) => void = console.log,
  config: Pick<Config, 'UNPAID_ORDER_HOURS'> & Partial<Pick<Config, 'UPLOAD_DIR' | 'FILES_URL'>> = loadConfig(),
): Promise<void> {
  // A negative change ("adjust-stock 12 -3") is a value, not options: parseArgs would read "-3" as flags.
  const signed = argv[0] === 'adjust-stock' ? argv.findIndex((a, i) => i > 1 && /^-\d+$/.test(a)) : -1;
  const { positionals, values } = parseArgs({
    args: signed < 0 ? argv : argv.filter((_, i) => i !== signed),
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      limit: { type: 'string' },
      company: { type: 'string' },
      number: { type: 'string' },
      link: { type: 'string' },
      'rate-bp': { type: 'string' },
      role: { type: 'string' },
      amount: { type: 'string' },
      method: { type: 'string' },
      reference: { type: 'string' },
      reason: { type: 'string' },
      agent: { type: 'string' },
      show: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  /** `--limit`, a positive whole number, when given. */
  const limitOption = () => (values.limit === undefined ? undefined : positiveId(values.limit, '--limit'));
  switch (command) {
    case 'orders': {
      if (values.show !== undefined) {
        for (const line of await showOrder(db, need(values.show, 'the order number after --show'))) print(line);
        return;
      }
      const list = await ops.listOrders(db, { status: values.status, limit: limitOption() });
      if (!list.length) {
        print(values.status ? `No ${values.status} orders.` : 'No orders yet.');
        return;
      }
      printTable(
        print,
        [
          ['ORDER', 19],
          ['STATUS', 11],
          ['PLACED (UTC)', 17],
          ['TOTAL', 10],
          ['PAYMENT', 14],
          ['REFERENCE', 14],
          ['CUSTOMER'],
        ],
        list.map((o) => [
          o.order_no,
          o.status,
          minute(o.placed_at),
          o.total,
          o.payment,
          o.reference ?? '-',
          o.email + (o.receipt ? `  receipt: ${o.receipt}` : '') + (o.tracking ? `  tracking: ${o.tracking}` : ''),
        ]),
      );
      return;
    }
    case 'confirm-payment':
    case 'processing':
    case 'complete':
    case 'cancel': {
      const orderNo = need(arg, 'the order number (e.g. LC-20261122-AB12CD)');
      const action = {
        'confirm-payment': ops.confirmPayment,
        processing: ops.markProcessing,
        complete: ops.completeOrder,
        cancel: ops.cancelOrder,
      }[command];
      const { order, changed } = await action(db, orderNo);
      print(
        changed
          ? `${order.order_no} is now ${order.status}.`
          : `${order.order_no} was already ${order.status}: nothing changed.`,
      );
      return;
    }
    case 'reject-receipt': {
      const order = await ops.rejectReceipt(db, need(arg, 'the order number'), values.reason);
      print(`${order.order_no}: receipt rejected; the customer was told why and can upload a new one.`);
      return;
    }
    case 'refund': {
      const result = await ops.recordRefund(db, need(arg, 'the order number'), {
        amount: values.amount,
        method: values.method,
        reference: values.reference,
      });
      print(`${result.order.order_no}: refund of ${result.amount} recorded; ${result.owed} still owed.`);
      return;
    }
    case 'expire-unpaid': {
      const { cancelled, hours } = await ops.expireUnpaidOrders(db, config);
      print(
        cancelled.length
          ? `Cancelled ${cancelled.length} unpaid order${cancelled.length === 1 ? '' : 's'}: ${cancelled.join(', ')}.`
          : `No order has been unpaid for more than ${hours} hours.`,
      );
      return;
    }
    case 'subscriptions': {
      const list = await ops.listSubscriptions(db, { status: values.status, limit: limitOption() });
      if (!list.length) {
        print(values.status ? `No ${values.status} subscriptions.` : 'No subscriptions yet.');
        return;
      }
      printTable(
        print,
        [['ID', 6], ['STATUS', 10], ['NEXT (UTC)', 11], ['EVERY', 9], ['QTY', 4], ['CUSTOMER', 28], ['PRODUCT']],
        list.map((s) => [
          String(s.id),
          s.status,
          s.status === 'active' ? s.nextDue.slice(0, 10) : '-',
          `${s.everyWeeks} weeks`,
          String(s.quantity),
          s.email,
          s.product,
        ]),
      );
      return;
    }
    case 'cancel-subscription': {
      const { id, changed } = await ops.cancelSubscription(db, positiveId(arg, 'the subscription id'));
      print(
        changed ? `Subscription ${id} is cancelled: no more renewals.` : `Subscription ${id} was already cancelled.`,
      );
      return;
    }
    case 'tracking': {
      const orderNo = need(arg, 'the order number');
      const order = await ops.setOrderTracking(db, orderNo, {
        company: values.company,
        number: values.number,
        link: values.link,
      });
      print(
        `${order.order_no}: tracking ${order.tracking_company} ${order.tracking_number}${order.tracking_link ? ` (${order.tracking_link})` : ''}.`,
      );
      return;
    }
    case 'add-staff': {
      const member = await ops.addStaff(db, need(arg, 'the account’s email'), values.role);
      print(`${member.email} is on the staff as ${member.role}.`);
      return;
    }
    case 'remove-staff': {
      const email = need(arg, 'the account’s email');
      await ops.removeStaff(db, email);
      print(`${email} is no longer on the staff.`);
      return;
    }
    case 'make-agent': {
      const email = need(arg, 'the user’s email');
      const rate = values['rate-bp'] === undefined ? undefined : Number(values['rate-bp']);
      const agent = await ops.makeAgent(db, email, rate);
      print(`${agent.email} is ${agent.wasAgent ? 'still' : 'now'} an agent at ${agent.rateBp / 100}% commission.`);
      return;
    }
    case 'confirm-commission':
    case 'hold-commission':
    case 'cancel-commission': {
      const action = (
        { 'confirm-commission': 'confirm', 'hold-commission': 'hold', 'cancel-commission': 'cancel' } as const
      )[command];
      const result = await ops.changeCommission(db, positiveId(arg, 'the commission id'), action);
      print(`Commission ${result.id} is now ${result.status}.`);
      return;
    }
    case 'commissions': {
      const list = await ops.listCommissions(db, {
        status: values.status,
        agent: values.agent,
        limit: limitOption(),
      });
      if (!list.length) {
        print('No commissions.');
        return;
      }
      printTable(
        print,
        [['ID', 6], ['STATUS', 15], ['AMOUNT', 10], ['RATE', 7], ['ORDER', 19], ['AGENT', 28], ['DOWNLINE']],
        list.map((c) => [String(c.id), c.status, c.amount, c.rate, c.order_no, c.agent, c.downline]),
      );
      return;
    }
    case 'payouts': {
      const list = await ops.listPayouts(db, { status: values.status, agent: values.agent, limit: limitOption() });
      if (!list.length) {
        print(values.status ? `No ${values.status} payout requests.` : 'No payout requests.');
        return;
      }
      printTable(
        print,
        [
          ['ID', 6],
          ['STATUS', 10],
          ['AMOUNT', 10],
          ['REQUESTED (UTC)', 17],
          ['AGENT', 28],
          ['BANK', 40],
          ['REFERENCE / REASON'],
        ],
        list.map((p) => [
          String(p.id),
          p.status,
          p.amount,
          minute(p.requested_at),
          p.agent,
          p.bank || '(no bank details)',
          p.note || '-',
        ]),
      );
      return;
    }
    case 'mark-payout-paid': {
      const result = await ops.markPayoutPaid(db, positiveId(arg, 'the payout request id'), values.reference);
      print(`Payout request ${result.id} (${result.amount}) is marked paid.`);
      return;
    }
    case 'reject-payout': {
      const result = await ops.rejectPayout(db, positiveId(arg, 'the payout request id'), values.reason);
      print(`Payout request ${result.id} (${result.amount}) is rejected; the agent can request it again.`);
      return;
    }
    case 'import-catalogue': {
      const file = resolve(need(arg, 'the catalogue file (JSON)'));
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (err) {
        throw new ops.OperatorError(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
      const { created, updated, notes } = await importCatalogue(db, parseCatalogue(json));
      print(`Imported ${created + updated} products: ${created} new, ${updated} updated.`);
      for (const note of notes) print(`  ${note}`);
      if (notes.length) print('Stock changes by a change only: adjust-stock, or import-csv with stock_change.');
      return;
    }
    case 'import-csv':
      await importCsvFile(db, resolve(need(arg, 'the CSV file')), values['dry-run'] === true, print);
      return;
    case 'export-csv':
      await exportCsvFile(db, arg ? resolve(arg) : undefined, print);
      return;
    case 'adjust-stock': {
      const packagingId = positiveId(arg, 'the packaging id');
      const change = signed < 0 ? positionals[2] : argv[signed];
      const { message } = await ops.adjustStock(
        db,
        packagingId,
        need(change, 'the change (e.g. +5 or -3)'),
        values.reason,
      );
      print(`Packaging ${packagingId}: ${message}.`);
      return;
    }
    case 'receipt':
      print(await writeReceipt(db, need(arg, 'the order number'), need(values.out, '--out FILE')));
      return;
    case 'import-files': {
      const from = values.from ?? config.UPLOAD_DIR ?? 'data/uploads';
      if (config.FILES_URL?.startsWith('file:') && resolve(config.FILES_URL.slice(5)) === resolve(from)) {
        throw new ops.OperatorError(`FILES_URL is ${config.FILES_URL}: the files are already in that store.`);
      }
      // The store itself, without the fallback that reads UPLOAD_DIR (every file would look already there).
      const store = await createFileStore({ FILES_URL: config.FILES_URL, UPLOAD_DIR: from }, db, undefined, {
        readFallback: false,
      });
      try {
        const dryRun = values['dry-run'] === true;
        const report = await importFiles(from, store, { dryRun });
        for (const line of importReportLines(report, store.kind, dryRun)) print(line);
        if (report.failed.length) throw new ops.OperatorError(`${report.failed.length} files could not be copied.`);
      } finally {
        await store.close();
      }
      return;
    }
    default:
      if (values.help || !command) throw new UsageError('');
      throw new UsageError(`Unknown command "${command}".`);
  }
}

async function main(argv: string[]): Promise<number> {
  let db: Db | undefined;
  let files: FileStore | undefined;
  try {
    const config = loadConfig();
    db = createDb(parseDatabaseUrl(config.DATABASE_URL));
    await migrateToLatest(db);
    // The command line's changes (confirm payment, cancel, refund…) mail customers like the back office's.
    setMailOn(db, config.SMTP_URL !== undefined);
    // Receipts removed or written out go through the store FILES_URL names, as on the server.
    files = await createFileStore(config, db);
    useFileStore(db, files);
    await run(db, argv, console.log, config);
    return 0;
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      const text = err.message ? `${err.message}\n\n${USAGE}` : USAGE;
      const helpOnly = !err.message;
      (helpOnly ? console.log : console.error)(text);
      return helpOnly ? 0 : 2;
    }
    if (err instanceof ops.OperatorError || err instanceof CatalogueError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    console.error(err);
    return 1;
  } finally {
    await files?.close();
    await db?.destroy();
  }
}

// Run only as the entry point (tests import `run`).
if (process.argv[1] && resolve(process.argv[1]).replace(/\.ts$/, '') === resolve(import.meta.dirname, 'cli')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
