/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in between
 * (docs/decisions/026: a start-up that runs as one long task blocks a slow phone's main thread; Lighthouse counts it
 * as blocking time).
 * `scheduler.yield()` where the browser has it (Chromium 129+, so Telegram on Android) resumes ahead of other
 * queued tasks; elsewhere (Telegram's iOS WebView, jsdom) a message to itself, which, unlike `setTimeout(0)`, is not
 * clamped to 4 ms or throttled in a background tab.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
