import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createDb, type Db, parseDatabaseUrl } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createFileStore } from '../files/create-store';
import type { FileStore } from '../files/store';
import { createShop, type Shop } from '../shop';
import { BACKUP_COMMANDS, BackupError, runBackupCommand } from './backup-commands';
import { CatalogueError } from './catalogue';
import * as commands from './cli-commands';
import { type Command, OPTIONS, UsageError } from './cli-input';
import * as ops from './service';

/**
 * The shop operator's command line (docs/decisions/012): `npm run shop -- <command> …` on DATABASE_URL's
 * database (default data/shop.sqlite), like the server. Exit code 0 on success, 1 on a refusal, 2 on a
 * usage mistake. Here: the usage, the reading of the arguments and the table of commands; the commands are
 * cli-commands.ts.
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

Backups (docs/decisions/042)
  backup FILE                              a consistent copy of the database while the shop serves (SQLite's
                                           online backup; pg_dump on PostgreSQL), compressed, with a checksum and
                                           a manifest (time, schema, release, row counts)
  restore FILE                             restore a backup into DATABASE_URL's database: refused while a shop uses
                                           it; the whole file is checked first; an older release's is migrated

Files
  import-files [--from DIR] [--dry-run]    copy the files of the old upload folder (default UPLOAD_DIR) into the
                                           store FILES_URL names (the database by default); files already there
                                           with the same SHA-256 are left alone, so it can run again`;

/** Each command by its name (the usage above lists them). */
const COMMANDS: Record<string, Command> = {
  orders: commands.orders,
  'confirm-payment': commands.orderStep,
  processing: commands.orderStep,
  complete: commands.orderStep,
  cancel: commands.orderStep,
  'reject-receipt': commands.rejectReceipt,
  refund: commands.refund,
  'expire-unpaid': commands.expireUnpaid,
  subscriptions: commands.subscriptions,
  'cancel-subscription': commands.cancelSubscription,
  tracking: commands.tracking,
  'add-staff': commands.addStaff,
  'remove-staff': commands.removeStaff,
  'make-agent': commands.makeAgent,
  'confirm-commission': commands.commissionStep,
  'hold-commission': commands.commissionStep,
  'cancel-commission': commands.commissionStep,
  commissions: commands.commissions,
  payouts: commands.payouts,
  'mark-payout-paid': commands.markPayoutPaid,
  'reject-payout': commands.rejectPayout,
  'import-catalogue': commands.importCatalogueJson,
  'import-csv': commands.importCsv,
  'export-csv': commands.exportCsv,
  'adjust-stock': commands.adjustStock,
  receipt: commands.receipt,
  'import-files': commands.importFilesCommand,
};

/** The arguments read: the words, the options, and adjust-stock's change. */
function parseCommandLine(argv: string[]) {
  // A negative change ("adjust-stock 12 -3") is a value, not options: parseArgs would read "-3" as flags.
  const signed = argv[0] === 'adjust-stock' ? argv.findIndex((a, i) => i > 1 && /^-\d+$/.test(a)) : -1;
  const { positionals, values } = parseArgs({
    args: signed < 0 ? argv : argv.filter((_, i) => i !== signed),
    allowPositionals: true,
    options: OPTIONS,
  });
  return { positionals, values, change: signed < 0 ? positionals[2] : argv[signed] };
}

/** Runs one command; `print` receives the lines to show. Exported for tests. */
export async function run(shop: Shop, argv: string[], print: (line: string) => void = console.log): Promise<void> {
  const { positionals, values, change } = parseCommandLine(argv);
  const [command, arg] = positionals;
  const handler = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!command || !handler) {
    if (values.help || !command) throw new UsageError('');
    throw new UsageError(`Unknown command "${command}".`);
  }
  await handler({ shop, db: shop.db, command, arg, values, change, print, config: shop.config });
}

async function main(argv: string[]): Promise<number> {
  let db: Db | undefined;
  let files: FileStore | undefined;
  try {
    if (argv[0] && BACKUP_COMMANDS.has(argv[0])) {
      await runBackupCommand(argv, console.log);
      return 0;
    }
    const config = loadConfig();
    db = createDb(parseDatabaseUrl(config.DATABASE_URL));
    await migrateToLatest(db);
    // The command line works with the shop as the server builds it: its changes (confirm payment, cancel, refund…)
    // mail customers like the back office's, and receipts go through the store FILES_URL names.
    files = await createFileStore(config, db);
    await run(await createShop({ db, config, files }), argv, console.log);
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
    if (
      err instanceof ops.OperatorError ||
      err instanceof CatalogueError ||
      err instanceof ConfigError ||
      err instanceof BackupError
    ) {
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
