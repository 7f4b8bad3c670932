import { currentLang } from '../../lib/i18n/i18n';

/** A date and time in the current language ("Nov 22, 2026, 3:04 PM" / "2026年11月22日 15:04"). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLang() === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
