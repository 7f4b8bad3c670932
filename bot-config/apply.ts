/**
 * Applies the bot's settings (`npm run bot:setup`, or `npm run bot:setup -- --dry-run` to only print
 * the calls): commands and descriptions in English (default) and Chinese, the menu button opening the
 * Mini App at PUBLIC_URL, and the webhook at PUBLIC_URL/telegram/webhook with its secret token.
 *
 * Reads BOT_TOKEN, PUBLIC_URL, WEBHOOK_SECRET (optional) and TELEGRAM_API_ROOT from the environment,
 * like the server. Options: --dry-run, --no-webhook (keep the current webhook, e.g. while developing).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../src/server/config';
import { WEBHOOK_PATH, webhookSecret } from '../src/server/telegram/bot/webhook-secret';

interface BotCommand {
  command: string;
  description: string;
}

export interface BotSettings {
  commands: { en: BotCommand[]; zh: BotCommand[] };
  description: { en: string; zh: string };
  short_description: { en: string; zh: string };
  menu_button: { text: string };
}

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
}

export function readSettings(file = new URL('./commands.json', import.meta.url)): BotSettings {
  return JSON.parse(readFileSync(file, 'utf8')) as BotSettings;
}

/** The Bot API calls that put `settings` in place for a shop at `publicUrl`. */
export function planCalls(
  settings: BotSettings,
  opts: { publicUrl: string; secret: string; webhook?: boolean },
): ApiCall[] {
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const calls: ApiCall[] = [];
  for (const lang of ['en', 'zh'] as const) {
    // English is the default (no language_code); Chinese applies to users whose Telegram is in Chinese.
    const language = lang === 'en' ? {} : { language_code: lang };
    calls.push({ method: 'setMyCommands', payload: { commands: settings.commands[lang], ...language } });
    calls.push({ method: 'setMyDescription', payload: { description: settings.description[lang], ...language } });
    calls.push({
      method: 'setMyShortDescription',
      payload: { short_description: settings.short_description[lang], ...language },
    });
  }
  calls.push({
    method: 'setChatMenuButton',
    payload: { menu_button: { type: 'web_app', text: settings.menu_button.text, web_app: { url: `${publicUrl}/` } } },
  });
  if (opts.webhook !== false) {
    calls.push({
      method: 'setWebhook',
      payload: {
        url: `${publicUrl}${WEBHOOK_PATH}`,
        secret_token: opts.secret,
        allowed_updates: ['message', 'pre_checkout_query', 'callback_query', 'inline_query'],
      },
    });
  }
  return calls;
}

/** Checks the settings file against Telegram's limits; returns the problems. */
export function checkSettings(settings: BotSettings): string[] {
  const problems: string[] = [];
  for (const lang of ['en', 'zh'] as const) {
    for (const c of settings.commands[lang] ?? []) {
      if (!/^[a-z0-9_]{1,32}$/.test(c.command)) problems.push(`${lang} command "${c.command}": 1-32 of a-z, 0-9, _`);
      if (!c.description || c.description.length > 256)
        problems.push(`${lang} /${c.command}: description 1-256 characters`);
    }
    if ((settings.description[lang] ?? '').length > 512) problems.push(`${lang} description: at most 512 characters`);
    if ((settings.short_description[lang] ?? '').length > 120)
      problems.push(`${lang} short description: at most 120 characters`);
  }
  if (!settings.menu_button?.text) problems.push('menu_button.text is required');
  return problems;
}

const redact = (call: ApiCall): ApiCall =>
  call.payload.secret_token ? { ...call, payload: { ...call.payload, secret_token: '***' } } : call;

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const webhook = !argv.includes('--no-webhook');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const settings = readSettings();
  const problems = checkSettings(settings);
  if (problems.length) {
    console.error(`bot-config/commands.json:\n  - ${problems.join('\n  - ')}`);
    return 1;
  }
  if (!config.BOT_TOKEN && !dryRun) {
    console.error('BOT_TOKEN is not set: create the bot with @BotFather and set BOT_TOKEN (see bot-config/README.md).');
    return 1;
  }
  const publicUrl = config.PUBLIC_URL ?? (dryRun ? 'https://shop.example.com' : undefined);
  if (!publicUrl) {
    console.error('PUBLIC_URL is not set: the https address where the shop is served (see bot-config/README.md).');
    return 1;
  }
  if (!publicUrl.startsWith('https://') && !dryRun) {
    console.error(`PUBLIC_URL must be https for Telegram (Mini App and webhook), not ${publicUrl}`);
    return 1;
  }
  const secret = webhookSecret(config) ?? 'derived-from-BOT_TOKEN';
  const calls = planCalls(settings, { publicUrl, secret, webhook });
  if (dryRun) {
    console.log(`Dry run: these ${calls.length} Bot API calls would be made (nothing is sent):`);
    for (const call of calls) console.log(`${call.method} ${JSON.stringify(redact(call).payload)}`);
    return 0;
  }
  const root = config.TELEGRAM_API_ROOT.replace(/\/+$/, '');
  for (const call of calls) {
    const res = await fetch(`${root}/bot${config.BOT_TOKEN}/${call.method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call.payload),
    });
    const body = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
    if (!body?.ok) {
      console.error(`${call.method} failed: ${body?.description ?? `HTTP ${res.status}`}`);
      return 1;
    }
    console.log(`${call.method}: ok`);
  }
  console.log(
    `Done. The menu button opens ${publicUrl}/${webhook ? `; updates go to ${publicUrl}${WEBHOOK_PATH}` : ''}.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
