import { formatCents } from '@common/money';

/** A date (no time) in the current language, or '' for a missing or bad value. */
export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium' }).format(date);
}

/** A rate in basis points as a percentage: 1000 → "10%", 1250 → "12.5%". */
export function formatRate(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

export { formatCents };
