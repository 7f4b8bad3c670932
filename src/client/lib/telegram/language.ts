import type { Lang } from '@common/contract/lang';
import { telegramLanguageCode } from './launch';

/** The Telegram user's language as a shop language (zh* → Chinese, else English), or undefined outside Telegram. */
export function telegramLanguage(): Lang | undefined {
  const code = telegramLanguageCode();
  if (!code) return undefined;
  return code.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
