// Starts i18next in English before any feature module loads (features add their strings when they load, which needs
// i18next started; in the app main.tsx starts it first). Component tests get it from tests/setup/client.ts; a node
// test (*.test.ts) that renders strings imports this module first.
import { setupI18n } from '../../../../src/client/lib/i18n/i18n';

setupI18n('en');
