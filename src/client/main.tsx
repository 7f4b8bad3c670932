import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupI18n } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/language';
import { initTelegram } from './lib/telegram/init';
import { telegramLanguageCode } from './lib/telegram/launch';
import './app/styles.css';

async function start() {
  // Inside Telegram the SDK starts first (theme, viewport); in a browser this returns at once.
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
