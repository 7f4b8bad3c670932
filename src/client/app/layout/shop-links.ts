/**
 * The shop's outside links (header, side menu, footer). Set at build time with VITE_* variables so a
 * fork points them at its own channel and chats; the defaults are Leaf & Cup's (the WhatsApp number is a placeholder: set VITE_WHATSAPP_URL).
 */
const env = import.meta.env as Record<string, string | undefined>;

export const TELEGRAM_CHANNEL_URL = env.VITE_TELEGRAM_CHANNEL_URL || 'https://t.me/leafandcup';
export const WHATSAPP_URL = env.VITE_WHATSAPP_URL || 'https://wa.me/15550100000';
/** What the WeChat QR code encodes (a WeChat "add contact" link). */
export const WECHAT_URL = env.VITE_WECHAT_URL || 'https://u.wechat.com/leafandcup';
export const CONTACT_EMAIL = env.VITE_CONTACT_EMAIL || 'hello@leafandcup.example';
