import { initialLanguage } from '@/lib/i18n/language';
import { STORAGE_KEYS, storage } from '@/lib/storage/storage';

/**
 * The language a visit starts in (docs/decisions/047): the address's `?lang=` wins and is stored as the language
 * select stores a choice (both keys and the server's cookie); else the stored choice; else Telegram's language_code
 * inside Telegram, the browser's languages outside.
 */
describe('initialLanguage', () => {
  const browserSpeaks = (list: string[]) =>
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => list });

  beforeEach(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the mirror cookie jsdom keeps between tests
    document.cookie = 'leafcup_lang=; max-age=0; path=/';
    window.history.replaceState(null, '', '/');
    browserSpeaks(['en-US', 'en']);
  });
  afterAll(() => {
    // The instance's stand-in goes; the prototype's getter answers again.
    delete (navigator as { languages?: unknown }).languages;
    window.history.replaceState(null, '', '/');
  });

  it('takes ?lang=zh over a stored English and stores it as the language select does', () => {
    storage.set(STORAGE_KEYS.i18nextLng, 'en');
    storage.set(STORAGE_KEYS.language, '1');
    window.history.replaceState(null, '', '/details/3?lang=zh');
    expect(initialLanguage()).toBe('zh');
    expect(storage.get(STORAGE_KEYS.i18nextLng)).toBe('zh');
    expect(storage.get(STORAGE_KEYS.language)).toBe('2');
    expect(document.cookie).toContain('leafcup_lang=zh');
  });

  it('keeps a stored choice when the address names no language', () => {
    storage.set(STORAGE_KEYS.i18nextLng, 'zh');
    browserSpeaks(['en-GB']);
    expect(initialLanguage('en')).toBe('zh');
  });

  it('follows the browser on a first visit, and Telegram inside Telegram', () => {
    browserSpeaks(['fr-FR', 'zh-TW', 'en']);
    expect(initialLanguage()).toBe('zh');
    expect(initialLanguage('en')).toBe('en');
    browserSpeaks(['en-US']);
    expect(initialLanguage('zh-hans')).toBe('zh');
    expect(initialLanguage('ru')).toBe('en');
  });
});
