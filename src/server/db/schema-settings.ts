import type { Generated } from 'kysely';

// The shop's settings and content: states with their delivery fees, key-value settings, payment methods,
// information pages and FAQ (part of `Database` in schema.ts).

export interface StatesTable {
  id: Generated<number>;
  code: string;
  name_en: string;
  name_zh: string;
  country: string;
  standard_fee_cents: number;
  expedited_fee_cents: number;
  sort_order: number;
  /** 1: checkout offers the method to this state (docs/decisions/041). */
  standard_offered: Generated<number>;
  expedited_offered: Generated<number>;
  /** When staff retired it (no longer offered for new addresses), or null. */
  retired_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  /** 'bank_transfer' | 'payment_link' */
  code: string;
  name_en: string;
  name_zh: string;
  instructions_en: string;
  instructions_zh: string;
  is_active: Generated<number>;
  sort_order: number;
}

/** Policy pages: 'tnc' | 'privacy' | 'shipping' | 'about'. */
export interface PagesTable {
  slug: string;
  title_en: string;
  title_zh: string;
  body_en: string;
  body_zh: string;
  updated_at: string;
}

export interface FaqsTable {
  id: Generated<number>;
  question_en: string;
  question_zh: string;
  answer_en: string;
  answer_zh: string;
  sort_order: number;
}
