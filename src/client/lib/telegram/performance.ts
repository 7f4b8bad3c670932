/**
 * Telegram for Android ends its User-Agent with the device's performance class, e.g.
 * "Telegram-Android/11.2.3 (Samsung SM-A515F; Android 14; SDK 34; LOW)" (LOW, AVERAGE or HIGH). On LOW devices the
 * shop plays fewer animations (docs/decisions/021: the home carousel does not auto-play).
 */
export function lowPerformanceDevice(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /Telegram-Android\/\S+\s*\([^)]*;\s*LOW\)/i.test(userAgent);
}

/**
 * Marks `<html data-perf="low">` on a LOW device, before the first render: the CSS then plays no decorative motion
 * (telegram.css: no skeleton shimmer, no transitions or slide-ins, no smooth scrolling).
 */
export function markPerformanceClass(): void {
  if (lowPerformanceDevice()) document.documentElement.dataset.perf = 'low';
}

/** How a script should scroll: at once on a LOW device, smoothly elsewhere. */
export const scrollBehavior = (): ScrollBehavior =>
  typeof document !== 'undefined' && document.documentElement.dataset.perf === 'low' ? 'auto' : 'smooth';
