import { packagingName } from '../../../common/packaging-name';
import { subscriptionById } from '../../subscriptions/service';
import { UnsendableMailError } from './errors';
import { fill } from './fill';
import type { MailTemplate } from './index';
import { Layout, MailText } from './Layout';
import { renderMail } from './render';

// A Subscribe & save delivery that could not be placed and was skipped (subscriptions/scheduler.ts): why, and that
// the subscription goes on. (A renewal that was placed is order-placed.tsx's renewal_placed.)

const strings = {
  en: {
    subject: 'Your Subscribe & save delivery was skipped',
    heading: 'This delivery was skipped',
    body: 'We could not place your next Subscribe & save delivery of {{product}}:',
    reasons: {
      out_of_stock: 'it is out of stock.',
      unavailable: 'it is no longer available.',
      not_deliverable: 'it cannot be delivered to your address.',
      payment_method: 'its payment method is not available any more.',
      other: 'something went wrong on our side.',
    },
    goesOn: 'That delivery is skipped; your subscription goes on with the next one.',
    manage: 'Manage subscriptions',
  },
  zh: {
    subject: '您的定期配送已跳过',
    heading: '本次配送已跳过',
    body: '我们未能为您安排 {{product}} 的下一次定期配送：',
    reasons: {
      out_of_stock: '商品缺货。',
      unavailable: '商品已下架。',
      not_deliverable: '无法配送到您的地址。',
      payment_method: '所选付款方式已不可用。',
      other: '我们这边出了问题。',
    },
    goesOn: '本次配送已跳过，您的订阅继续有效，下次照常配送。',
    manage: '管理订阅',
  },
} as const;

export const renewalSkippedMail: MailTemplate<'renewal_skipped'> = async (ctx, params) => {
  const sub = await subscriptionById(ctx.db, params.subscriptionId);
  if (!sub) throw new UnsendableMailError(`subscription ${params.subscriptionId} no longer exists`);
  const s = strings[ctx.lang];
  const product = packagingName(sub, ctx.lang);
  const intro = fill(s.body, { product });
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={s.heading}
      heading={s.heading}
      action={{ label: s.manage, href: `${ctx.shopUrl}/subscriptions` }}
      reason="order"
    >
      <MailText>{`${intro} ${s.reasons[params.reason] ?? s.reasons.other}`}</MailText>
      <MailText>{s.goesOn}</MailText>
    </Layout>,
  );
  return { subject: s.subject, ...body };
};
