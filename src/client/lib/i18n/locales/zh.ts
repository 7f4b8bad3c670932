import { firstZh } from '@common/i18n/messages-first.zh';
import { zh } from './common.zh';

/**
 * In Chinese, what the entry carries in English (lib/i18n/i18n.ts): the shell's strings and the first screens' server
 * messages. One small chunk, loaded before the first render when the shop is in Chinese, so no English flashes.
 */
export const zhStart = { common: zh, messages: firstZh };
