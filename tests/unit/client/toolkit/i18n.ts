// Starts i18next in English before any feature module loads (features add their strings when they load, which needs
// i18next started; in the app main.tsx starts it first). Component tests get it from tests/setup/client.ts; a node
// test (*.test.ts) that renders strings imports this module first. The Chinese start bundles (shell strings, first
// screens' server messages) are added too, as the server render does, so a test may switch to Chinese at once
// (`renderRoutes(…, { lang: 'zh' })`); the app itself loads them only when it starts in Chinese (lib/i18n/i18n.ts).
import { initI18n } from '../../../../src/client/lib/i18n/i18n';
import { zhStart } from '../../../../src/client/lib/i18n/locales/zh';

initI18n('en', zhStart);
