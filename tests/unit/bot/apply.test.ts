import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { checkSettings, planCalls, readSettings } from '../../../bot-config/apply';
import { webhookSecret } from '../../../src/server/telegram/bot/webhook-secret';
import { TEST_BOT_TOKEN } from '../../support/telegram/init-data';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('bot-config', () => {
  it('commands.json has /start, /orders and /password in English and Chinese within Telegram limits', () => {
    const settings = readSettings();
    expect(checkSettings(settings)).toEqual([]);
    expect(settings.commands.en.map((c) => c.command)).toEqual(['start', 'orders', 'password']);
    expect(settings.commands.zh.map((c) => c.command)).toEqual(['start', 'orders', 'password']);
  });

  it('finds bad settings', () => {
    const settings = readSettings();
    const bad = {
      ...settings,
      commands: { ...settings.commands, zh: [{ command: 'Bad-Command', description: '' }] },
      short_description: { ...settings.short_description, en: 'x'.repeat(121) },
    };
    expect(checkSettings(bad)).toEqual([
      'en short description: at most 120 characters',
      'zh command "Bad-Command": 1-32 of a-z, 0-9, _',
      'zh /Bad-Command: description 1-256 characters',
    ]);
  });

  it('plans commands per language, descriptions, the menu button and the webhook', () => {
    const calls = planCalls(readSettings(), { publicUrl: 'https://tea.example.com/', secret: 's3cret-s3cret-s3cret' });
    expect(calls.map((c) => `${c.method}${c.payload.language_code ? `:${c.payload.language_code}` : ''}`)).toEqual([
      'setMyCommands',
      'setMyDescription',
      'setMyShortDescription',
      'setMyCommands:zh',
      'setMyDescription:zh',
      'setMyShortDescription:zh',
      'setChatMenuButton',
      'setWebhook',
    ]);
    expect(calls[6]?.payload).toEqual({
      menu_button: { type: 'web_app', text: 'Shop', web_app: { url: 'https://tea.example.com/' } },
    });
    expect(calls[7]?.payload).toEqual({
      url: 'https://tea.example.com/telegram/webhook',
      secret_token: 's3cret-s3cret-s3cret',
      allowed_updates: ['message', 'pre_checkout_query', 'callback_query', 'inline_query'],
    });
    expect(
      planCalls(readSettings(), { publicUrl: 'https://x.example', secret: 's', webhook: false }).at(-1)?.method,
    ).toBe('setChatMenuButton');
  });

  // Each test starts the command as a process (tsx), about 2 s apiece on a loaded 2-core machine.
  describe('npm run bot:setup against a fake Bot API', { timeout: 30_000 }, () => {
    let server: Server;
    let apiRoot: string;
    const received: Array<{ path: string; body: Record<string, unknown> }> = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        let data = '';
        req.on('data', (c) => {
          data += c;
        });
        req.on('end', () => {
          received.push({ path: req.url ?? '', body: JSON.parse(data || '{}') });
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: true, result: true }));
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((r) => server.close(r));
    });

    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'bot-config/apply.ts', ...args], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        });
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
        });
        child.stderr.on('data', (c) => {
          out += c;
        });
        child.on('exit', (code) => resolve({ code, out }));
      });

    it('--dry-run prints the calls and sends nothing', async () => {
      const { code, out } = await run(['--dry-run'], {
        BOT_TOKEN: TEST_BOT_TOKEN,
        PUBLIC_URL: 'https://tea.example.com',
        TELEGRAM_API_ROOT: apiRoot,
      });
      expect(code).toBe(0);
      expect(out).toContain(
        'setChatMenuButton {"menu_button":{"type":"web_app","text":"Shop","web_app":{"url":"https://tea.example.com/"}}}',
      );
      expect(out).toContain('"secret_token":"***"');
      expect(received).toEqual([]);
    });

    it('applies every call with the bot token and the derived webhook secret', async () => {
      const { code, out } = await run([], {
        BOT_TOKEN: TEST_BOT_TOKEN,
        PUBLIC_URL: 'https://tea.example.com',
        TELEGRAM_API_ROOT: apiRoot,
      });
      expect(code, out).toBe(0);
      expect(received.map((r) => r.path)).toEqual(
        [
          'setMyCommands',
          'setMyDescription',
          'setMyShortDescription',
          'setMyCommands',
          'setMyDescription',
          'setMyShortDescription',
          'setChatMenuButton',
          'setWebhook',
        ].map((m) => `/bot${TEST_BOT_TOKEN}/${m}`),
      );
      expect(received.at(-1)?.body.secret_token).toBe(webhookSecret({ BOT_TOKEN: TEST_BOT_TOKEN }));
    });

    it('refuses to run without a bot token or with an http PUBLIC_URL', async () => {
      received.length = 0;
      expect((await run([], { PUBLIC_URL: 'https://tea.example.com', TELEGRAM_API_ROOT: apiRoot })).code).toBe(1);
      const http = await run([], {
        BOT_TOKEN: TEST_BOT_TOKEN,
        PUBLIC_URL: 'http://localhost:8080',
        TELEGRAM_API_ROOT: apiRoot,
      });
      expect(http.code).toBe(1);
      expect(http.out).toContain('PUBLIC_URL must be https');
      expect(received).toEqual([]);
    });
  });
});
