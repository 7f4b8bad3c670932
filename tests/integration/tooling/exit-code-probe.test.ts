// A probe for tests/unit/tooling/exit-code.test.ts: fails only when that test runs it (LEAFCUP_EXIT_PROBE=1), so
// that a run of the integration project (with its PostgreSQL global setup) is seen to exit non-zero on a failure.
it.runIf(process.env.LEAFCUP_EXIT_PROBE === '1')('fails on purpose', () => {
  expect('a failing integration test').toBe('a run that exits with 1');
});
