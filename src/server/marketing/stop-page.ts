import type { FastifyReply } from 'fastify';
import type { Lang } from '../../common/contract/lang';
import { formatMessage } from '../../common/i18n/messages';
import type { StopOutcome } from './service';

/**
 * The plain page the stop link answers (docs/decisions/056): what happened, in the link's language, and a way to the
 * profile. No script and no session: it is opened from an e-mail, by anyone holding the link. Every text is the shop's
 * own (common/i18n/messages-marketing.ts); nothing from the request is written into it.
 */
export function sendStopPage(reply: FastifyReply, lang: Lang, outcome: StopOutcome) {
  const t = (key: Parameters<typeof formatMessage>[1]) => formatMessage(lang, key);
  const lines =
    outcome === 'invalid'
      ? [t('marketingStopInvalid')]
      : [
          t(outcome === 'stopped' ? 'marketingStopped' : 'marketingAlreadyStopped'),
          t('marketingStopOrderNews'),
          t('marketingStopUndo'),
        ];
  const html = `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('marketingStopTitle'))} · Leaf &amp; Cup</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2a1f}a{color:#3f6b3a}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t('marketingStopTitle'))}</h1>
${lines.map((line) => `<p${outcome === 'invalid' ? ' role="alert"' : ''}>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="/profile">${escapeHtml(t('marketingStopOpenProfile'))}</a></p>
</main>
</body>
</html>
`;
  return reply
    .code(outcome === 'invalid' ? 403 : 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
