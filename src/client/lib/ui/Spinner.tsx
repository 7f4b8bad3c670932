/**
 * A CSS spinner in Telegram's link colour (issue 15: in place of telegram-ui's Spinner, whose library and 10 KB of
 * CSS were in the shop's first load for this and AppRoot only). Sizes as telegram-ui's: s 24 px, m 36 px.
 */
export function Spinner({ size = 'm' }: { size?: 's' | 'm' }) {
  return <div role="status" className={`spinner spinner--${size}`} />;
}
