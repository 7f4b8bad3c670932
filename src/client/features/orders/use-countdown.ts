import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (an ISO time), ticking every second; 0 once it has passed or
 * when there is no deadline. `skewMs` corrects the device clock by the server's (server − device).
 */
export function useCountdown(deadline: string | null | undefined, skewMs = 0): number {
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  const left = () => (Number.isNaN(end) ? 0 : Math.max(0, end - (Date.now() + skewMs)));
  const [ms, setMs] = useState(left);

  useEffect(() => {
    setMs(left());
    if (Number.isNaN(end)) return;
    const timer = window.setInterval(() => {
      const next = left();
      setMs(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [end, skewMs]);

  return ms;
}

/** 754000 → "12:34". */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${s < 10 ? '0' : ''}${s}`;
}
