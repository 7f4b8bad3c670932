import { Img } from '@react-email/components';
import type { Lang } from '../../../common/contract/lang';
import { subscribePath } from '../../../common/links';
import { formatCents } from '../../../common/money';
import { jpegUrlAt } from '../../files/images';
import { cartReminderView, reorderReminderView } from '../../marketing/reminder-views';
import { stopPath } from '../../marketing/service';
import { UnsendableMailError } from './errors';
import { fill } from './fill';
import type { MailContext, MailTemplate } from './index';
import { Layout, MailButton, MailRows, MailText } from './Layout';
import { renderMail } from './render';

// The marketing reminders by e-mail (docs/decisions/056), to a confirmed address of a customer who turned marketing
// messages on and has no Telegram link: a cart left waiting, and "Running low?". Both are read when sent (a cart since
// emptied or ordered, a product gone, marketing turned off: not sent), and both carry the signed stop link, in the
// footer and as List-Unsubscribe with RFC 8058's one-click.

const strings = {
  en: {
    cartSubject: 'Your cart is waiting for you',
    cartHeading: 'Still thinking it over?',
    cartBody: 'You left these in your cart at Leaf & Cup. They are still there for you:',
    every: 'every {{weeks}} weeks',
    total: 'Total',
    openCart: 'Open my cart',
    reorderSubject: 'Running low on {{product}}?',
    reorderHeading: 'Running low?',
    reorderBody: 'It has been {{days}} days since your {{product}} arrived. Order again before your cup runs dry.',
    buyAgain: 'Buy again',
    subscribe: 'Subscribe & save',
    subscribeNote: 'Or let it come by itself every few weeks with Subscribe & save, and save on each delivery.',
    stop: 'Stop these messages',
  },
  zh: {
    cartSubject: '您的购物车还在等您',
    cartHeading: '还在考虑吗？',
    cartBody: '您在 Leaf & Cup 的购物车里还有这些商品，它们仍为您保留：',
    every: '每 {{weeks}} 周',
    total: '合计',
    openCart: '打开我的购物车',
    reorderSubject: '{{product}} 快用完了吗？',
    reorderHeading: '快用完了吗？',
    reorderBody: '您的 {{product}} 送达已经 {{days}} 天了。趁茶还没喝完，再来一份吧。',
    buyAgain: '再次购买',
    subscribe: '订阅省',
    subscribeNote: '或选择订阅省，每隔几周自动送达，每次都更优惠。',
    stop: '停止接收此类消息',
  },
} as const;

/** The reminder's stop link, for the footer and List-Unsubscribe (one-click: RFC 8058). */
async function stopOf(ctx: MailContext, userId: number) {
  const href = `${ctx.shopUrl}${await stopPath(ctx.db, userId, ctx.lang)}`;
  return {
    link: { label: strings[ctx.lang].stop, href },
    headers: { 'List-Unsubscribe': `<${href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** A product's picture as mail programs show it (a JPEG at the shop's address), or nothing for the seed's SVGs. */
function picture(ctx: MailContext, image: string, alt: string) {
  const jpeg = jpegUrlAt(image, 640);
  return jpeg ? <Img src={`${ctx.shopUrl}${jpeg}`} alt={alt} width="280" style={{ margin: '0 0 14px' }} /> : null;
}

const lineLabel = (lang: Lang, l: { name: string; packaging: string; quantity: number; frequencyWeeks: number }) =>
  `${l.name} (${l.packaging}) × ${l.quantity}${l.frequencyWeeks ? `, ${fill(strings[lang].every, { weeks: l.frequencyWeeks })}` : ''}`;

export const cartReminderMail: MailTemplate<'cart_reminder'> = async (ctx, params) => {
  const view = await cartReminderView(ctx.db, params, ctx.lang);
  if (!view) throw new UnsendableMailError('skipped: the cart was emptied or ordered, or marketing is off');
  const s = strings[ctx.lang];
  const stop = await stopOf(ctx, params.userId);
  const first = view.lines[0]!;
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={s.cartBody}
      heading={s.cartHeading}
      action={{ label: s.openCart, href: `${ctx.shopUrl}/cart` }}
      reason="marketing"
      unsubscribe={stop.link}
    >
      {picture(ctx, view.image, first.name)}
      <MailText>{s.cartBody}</MailText>
      <MailRows
        rows={[
          ...view.lines.map((l) => [lineLabel(ctx.lang, l), formatCents(l.totalCents)] as const),
          [s.total, formatCents(view.totalCents)] as const,
        ]}
      />
    </Layout>,
  );
  return { subject: s.cartSubject, ...body, headers: stop.headers };
};

export const reorderReminderMail: MailTemplate<'reorder_reminder'> = async (ctx, params) => {
  const view = await reorderReminderView(ctx.db, params, ctx.lang);
  if (!view) throw new UnsendableMailError('skipped: the product is gone or marketing is off');
  const s = strings[ctx.lang];
  const { product } = view;
  const stop = await stopOf(ctx, params.userId);
  const text = fill(s.reorderBody, { days: view.days, product: product.name });
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={text}
      heading={s.reorderHeading}
      action={{ label: s.buyAgain, href: `${ctx.shopUrl}/details/${product.id}` }}
      reason="marketing"
      unsubscribe={stop.link}
    >
      {picture(ctx, product.image, product.name)}
      <MailText>{text}</MailText>
      {product.subscribable ? (
        <>
          <MailText muted>{s.subscribeNote}</MailText>
          <MailButton href={`${ctx.shopUrl}${subscribePath(product.id)}`}>{s.subscribe}</MailButton>
        </>
      ) : null}
    </Layout>,
  );
  return { subject: fill(s.reorderSubject, { product: product.name }), ...body, headers: stop.headers };
};
