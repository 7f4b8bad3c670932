// Imported first: feature modules add their strings when they load, which needs i18next started.
import { setupI18n } from '../../../../src/client/lib/i18n/i18n';

setupI18n('en');
