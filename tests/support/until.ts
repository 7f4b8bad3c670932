/**
 * Polls `check` every `everyMs` until it holds (a check that throws or rejects counts as not yet); fails naming
 * `what` after `withinMs`. For tests that wait on a process, a stream of requests or a job.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { withinMs = 30_000, everyMs = 100 }: { withinMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
