import { sign } from '@telegram-apps/init-data-node';

/** A bot token of the right shape; never a real bot. */
export const TEST_BOT_TOKEN = '7000000001:AAH-test-token-for-leaf-and-cup-tests-000';
/** Another bot's token: initData signed with it must be refused. */
export const OTHER_BOT_TOKEN = '7000000002:AAH-another-bot-token-for-leaf-and-cup-0';

export interface TestTelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export const tgUser = (id: number, extra: Partial<TestTelegramUser> = {}): TestTelegramUser => ({
  id,
  first_name: 'Mei',
  last_name: 'Chen',
  username: `mei_${id}`,
  language_code: 'en',
  ...extra,
});

/**
 * initData as Telegram would send it for `user`, signed with `botToken` (default: the test bot) at
 * `authDate` (default: now). It carries `signature=` like real initData.
 */
export function signInitData(
  user: TestTelegramUser | undefined,
  opts: { botToken?: string; authDate?: Date; startParam?: string } = {},
): string {
  return sign(
    {
      ...(user ? { user } : {}),
      query_id: 'AAHtest',
      chat_type: 'sender',
      chat_instance: '-1000000000000',
      ...(opts.startParam ? { start_param: opts.startParam } : {}),
    } as Parameters<typeof sign>[0],
    opts.botToken ?? TEST_BOT_TOKEN,
    opts.authDate ?? new Date(),
  );
}

/** The same initData with one field changed after signing (the hash no longer matches). */
export function tamper(initData: string, key: string, value: string): string {
  const params = new URLSearchParams(initData);
  params.set(key, value);
  return params.toString();
}

/** The same initData without one field. */
export function without(initData: string, key: string): string {
  const params = new URLSearchParams(initData);
  params.delete(key);
  return params.toString();
}
