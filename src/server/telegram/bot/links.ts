import type { InlineKeyboard } from 'grammy';

/**
 * Where the bot's buttons go. Telegram opens Mini App (web_app) buttons only over https; any other
 * PUBLIC_URL (a local http one) gets plain link buttons instead, so the bot still works in development.
 */
export class ShopLinks {
  constructor(private readonly publicUrl: string | undefined) {}

  get configured(): boolean {
    return Boolean(this.publicUrl);
  }

  /** An absolute shop URL of a path ('/', '/order?id=3'), or undefined without PUBLIC_URL. */
  url(path: string): string | undefined {
    if (!this.publicUrl) return undefined;
    return `${this.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
  }

  home = () => this.url('/');
  order = (orderId: number) => this.url(`/order?id=${orderId}`);
  product = (productId: number) => this.url(`/details/${productId}`);
  referral = (code: string) => this.url(`/${encodeURIComponent(code)}`);
  loginBe = (telegramUserId: string, path = 'profile') => this.url(`/login_be/${telegramUserId}/${path}`);

  /** Adds a button opening `url` in the Mini App (https) or as a link (otherwise); nothing without a URL. */
  addButton(keyboard: InlineKeyboard, text: string, url: string | undefined): InlineKeyboard {
    if (!url) return keyboard;
    return url.startsWith('https://') ? keyboard.webApp(text, url) : keyboard.url(text, url);
  }
}

/** The keyboard, or undefined when it has no button (Telegram refuses an empty one). */
export function markup(keyboard: InlineKeyboard): InlineKeyboard | undefined {
  return keyboard.inline_keyboard.some((row) => row.length > 0) ? keyboard : undefined;
}
