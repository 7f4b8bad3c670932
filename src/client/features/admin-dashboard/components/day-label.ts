import { formatDate } from '@/lib/format/date';

/** A shop day's label, "Nov 24": the server's YYYY-MM-DD read at local noon, so the viewer's time zone cannot move it. */
export const dayLabel = (date: string, style: 'dayMonth' | 'date' = 'dayMonth') =>
  formatDate(`${date}T12:00:00`, { style });
