import { deletionEn, deletionZh } from './messages-account-deletion';
import { firstEn } from './messages-first.en';
import { firstZh } from './messages-first.zh';
import { restEn } from './messages-rest.en';
import { restZh } from './messages-rest.zh';

/**
 * The shop's messages that both sides show: the validation, error and success texts of docs/product.md (word for word
 * in English), and the server's refusals. The server answers `message` in the asked language from here;
 * the client shows the same texts for its own checks.
 */
export const messages = {
  en: { ...firstEn, ...restEn, ...deletionEn },
  zh: { ...firstZh, ...restZh, ...deletionZh },
} as const;

export type MessageKey = keyof (typeof messages)['en'];

/** Fills {{name}} placeholders. */
export function formatMessage(
  lang: keyof typeof messages,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return messages[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

// Chinese must carry every English key: this line stops the build when one is missing.
export const zhIsComplete: Record<MessageKey, string> = messages.zh;
// A key is in one part only (the first screens' or the rest): a key in both stops the build.
export const partsAreDisjoint: [Extract<keyof typeof firstEn, keyof typeof restEn>] extends [never] ? true : never =
  true;
