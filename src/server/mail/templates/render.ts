import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

/** A rendered message's two parts: the HTML and its plain-text twin (multipart/alternative). */
export interface MailBody {
  html: string;
  text: string;
}

/**
 * Renders a template's element (a `Layout` with its body) to the HTML part and the plain-text part. The text is made
 * from the HTML (html-to-text through @react-email/render): links are followed by their address, headings are upper
 * case, `MailRows` become aligned "label  value" lines, the preview line and images are left out.
 */
export async function renderMail(element: ReactElement): Promise<MailBody> {
  const html = await render(element);
  const text = toPlainText(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { html, text };
}
