import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { Shop } from '../shop';

// What the command line (cli.ts) hands a command (cli-commands.ts): its options, its words, and the checks of them
// that refuse a usage mistake (exit code 2).

/** Every command's options, as parseArgs reads them. */
export const OPTIONS = {
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
} as const;

/** The options given, by name. */
export type Options = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
};

/** The settings the commands read. */
export type CliConfig = Pick<Config, 'UNPAID_ORDER_HOURS'> & Partial<Pick<Config, 'UPLOAD_DIR' | 'FILES_URL'>>;

/** What a command gets. */
export interface CommandInput {
  shop: Shop;
  /** The shop's database (`shop.db`). */
  db: Db;
  /** The command's name, as typed. */
  command: string;
  /** The word after the command: an order number, an id, an e-mail, a file. */
  arg: string | undefined;
  values: Options;
  /** adjust-stock's change (`+5`, `-3`): the word after the packaging id. */
  change: string | undefined;
  /** Receives the lines to show. */
  print: (line: string) => void;
  config: Config;
}

export type Command = (input: CommandInput) => Promise<void>;

/** A usage mistake: its message, then the usage (an empty message: the usage alone, as for --help). */
export class UsageError extends Error {}

export const need = (value: string | undefined, what: string): string => {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
};

export const positiveId = (value: string | undefined, what: string): number => {
  const n = Number(need(value, what));
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`${what} must be a positive whole number, not "${value}".`);
  return n;
};

/** `--limit`, a positive whole number, when given. */
export const limitOption = (values: Options) =>
  values.limit === undefined ? undefined : positiveId(values.limit, '--limit');
