import { initTelegram } from '../../../../src/client/lib/telegram/init';
import { getSdk } from '../../../../src/client/lib/telegram/sdk';
import { installTelegramHost, leaveTelegram, removeSdk, testInitData } from '../toolkit';

// docs/decisions/027: every call of the Telegram SDK parses the launch parameters again (its Mini App check), so
// starting it makes each call in a task of its own (lib/yield-to-main between them), each function is called once
// (`ifAvailable`, which checks and calls), and the hooks get the SDK only when all of it is bound.

const log = vi.hoisted(() => [] as string[]);

vi.mock('../../../../src/client/lib/yield-to-main', () => ({
  yieldToMain: async () => {
    log.push('— yield');
  },
}));

vi.mock('@telegram-apps/sdk-react', () => {
  /** An SDK function as the SDK makes them: callable, with `isAvailable` and `ifAvailable` ([true, result]). */
  const fn = (name: string, result: unknown = undefined) =>
    Object.assign(
      () => {
        log.push(`${name}() unchecked`);
        return result;
      },
      {
        isAvailable: () => {
          log.push(`${name}.isAvailable`);
          return true;
        },
        ifAvailable: () => {
          log.push(name);
          return [true, result];
        },
      },
    );
  return {
    init: () => log.push('init'),
    backButton: { mount: fn('backButton.mount') },
    mainButton: { mount: fn('mainButton.mount') },
    closingBehavior: { mount: fn('closingBehavior.mount') },
    initData: { restore: () => log.push('initData.restore') },
    themeParams: { mountSync: fn('themeParams.mountSync'), bindCssVars: fn('themeParams.bindCssVars') },
    miniApp: { mountSync: fn('miniApp.mountSync'), bindCssVars: fn('miniApp.bindCssVars') },
    viewport: {
      mount: fn('viewport.mount', Promise.resolve()),
      bindCssVars: fn('viewport.bindCssVars'),
      expand: fn('viewport.expand'),
    },
  };
});

afterEach(() => {
  leaveTelegram();
  removeSdk();
  log.length = 0;
  delete document.documentElement.dataset.telegram;
  window.history.replaceState(null, '', '/');
});

describe('starting the Telegram SDK', () => {
  it('starts a task after the SDK chunk is evaluated, binds what the app uses one SDK call per task, each function called once, and hands the SDK over last', async () => {
    window.history.replaceState(
      null,
      '',
      `/#tgWebAppData=${encodeURIComponent(testInitData('4242'))}&tgWebAppPlatform=android&tgWebAppVersion=8.0`,
    );
    installTelegramHost();
    const started = initTelegram();
    expect(await started).toBe(true);
    expect(getSdk()).not.toBeNull();
    expect(document.documentElement.dataset.telegram).toBe('true');
    await vi.waitFor(() => expect(log).toContain('viewport.expand'));
    // The first yield: init() is not in the task that evaluated the SDK's chunk.
    const steps = log.slice(log.indexOf('init') - 1, log.indexOf('viewport.mount') + 1);
    expect(steps).toEqual([
      '— yield',
      'init',
      '— yield',
      'backButton.mount',
      '— yield',
      'mainButton.mount',
      '— yield',
      'closingBehavior.mount',
      '— yield',
      'themeParams.mountSync',
      '— yield',
      'themeParams.bindCssVars',
      '— yield',
      'viewport.mount',
    ]);
    // Once the host answered the viewport: bound, then expanded, each in its own task.
    expect(log.slice(log.indexOf('viewport.mount') + 1)).toEqual([
      '— yield',
      'viewport.bindCssVars',
      '— yield',
      'viewport.expand',
    ]);
    expect(log.filter((entry) => entry.endsWith('unchecked') || entry.endsWith('isAvailable'))).toEqual([]);
    // Nothing the app does not use: the SDK's initData, the mini app's colours.
    expect(log.filter((entry) => /^(initData|miniApp)\./.test(entry))).toEqual([]);
  });
});
