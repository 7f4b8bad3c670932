import { restEn } from '@common/i18n/messages-rest.en';
import { restZh } from '@common/i18n/messages-rest.zh';
import { addTranslations } from './i18n';

/**
 * The server messages besides the first screens' (`messages:` namespace, common/i18n/messages-rest.*.ts). Each module
 * that shows one imports this file for its effect, so they travel in the chunk of the screen that shows them and never
 * in the entry (tests/unit/tooling/first-load.test.ts checks both).
 */
addTranslations('messages', { en: restEn, zh: restZh });
