import { type ComponentType, createContext, useContext } from 'react';

export type SpinnerSize = 's' | 'm';

/**
 * The spinner a part of the app draws in place of the CSS one: the back office provides telegram-ui's
 * (app/admin/AdminApp.tsx), whose library and stylesheet load with the back office's chunk only.
 */
export const SpinnerSlot = createContext<ComponentType<{ size: SpinnerSize }> | null>(null);

/**
 * A CSS spinner in Telegram's link colour (docs/decisions/021: in place of telegram-ui's Spinner, whose library and
 * 10 KB of CSS were in the shop's first load for this and AppRoot only). Sizes as telegram-ui's: s 24 px, m 36 px.
 */
export function Spinner({ size = 'm' }: { size?: SpinnerSize }) {
  const Slot = useContext(SpinnerSlot);
  if (Slot) return <Slot size={size} />;
  return <div role="status" className={`spinner spinner--${size}`} />;
}
