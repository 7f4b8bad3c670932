/** The message of a failed request (or of a form's own error text) to show in an alert; null when there is none. */
export const errorText = (err: unknown): string | null =>
  err instanceof Error ? err.message : err ? String(err) : null;
