import { alertProduct } from '../../stock-alerts/service';
import { UnsendableMailError } from './errors';
import { fill } from './fill';
import type { MailTemplate } from './index';
import { Layout, MailText } from './Layout';
import { renderMail } from './render';

// A product the customer asked about ("Notify me when available") is available again (stock-alerts/tell.ts,
// docs/decisions/018): its name and a button to the product's page (/details/{id}).

const strings = {
  en: {
    subject: '{{product}} is back in stock',
    heading: "It's back!",
    body: '{{product}} is available again. You asked us to let you know.',
    hurry: 'Stock can be short: order soon to be sure of yours.',
    view: 'View the product',
  },
  zh: {
    subject: '{{product}} 已到货',
    heading: '到货啦！',
    body: '{{product}} 已到货。您曾要求我们到货时通知您。',
    hurry: '库存可能有限，请尽快下单。',
    view: '查看商品',
  },
} as const;

export const backInStockMail: MailTemplate<'back_in_stock'> = async (ctx, params) => {
  const product = await alertProduct(ctx.db, params.productId);
  if (product?.is_active !== 1) throw new UnsendableMailError(`product ${params.productId} is no longer in the shop`);
  const s = strings[ctx.lang];
  const name = ctx.lang === 'zh' ? product.name_zh || product.name_en : product.name_en;
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={fill(s.body, { product: name })}
      heading={s.heading}
      action={{ label: s.view, href: `${ctx.shopUrl}/details/${product.id}` }}
      reason="stock_alert"
    >
      <MailText>{fill(s.body, { product: name })}</MailText>
      <MailText>{s.hurry}</MailText>
    </Layout>,
  );
  return { subject: fill(s.subject, { product: name }), ...body };
};
