/**
 * Runs `task` once the page has loaded and the main thread is idle (at most `timeout` ms after the load), and returns
 * a function that cancels it. For work a visitor does not see at first, such as the hero's other slides' images
 * (docs/decisions/026): asked for during the first load, they compete with the first screen's scripts for a slow
 * phone's CPU and link. `requestIdleCallback` where the browser has it (not Safari, so not Telegram on iOS): a timer
 * elsewhere.
 */
export function whenIdleAfterLoad(task: () => void, timeout = 2000): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => task(), { timeout });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 200);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}
