import type { AdminCoupon } from '@common/contract/admin/coupons';
import { formatCents } from '@common/money';
import type { TFunction } from 'i18next';
import { formatDate } from '@/lib/format/date';

/** How the list and the coupon page say what a coupon gives, when it works and how much it was used. */

/** A shop day (YYYY-MM-DD) read at local noon, so the viewer's own time zone cannot move it to another day. */
export const shopDay = (day: string) => formatDate(`${day}T12:00:00`);

export const discountText = (t: TFunction, c: Pick<AdminCoupon, 'kind' | 'value'>) =>
  c.kind === 'percent' ? t('percentOff', { value: c.value }) : t('amountOff', { amount: formatCents(c.value) });

export const minSpendText = (t: TFunction, cents: number) => (cents > 0 ? formatCents(cents) : t('noMinimum'));

export function validText(t: TFunction, c: Pick<AdminCoupon, 'starts_on' | 'ends_on'>): string {
  if (c.starts_on && c.ends_on) return t('validFromTo', { from: shopDay(c.starts_on), to: shopDay(c.ends_on) });
  if (c.starts_on) return t('validFrom', { from: shopDay(c.starts_on) });
  if (c.ends_on) return t('validUntil', { to: shopDay(c.ends_on) });
  return t('validAlways');
}

/** "12 of 100 used", or "12 used (no limit)". */
export const usesText = (t: TFunction, c: Pick<AdminCoupon, 'used_count' | 'usage_limit'>) =>
  c.usage_limit === null
    ? t('usesNoLimit', { used: c.used_count })
    : t('usesOf', { used: c.used_count, limit: c.usage_limit });

export const perCustomerText = (t: TFunction, limit: number | null) =>
  limit === null ? t('noLimit') : t('perCustomer', { count: limit });

const BADGE: Record<AdminCoupon['state'], string> = {
  active: 'admin-badge admin-badge--ok',
  scheduled: 'admin-badge',
  expired: 'admin-badge admin-badge--bad',
  used_up: 'admin-badge admin-badge--warn',
  paused: 'admin-badge admin-badge--warn',
};

export const stateBadgeClass = (state: AdminCoupon['state']) => BADGE[state];
