import type { ReactNode } from 'react';
import { openLinkInTelegram } from '../telegram/links';

/**
 * A link opened outside the page (a photo, a receipt, a carrier's tracking): a new tab in a browser; inside Telegram
 * the app's browser through the SDK (openLinkInTelegram), not a new tab of the web view.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(e) => {
        if (openLinkInTelegram(href)) e.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
