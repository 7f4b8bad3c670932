/** Times are stored as ISO-8601 UTC text: they compare and sort as text on both databases. */
export const nowIso = (): string => new Date().toISOString();

export const addMinutes = (iso: string, minutes: number): string =>
  new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

export const addDays = (iso: string, days: number): string => addMinutes(iso, days * 24 * 60);
