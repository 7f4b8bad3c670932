import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { setupI18n } from '@/lib/i18n/i18n';
import { initialLanguage } from '@/lib/i18n/language';
import { initTelegram } from '@/lib/telegram/init';
import { telegramLanguageCode } from '@/lib/telegram/launch';
import '@/app/styles.css';

async function start() {
  // Inside Telegram the SDK starts first (theme, viewport), once the host answered: nothing renders, logs in, links or
  // sends init_data before the tab is known to be inside Telegram (lib/telegram/launch.ts). In a plain browser tab
  // (no host transport) this returns at once, so the first paint does not wait.
  const inTelegram = await initTelegram();
  setupI18n(initialLanguage(telegramLanguageCode()));
  document.documentElement.dataset.telegram = inTelegram ? 'true' : 'false';
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
