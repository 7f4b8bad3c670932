/**
 * A fake Telegram client for browser journeys: `page.addInitScript(fakeTelegramHost(options))` before the
 * first navigation. It defines `window.TelegramWebviewProxy.postEvent(type, json)` the way Telegram's
 * mobile apps do, records every call in `window.__tgEvents`, and answers the requests a Mini App makes
 * at start (viewport, safe areas, theme) through `window.Telegram.WebView.receiveEvent`, as Telegram does.
 * The answer to `web_app_request_theme` (`theme_changed`) is what makes the app trust its launch parameters
 * (src/client/lib/telegram/launch.ts): a page without this host is a plain browser tab, whatever its URL says.
 * Invoices: `web_app_open_invoice` is answered with `invoice_closed` and `window.__tgInvoiceStatus`
 * (default 'paid'). Tests press the MainButton with `receiveEvent('main_button_pressed')`.
 * The phone number (SDK `requestContact`): `web_app_invoke_custom_method` getRequestedContact answers
 * `custom_method_invoked` with an error until the user shared the contact, then with the signed contact query
 * (contact=JSON&auth_date&hash); `web_app_request_phone` answers `phone_requested` with `window.__tgPhoneAnswer`
 * (default 'sent': the user agrees; 'cancelled' refuses) and shares `window.__tgPhoneNumber` when agreed.
 * Home screen: `web_app_check_home_screen` answers `home_screen_checked` with `window.__tgHomeScreenStatus`
 * (default 'missed'); `web_app_add_to_home_screen` answers `home_screen_added` and the status becomes 'added'.
 * Prepared messages (docs/decisions/053): `web_app_send_prepared_message` answers `prepared_message_sent`, or
 * `prepared_message_failed` with `window.__tgPreparedError` when set (e.g. 'USER_DECLINED'). Full screen:
 * `web_app_request_fullscreen` / `web_app_exit_fullscreen` answer `fullscreen_changed` with `is_fullscreen`.
 *
 * The page's URL must carry the launch parameters in its hash (see `telegramLaunchHash`).
 */

export interface FakeHostOptions {
  viewport?: { width: number; height: number };
  safeArea?: { top: number; bottom: number; left: number; right: number };
  contentSafeArea?: { top: number; bottom: number; left: number; right: number };
  themeParams?: Record<string, string>;
}

export const TEST_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
};

/** The init script (a string, so nothing of the test's build leaks into the page). */
export function fakeTelegramHost(options: FakeHostOptions = {}): string {
  const config = {
    viewport: options.viewport ?? { width: 390, height: 780 },
    safeArea: options.safeArea ?? { top: 47, bottom: 34, left: 0, right: 0 },
    contentSafeArea: options.contentSafeArea ?? { top: 56, bottom: 0, left: 0, right: 0 },
    themeParams: options.themeParams ?? TEST_THEME,
  };
  return `(() => {
  const config = ${JSON.stringify(config)};
  window.__tgEvents = [];
  window.__tgInvoiceStatus = 'paid';
  window.__tgPhoneAnswer = 'sent';
  window.__tgPhoneNumber = '639171234567';
  window.__tgHomeScreenStatus = 'missed';
  let contactShared = false;
  const sharedContact = () =>
    new URLSearchParams({
      contact: JSON.stringify({ user_id: 1, phone_number: window.__tgPhoneNumber, first_name: 'Mei', last_name: 'Chen' }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      hash: 'fake-contact-hash',
    }).toString();
  const answer = (type, data) => {
    setTimeout(() => {
      const receive = window.Telegram && window.Telegram.WebView && window.Telegram.WebView.receiveEvent;
      if (typeof receive === 'function') receive(type, data);
    }, 5);
  };
  let expanded = false;
  const viewport = () => ({
    height: config.viewport.height,
    width: config.viewport.width,
    is_expanded: expanded,
    is_state_stable: true,
  });
  window.TelegramWebviewProxy = {
    postEvent(type, json) {
      let data;
      try { data = json ? JSON.parse(json) : undefined; } catch { data = json; }
      window.__tgEvents.push({ type, data });
      switch (type) {
        case 'web_app_request_viewport': answer('viewport_changed', viewport()); break;
        case 'web_app_expand': expanded = true; answer('viewport_changed', viewport()); break;
        case 'web_app_request_safe_area': answer('safe_area_changed', config.safeArea); break;
        case 'web_app_request_content_safe_area': answer('content_safe_area_changed', config.contentSafeArea); break;
        case 'web_app_request_theme': answer('theme_changed', { theme_params: config.themeParams }); break;
        case 'web_app_open_invoice': answer('invoice_closed', { slug: data && data.slug, status: window.__tgInvoiceStatus }); break;
        case 'web_app_invoke_custom_method':
          if (data && data.method === 'getRequestedContact') {
            answer('custom_method_invoked', contactShared
              ? { req_id: data.req_id, result: sharedContact() }
              : { req_id: data.req_id, error: 'CONTACT_NOT_SHARED' });
          }
          break;
        case 'web_app_request_phone':
          contactShared = window.__tgPhoneAnswer === 'sent';
          answer('phone_requested', { status: window.__tgPhoneAnswer });
          break;
        case 'web_app_check_home_screen': answer('home_screen_checked', { status: window.__tgHomeScreenStatus }); break;
        case 'web_app_add_to_home_screen': window.__tgHomeScreenStatus = 'added'; answer('home_screen_added', {}); break;
        case 'web_app_send_prepared_message':
          if (window.__tgPreparedError) answer('prepared_message_failed', { error: window.__tgPreparedError });
          else answer('prepared_message_sent', {});
          break;
        case 'web_app_request_fullscreen': answer('fullscreen_changed', { is_fullscreen: true }); break;
        case 'web_app_exit_fullscreen': answer('fullscreen_changed', { is_fullscreen: false }); break;
        default: break;
      }
    },
  };
})();`;
}

/** The URL hash Telegram opens a Mini App with: signed initData, version, platform, theme. */
export function telegramLaunchHash(
  initData: string,
  opts: { platform?: string; version?: string; theme?: Record<string, string> } = {},
): string {
  const params = new URLSearchParams();
  params.set('tgWebAppData', initData);
  params.set('tgWebAppVersion', opts.version ?? '8.0');
  params.set('tgWebAppPlatform', opts.platform ?? 'android');
  params.set('tgWebAppThemeParams', JSON.stringify(opts.theme ?? TEST_THEME));
  return `#${params.toString()}`;
}

/** What the page posted to Telegram so far. */
export interface TgEvent {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: event payloads vary
  data: any;
}
