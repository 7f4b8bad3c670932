import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format/date';
import { currentLang } from '@/lib/i18n/i18n';

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago" / "in 2 hours" from `iso` to `now` (both ISO), in the current language. */
export function relativeTime(iso: string, now: string): string {
  let value = (Date.parse(iso) - Date.parse(now)) / 1000;
  for (const [unit, next] of STEPS) {
    if (Math.abs(value) < next) {
      return new Intl.RelativeTimeFormat(currentLang() === 'zh' ? 'zh-CN' : 'en', { numeric: 'auto' }).format(
        // Half a unit rounds away from now, in the past as in the future.
        Math.sign(value) * Math.round(Math.abs(value)),
        unit,
      );
    }
    value /= next;
  }
  return '';
}

/** A time shown both ways: relative to the answer's `now`, and absolute (machine-readable in `dateTime`). */
export function When({ at, now, empty }: { at: string | null; now: string; empty?: string }) {
  const { t } = useTranslation('admin-system');
  if (!at) return <>{empty ?? t('never')}</>;
  return (
    <time dateTime={at} className="sys-when">
      {relativeTime(at, now)} <span className="sys-when__abs">({formatDateTime(at)})</span>
    </time>
  );
}

/** Bytes as B / KB / MB / GB (1024-based, one decimal above KB). */
export function useBytes() {
  const { t } = useTranslation('admin-system');
  return (bytes: number): string => {
    if (bytes < 1024) return t('units.b', { n: bytes });
    if (bytes < 1024 ** 2) return t('units.kb', { n: Math.round(bytes / 1024) });
    if (bytes < 1024 ** 3) return t('units.mb', { n: (bytes / 1024 ** 2).toFixed(1) });
    return t('units.gb', { n: (bytes / 1024 ** 3).toFixed(1) });
  };
}

/** A length of time: "42 s", "5 min", "3 h 12 min", "2 d 4 h". */
export function useDuration() {
  const { t } = useTranslation('admin-system');
  return (seconds: number): string => {
    if (seconds < 60) return t('duration.s', { n: seconds });
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return t('duration.min', { n: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return t('duration.h', { h: hours, m: minutes % 60 });
    return t('duration.d', { d: Math.floor(hours / 24), h: hours % 24 });
  };
}
