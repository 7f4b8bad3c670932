import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createFileStore } from '../files/create-store';
import { importCatalogue, parseCatalogue } from './catalogue';
import { exportCsvFile, importCsvFile } from './catalogue-csv';
import { type Command, limitOption, need, positiveId } from './cli-input';
import { importFiles, importReportLines, writeReceipt } from './files';
import * as ops from './service';
import { showOrder } from './show-order';

// The command line's commands (cli.ts names them and reads their options): each does one thing through the
// operator's service and prints what it did.

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

// ---------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------

export const orders: Command = async ({ db, values, print }) => {
  if (values.show !== undefined) {
    for (const line of await showOrder(db, need(values.show, 'the order number after --show'))) print(line);
    return;
  }
  const list = await ops.listOrders(db, { status: values.status, limit: limitOption(values) });
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
};

const ORDER_STEPS = {
  'confirm-payment': ops.confirmPayment,
  processing: ops.markProcessing,
  complete: ops.completeOrder,
  cancel: ops.cancelOrder,
};

/** confirm-payment, processing, complete, cancel: an order's next status. */
export const orderStep: Command = async ({ shop, command, arg, print }) => {
  const orderNo = need(arg, 'the order number (e.g. LC-20261122-AB12CD)');
  const action = ORDER_STEPS[command as keyof typeof ORDER_STEPS];
  const { order, changed } = await action(shop, orderNo);
  print(
    changed
      ? `${order.order_no} is now ${order.status}.`
      : `${order.order_no} was already ${order.status}: nothing changed.`,
  );
};

export const rejectReceipt: Command = async ({ shop, arg, values, print }) => {
  const order = await ops.rejectReceipt(shop, need(arg, 'the order number'), values.reason);
  print(`${order.order_no}: receipt rejected; the customer was told why and can upload a new one.`);
};

export const refund: Command = async ({ shop, arg, values, print }) => {
  const result = await ops.recordRefund(shop, need(arg, 'the order number'), {
    amount: values.amount,
    method: values.method,
    reference: values.reference,
  });
  print(`${result.order.order_no}: refund of ${result.amount} recorded; ${result.owed} left to refund.`);
};

export const expireUnpaid: Command = async ({ shop, print }) => {
  const { cancelled, hours } = await ops.expireUnpaidOrders(shop);
  print(
    cancelled.length
      ? `Cancelled ${cancelled.length} unpaid order${cancelled.length === 1 ? '' : 's'}: ${cancelled.join(', ')}.`
      : `No order has been unpaid for more than ${hours} hours.`,
  );
};

export const tracking: Command = async ({ shop, arg, values, print }) => {
  const orderNo = need(arg, 'the order number');
  const order = await ops.setOrderTracking(shop, orderNo, {
    company: values.company,
    number: values.number,
    link: values.link,
  });
  print(
    `${order.order_no}: tracking ${order.tracking_company} ${order.tracking_number}${order.tracking_link ? ` (${order.tracking_link})` : ''}.`,
  );
};

export const receipt: Command = async ({ shop, arg, values, print }) => {
  print(await writeReceipt(shop, need(arg, 'the order number'), need(values.out, '--out FILE')));
};

// ---------------------------------------------------------------------------
// Subscriptions and staff
// ---------------------------------------------------------------------------

export const subscriptions: Command = async ({ db, values, print }) => {
  const list = await ops.listSubscriptions(db, { status: values.status, limit: limitOption(values) });
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
};

export const cancelSubscription: Command = async ({ db, arg, print }) => {
  const { id, changed } = await ops.cancelSubscription(db, positiveId(arg, 'the subscription id'));
  print(changed ? `Subscription ${id} is cancelled: no more renewals.` : `Subscription ${id} was already cancelled.`);
};

export const addStaff: Command = async ({ db, arg, values, print }) => {
  const member = await ops.addStaff(db, need(arg, 'the account’s email'), values.role);
  print(`${member.email} is on the staff as ${member.role}.`);
};

export const removeStaff: Command = async ({ db, arg, print }) => {
  const email = need(arg, 'the account’s email');
  await ops.removeStaff(db, email);
  print(`${email} is no longer on the staff.`);
};

// ---------------------------------------------------------------------------
// People and money
// ---------------------------------------------------------------------------

export const makeAgent: Command = async ({ db, arg, values, print }) => {
  const email = need(arg, 'the user’s email');
  const rate = values['rate-bp'] === undefined ? undefined : Number(values['rate-bp']);
  const agent = await ops.makeAgent(db, email, rate);
  print(`${agent.email} is ${agent.wasAgent ? 'still' : 'now'} an agent at ${agent.rateBp / 100}% commission.`);
};

const COMMISSION_STEPS = {
  'confirm-commission': 'confirm',
  'hold-commission': 'hold',
  'cancel-commission': 'cancel',
} as const;

/** confirm-commission, hold-commission, cancel-commission. */
export const commissionStep: Command = async ({ db, command, arg, print }) => {
  const action = COMMISSION_STEPS[command as keyof typeof COMMISSION_STEPS];
  const result = await ops.changeCommission(db, positiveId(arg, 'the commission id'), action);
  print(`Commission ${result.id} is now ${result.status}.`);
};

export const commissions: Command = async ({ db, values, print }) => {
  const list = await ops.listCommissions(db, {
    status: values.status,
    agent: values.agent,
    limit: limitOption(values),
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
};

export const payouts: Command = async ({ db, values, print }) => {
  const list = await ops.listPayouts(db, { status: values.status, agent: values.agent, limit: limitOption(values) });
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
};

export const markPayoutPaid: Command = async ({ db, arg, values, print }) => {
  const result = await ops.markPayoutPaid(db, positiveId(arg, 'the payout request id'), values.reference);
  print(`Payout request ${result.id} (${result.amount}) is marked paid.`);
};

export const rejectPayout: Command = async ({ db, arg, values, print }) => {
  const result = await ops.rejectPayout(db, positiveId(arg, 'the payout request id'), values.reason);
  print(`Payout request ${result.id} (${result.amount}) is rejected; the agent can request it again.`);
};

// ---------------------------------------------------------------------------
// Catalogue and files
// ---------------------------------------------------------------------------

export const importCatalogueJson: Command = async ({ shop, arg, print }) => {
  const file = resolve(need(arg, 'the catalogue file (JSON)'));
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new ops.OperatorError(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { created, updated, notes } = await importCatalogue(shop, parseCatalogue(json));
  print(`Imported ${created + updated} products: ${created} new, ${updated} updated.`);
  for (const note of notes) print(`  ${note}`);
  if (notes.length) print('Stock changes by a change only: adjust-stock, or import-csv with stock_change.');
};

export const importCsv: Command = async ({ shop, arg, values, print }) => {
  await importCsvFile(shop, resolve(need(arg, 'the CSV file')), values['dry-run'] === true, print);
};

export const exportCsv: Command = async ({ db, arg, print }) => {
  await exportCsvFile(db, arg ? resolve(arg) : undefined, print);
};

export const adjustStock: Command = async ({ shop, arg, values, change, print }) => {
  const packagingId = positiveId(arg, 'the packaging id');
  const { message } = await ops.adjustStock(
    shop,
    packagingId,
    need(change, 'the change (e.g. +5 or -3)'),
    values.reason,
  );
  print(`Packaging ${packagingId}: ${message}.`);
};

export const importFilesCommand: Command = async ({ db, values, print, config }) => {
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
};
