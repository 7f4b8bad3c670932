import type { Lang } from '../../../common/contract/lang';
import { formatCents } from '../../../common/money';
import { packagingName } from '../../../common/packaging-name';
import { currentOrderFigures, type MailOrder, type MailOrderLine, type OrderFigures } from '../order-figures';
import type { OrderMail } from '../outbox';
import { UnsendableMailError } from './errors';
import { fill } from './fill';
import type { MailContext } from './index';
import { MailRows, MailText } from './Layout';

/**
 * What every order e-mail shares (docs/decisions/016): the order's figures when the event happened, its page in the
 * shop (`/order?id=N`, where the customer uploads a receipt, follows the parcel and writes reviews), its lines and
 * totals in dollars, and the delivery address. Strings live here, in both languages (not in messages.ts: the shop's
 * bundle).
 */

export const orderStrings = {
  en: {
    viewOrder: 'View your order',
    orderNo: 'Order #{{orderNo}}',
    items: 'Items',
    subtotal: 'Subtotal',
    delivery: 'Delivery',
    free: 'Free',
    coupon: 'Coupon {{code}}',
    cashReward: 'Cash reward used',
    total: 'Total',
    deliverTo: 'Delivery address',
    every: ', every {{weeks}} weeks',
  },
  zh: {
    viewOrder: '查看订单',
    orderNo: '订单 #{{orderNo}}',
    items: '商品',
    subtotal: '小计',
    delivery: '运费',
    free: '免运费',
    coupon: '优惠券 {{code}}',
    cashReward: '已用现金奖励',
    total: '合计',
    deliverTo: '收货地址',
    every: '，每 {{weeks}} 周',
  },
} as const;

/** The order's page in the shop. */
export const orderLink = (ctx: Pick<MailContext, 'shopUrl'>, orderId: number) => `${ctx.shopUrl}/order?id=${orderId}`;

/**
 * The order, its lines and the refund owed as they were when the event happened (the `figures` queued with the
 * message, mail/order-figures.ts). A message queued without them reads the order now; an order that no longer exists
 * cannot be reported (the message fails at once).
 */
export async function loadOrder(ctx: Pick<MailContext, 'db'>, params: OrderMail): Promise<OrderFigures> {
  if (params.figures) return params.figures;
  const figures = await currentOrderFigures(ctx.db, params.orderId);
  if (!figures) throw new UnsendableMailError(`order ${params.orderId} no longer exists`);
  return figures;
}

/** The items (packaging × quantity, line total) and the totals: subtotal, delivery, coupon, cash reward, total. */
export function OrderSummary({ lang, order, items }: { lang: Lang; order: MailOrder; items: MailOrderLine[] }) {
  const s = orderStrings[lang];
  const lines = items.map((i) => {
    const every = i.frequency_weeks > 0 ? fill(s.every, { weeks: i.frequency_weeks }) : '';
    return [`${packagingName(i, lang, i.quantity)}${every}`, formatCents(i.line_total_cents)] as const;
  });
  const totals: Array<readonly [string, string]> = [
    [s.subtotal, formatCents(order.subtotal_cents)],
    [s.delivery, order.delivery_fee_cents > 0 ? formatCents(order.delivery_fee_cents) : s.free],
  ];
  if (order.coupon_discount_cents > 0) {
    totals.push([fill(s.coupon, { code: order.coupon_code ?? '' }), formatCents(-order.coupon_discount_cents)]);
  }
  if (order.cash_reward_cents > 0) totals.push([s.cashReward, formatCents(-order.cash_reward_cents)]);
  totals.push([s.total, formatCents(order.total_cents)]);
  return (
    <>
      <MailRows rows={lines} />
      <MailRows rows={totals} />
    </>
  );
}

/** The delivery address as the order holds it. */
export function DeliveryAddress({ lang, order }: { lang: Lang; order: MailOrder }) {
  const lines = [
    `${order.receiver_name}, ${order.phone}`,
    order.company,
    order.address,
    `${order.city}, ${order.state_name} ${order.zip}`,
    order.country,
  ].filter((l): l is string => Boolean(l));
  return (
    <>
      <MailText>
        <strong>{orderStrings[lang].deliverTo}</strong>
      </MailText>
      <MailText>
        {lines.map((l, i) => (
          <span key={l}>
            {i > 0 ? <br /> : null}
            {l}
          </span>
        ))}
      </MailText>
    </>
  );
}
