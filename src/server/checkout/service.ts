import {
  type CouponProblem,
  couponDiscountCents,
  deliveryFeeCents,
  orderTotals,
  type ShippingMethod,
  type Totals,
} from '../../common/checkout-rules';
import type { Lang } from '../../common/contract/lang';
import { formatMessage } from '../../common/i18n/messages';
import { resolveState } from '../addresses/service';
import { type CartInput, lineMessage, type PricedCart, priceCart, requireItems, toPricedLine } from '../cart/service';
import { heldReward, rewardBalance } from '../cash-rewards/service';
import { appliedCoupon, type CouponRow, checkCoupon, couponInfo } from '../coupons/service';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { type ShopSettings, shopSettings } from '../settings/service';
import { methodProblem } from '../shipping/service';

// The checkout summary: the cart priced now with its delivery fee, applied coupon and held cash reward.
// Each of those has its own domain (cart, settings, addresses, coupons, cash-rewards); this one composes them.

export interface SummaryInput {
  items?: CartInput[];
  addressId?: number;
  stateId?: number;
  method?: ShippingMethod;
  useCoupon?: boolean;
  useCashReward?: boolean;
}

interface Quote {
  cart: PricedCart;
  state: Awaited<ReturnType<typeof resolveState>>;
  method: ShippingMethod;
  settings: ShopSettings;
  coupon: { row: CouponRow; problem: CouponProblem | null; discount: number } | null;
  balance: number;
  hold: number;
  totals: Totals;
}

/** Prices a checkout now: lines, fee, applied coupon and held cash reward (reads only). */
async function quote(db: Db, user: User, lang: Lang, input: SummaryInput): Promise<Quote> {
  const items = requireItems(input.items);
  const method = input.method ?? 'standard';
  const state = await resolveState(db, user, lang, input);
  const [cart, settings, application, balance, hold] = await Promise.all([
    priceCart(db, items, state ?? undefined),
    shopSettings(db),
    input.useCoupon === false ? Promise.resolve(undefined) : appliedCoupon(db, user.id),
    rewardBalance(db, user.id),
    input.useCashReward === false ? Promise.resolve(0) : heldReward(db, user.id),
  ]);
  let coupon: Quote['coupon'] = null;
  if (application) {
    const problem = await checkCoupon(db, application, user.id, cart.subtotalCents);
    coupon = {
      row: application,
      problem,
      discount: problem ? 0 : couponDiscountCents(application, cart.subtotalCents),
    };
  }
  const fee = state ? deliveryFeeCents(state, method, cart.subtotalCents, settings.freeShippingThresholdCents) : 0;
  const totals = orderTotals({
    subtotalCents: cart.subtotalCents,
    deliveryFeeCents: fee,
    couponDiscountCents: coupon?.discount ?? 0,
    cashRewardHeldCents: Math.min(hold, balance),
  });
  return { cart, state, method, settings, coupon, balance, hold, totals };
}

export async function checkoutSummary(db: Db, user: User, lang: Lang, input: SummaryInput) {
  const q = await quote(db, user, lang, input);
  const couponMessage = q.coupon?.problem ? formatMessage(lang, q.coupon.problem.key, q.coupon.problem.params) : null;
  // A method the address's state is not offered (docs/decisions/041): placing would be refused, so it is a problem.
  const notOffered = q.state ? methodProblem(q.state, q.method, lang) : null;
  const problems = [
    ...(notOffered ? [formatMessage(lang, notOffered.key, notOffered.params)] : []),
    ...q.cart.problems.map((l) => lineMessage(l, lang) ?? ''),
    ...(couponMessage ? [couponMessage] : []),
  ];
  return {
    lines: q.cart.lines.map((l) => toPricedLine(l, lang)),
    totals: q.totals,
    shipping_method: q.method,
    free_shipping_threshold_cents: q.settings.freeShippingThresholdCents,
    state_id: q.state?.id ?? null,
    coupon: q.coupon
      ? {
          info: couponInfo(q.coupon.row),
          valid: !q.coupon.problem,
          message: couponMessage,
          discount_cents: q.coupon.discount,
        }
      : null,
    cash_reward: {
      balance_cents: q.balance,
      on_hold_cents: Math.min(q.hold, q.balance),
      applied_cents: q.totals.cash_reward_cents,
    },
    problems,
    can_place: problems.length === 0 && q.state !== null,
  };
}
