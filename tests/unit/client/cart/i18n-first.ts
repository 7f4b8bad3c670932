// Imported first by the cart, auth and profile component tests: feature modules add their strings when they
// load, which needs i18next started (in the app, main.tsx starts it before any screen loads).
import { setupI18n } from '../../../../src/client/lib/i18n/i18n';

setupI18n('en');
