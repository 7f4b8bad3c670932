import type { Generated } from 'kysely';
import type { StaffRole } from '../../common/staff-rules';

// Accounts and staff: users, their sessions, e-mailed links and addresses, the log-in limits' counters, the staff and
// the audit log of what they do (part of `Database` in schema.ts).

export interface UsersTable {
  id: Generated<number>;
  nickname: string;
  email: string;
  phone: string;
  password_hash: string;
  referral_code: string;
  upline_id: number | null;
  /** How the upline was found: 'link' (/{code}), 'code' (typed at register), 'bot' (start parameter). */
  joined_via: string | null;
  is_agent: Generated<number>;
  /** Commission rate in basis points (1000 = 10%). */
  commission_rate_bp: Generated<number>;
  telegram_user_id: string | null;
  telegram_username: string | null;
  telegram_name: string | null;
  language: Generated<string>;
  cash_balance_cents: Generated<number>;
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  notify_orders: Generated<number>;
  /** The e-mail switch for order news (notify_orders is the Telegram one). */
  notify_email: Generated<number>;
  /** When the customer confirmed the e-mail address (null: not yet). */
  email_confirmed_at: string | null;
  remark: string | null;
  /** When the payout bank account last changed (null: never since it was first set, or before this was kept). */
  bank_changed_at: string | null;
  /** When the account was deleted (docs/decisions/050): the row stays, without the person, for the orders naming it. */
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Fixed-window counters (login attempts per account and per address), kept in the database. */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  /** When the current window ends: the cleanup job deletes the row after it (null: rows older than the column). */
  expires_at: string | null;
}

/** A link sent by e-mail for the account (migration 2026-11-24T13-00): a password reset or an address confirmation. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset_password' | 'confirm_email';
  /** SHA-256 of the token in the link; the token itself is never stored. */
  token_hash: string;
  /** The address the link was sent to. */
  email: string;
  expires_at: string;
  /** Set once, by a conditional update, when the link is used (or ended by a newer one). */
  used_at: string | null;
  created_at: string;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  receiver_name: string;
  phone: string;
  address: string;
  city: string;
  state_id: number;
  zip: string;
  company: string | null;
  country: string;
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A shop account that works in the back office (docs/decisions/013). */
export interface StaffTable {
  user_id: number;
  role: StaffRole;
  /** Whether the bot tells this staff member of new orders, receipts, payout requests and low stock. */
  notify_telegram: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Every change made from the back office, the bot's staff buttons or the command line. */
export interface AuditLogTable {
  id: Generated<number>;
  /** The staff member (null: the command line, or an account since deleted). */
  actor_user_id: number | null;
  /** Who, as shown: the staff member's e-mail, or "command line". */
  actor: string;
  /** 'admin' | 'bot' | 'cli' */
  source: string;
  /** What was done, e.g. 'order.confirm_payment', 'staff.add'. */
  action: string;
  /** What it was done to: 'order', 'staff', 'commission', … */
  entity: string;
  entity_id: string | null;
  order_no: string | null;
  /** JSON of the values before and after (only the ones that changed matter). */
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}
