import { markLive, markStarting, screenHydrated, storeWhileHydrating } from '../../../../src/client/lib/ssr/boot';

// docs/decisions/027: while React hydrates the server's markup, the stores the first render reads (Telegram's host
// check, its SDK, its theme) answer what the server drew; once the first screen is hydrated they answer their own
// value and tell React, so no urgent update reaches a Suspense boundary React has not hydrated yet.

afterEach(() => {
  screenHydrated();
  vi.useRealTimers();
  delete document.documentElement.dataset.app;
});

describe('stores while the page hydrates', () => {
  it('answer now when nothing hydrates (a page drawn by the client, a test)', () => {
    expect(storeWhileHydrating('server', () => 'now').snapshot()).toBe('now');
  });

  it('answer the server’s value from the hydration’s start until the first screen is hydrated, then tell React', () => {
    const { snapshot, subscribe, serverSnapshot } = storeWhileHydrating('server', () => 'now');
    expect(serverSnapshot()).toBe('server');
    const told = vi.fn();
    const off = subscribe(told);
    markStarting();
    expect(document.documentElement.dataset.app).toBe('starting');
    expect(snapshot()).toBe('server');
    markLive();
    expect(document.documentElement.dataset.app).toBe('ready');
    // The shell is live, the screen is not hydrated yet.
    expect(snapshot()).toBe('server');
    expect(told).not.toHaveBeenCalled();
    screenHydrated();
    expect(snapshot()).toBe('now');
    expect(told).toHaveBeenCalledTimes(1);
    // Once only.
    screenHydrated();
    expect(told).toHaveBeenCalledTimes(1);
    off();
  });

  it('tell React when their own sources change, and stop when unsubscribed', () => {
    let notify = () => {};
    const source = vi.fn((listener: () => void) => {
      notify = listener;
      return () => {
        notify = () => {};
      };
    });
    const store = storeWhileHydrating('server', () => 'now', source);
    const told = vi.fn();
    const off = store.subscribe(told);
    notify();
    expect(told).toHaveBeenCalledTimes(1);
    off();
    notify();
    screenHydrated();
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('answer their own value after 5 s at most when the first screen never comes (an error page)', () => {
    vi.useFakeTimers();
    const { snapshot } = storeWhileHydrating('server', () => 'now');
    markStarting();
    markLive();
    vi.advanceTimersByTime(4999);
    expect(snapshot()).toBe('server');
    vi.advanceTimersByTime(1);
    expect(snapshot()).toBe('now');
  });
});
