import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { Lang } from '../../../common/contract/lang';

/**
 * The one layout of every e-mail (docs/decisions/016), in both languages: the shop's name, a heading, the body, an
 * optional button, and a footer with the shop's link and why the customer gets the message. Templates
 * (templates/order-*.tsx, templates/account-*.tsx) build their body from `MailText`, `MailButton`, `MailRows` and
 * render it with `renderMail` (templates/render.ts); their strings live with them, in `{ en, zh }` form.
 */

export const SHOP_NAME = 'Leaf & Cup';

/** Why a customer gets a message (the footer's last line). */
export type MailReason = 'order' | 'account' | 'address' | 'stock_alert' | 'owner' | 'marketing';

const footerText: Record<Lang, Record<MailReason | 'visit', string>> = {
  en: {
    visit: 'Visit the shop',
    order: 'You get this e-mail because you placed an order at Leaf & Cup.',
    account: 'You get this e-mail because this address belongs to an account at Leaf & Cup.',
    address: 'You get this e-mail because this address was given for an account at Leaf & Cup.',
    stock_alert: 'You get this e-mail because you asked Leaf & Cup to tell you when this product is back.',
    owner: 'You get this e-mail because you are an owner of the Leaf & Cup shop.',
    marketing: 'You get this e-mail because you turned on marketing messages at Leaf & Cup.',
  },
  zh: {
    visit: '访问商店',
    order: '您收到此邮件，是因为您在 Leaf & Cup 下了订单。',
    account: '您收到此邮件，是因为此地址属于 Leaf & Cup 的一个账户。',
    address: '您收到此邮件，是因为有人用此地址注册或更改了 Leaf & Cup 的账户。',
    stock_alert: '您收到此邮件，是因为您要求 Leaf & Cup 在此商品到货时通知您。',
    owner: '您收到此邮件，是因为您是 Leaf & Cup 商店的店主。',
    marketing: '您收到此邮件，是因为您在 Leaf & Cup 开启了营销消息。',
  },
};

const colors = { text: '#1f2a1f', muted: '#6b7280', brand: '#3f6b3a', line: '#e5e7eb', page: '#f4f6f3' };

export const mailStyles = {
  body: { backgroundColor: colors.page, fontFamily: 'Helvetica, Arial, "PingFang SC", "Microsoft YaHei", sans-serif' },
  container: { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px 28px', maxWidth: '560px' },
  brand: { color: colors.brand, fontSize: '18px', fontWeight: 700, margin: '0 0 16px' },
  heading: { color: colors.text, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' },
  text: { color: colors.text, fontSize: '15px', lineHeight: '22px', margin: '0 0 14px' },
  muted: { color: colors.muted, fontSize: '13px', lineHeight: '19px', margin: '0 0 8px' },
  button: {
    backgroundColor: colors.brand,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  rowLabel: { color: colors.muted, fontSize: '14px', padding: '4px 12px 4px 0', verticalAlign: 'top' },
  rowValue: { color: colors.text, fontSize: '14px', padding: '4px 0', textAlign: 'right', verticalAlign: 'top' },
  hr: { borderColor: colors.line, margin: '20px 0' },
} satisfies Record<string, CSSProperties>;

export interface LayoutProps {
  lang: Lang;
  /** The shop's absolute URL (ctx.shopUrl): the footer links to it. */
  shopUrl: string;
  /** The line mail programs show next to the subject (left out of the plain text). */
  preview: string;
  heading: string;
  /** The main button (e.g. "View your order"), also in the plain text as "LABEL https://…". */
  action?: { label: string; href: string };
  /** Why the customer gets it (default: their account). */
  reason?: MailReason;
  /** A marketing message's stop link, last in the footer (docs/decisions/056). */
  unsubscribe?: { label: string; href: string };
  children?: ReactNode;
}

export function Layout({
  lang,
  shopUrl,
  preview,
  heading,
  action,
  reason = 'account',
  unsubscribe,
  children,
}: LayoutProps) {
  const footer = footerText[lang];
  return (
    <Html lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={mailStyles.body}>
        <Container style={mailStyles.container}>
          <Text style={mailStyles.brand}>{SHOP_NAME}</Text>
          <Heading as="h1" style={mailStyles.heading}>
            {heading}
          </Heading>
          {children}
          {action ? <MailButton href={action.href}>{action.label}</MailButton> : null}
          <Hr style={mailStyles.hr} />
          <Text style={mailStyles.muted}>
            <Link href={shopUrl} style={{ color: colors.brand }}>
              {footer.visit}
            </Link>
          </Text>
          <Text style={mailStyles.muted}>{footer[reason]}</Text>
          {unsubscribe ? (
            <Text style={mailStyles.muted}>
              <Link href={unsubscribe.href} style={{ color: colors.brand }}>
                {unsubscribe.label}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the body. */
export function MailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? mailStyles.muted : mailStyles.text}>{children}</Text>;
}

/** A button (a link styled as one): for a second action besides the layout's `action`. */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button href={href} style={mailStyles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** Label–value lines (an order's items and totals, bank details): a table in HTML, "label value" lines in text. */
export function MailRows({ rows }: { rows: ReadonlyArray<readonly [ReactNode, ReactNode]> }) {
  return (
    <Section style={{ margin: '0 0 14px' }}>
      <table width="100%" cellPadding={0} cellSpacing={0} role="presentation" data-text-format="dataTable">
        <tbody>
          {rows.map(([label, value], i) => (
            <tr key={i}>
              <td style={mailStyles.rowLabel}>{label}</td>
              <td style={mailStyles.rowValue}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
