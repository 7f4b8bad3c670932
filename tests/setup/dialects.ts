const ALL_DIALECTS = ['sqlite', 'postgres'] as const;
export type Dialect = (typeof ALL_DIALECTS)[number];

/**
 * The databases the integration tests run on: both, unless TEST_DIALECTS names some (`TEST_DIALECTS=sqlite` for the
 * quick loop, `npm run test:quick`). Every test file runs on each: `describe.each(dialects)('…', (dialect) => { … })`;
 * a file about PostgreSQL alone runs under `describe.runIf(onPostgres)`. The global setup reads it too: it starts no
 * PostgreSQL when the run has no PostgreSQL test.
 */
export const dialects: readonly Dialect[] = selectDialects(process.env.TEST_DIALECTS);

/** Whether this run tests PostgreSQL (files that only make sense there are skipped otherwise). */
export const onPostgres = dialects.includes('postgres');

function selectDialects(names: string | undefined): readonly Dialect[] {
  if (!names?.trim()) return ALL_DIALECTS;
  const picked = names.split(',').map((n) => n.trim());
  const unknown = picked.filter((n) => !(ALL_DIALECTS as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`TEST_DIALECTS: unknown ${unknown.join(', ')} (use sqlite, postgres)`);
  return ALL_DIALECTS.filter((d) => picked.includes(d));
}
