import type { FastifyInstance } from 'fastify';

/** A METRICS_TOKEN for the tests (16 characters at least). */
export const METRICS_TOKEN = 'metrics-test-token-0123456789abcdef';

/** GET /metrics with the token; fails the test unless it answers 200. */
export async function scrape(app: FastifyInstance, token = METRICS_TOKEN): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
}

/** The labels of a sample line `name{a="x",b="y"} 3`. */
function labelsOf(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const m of text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]!] = m[2]!;
  return labels;
}

/** Every sample of `name` in a scrape whose labels include `labels`, with its value. */
export function samples(text: string, name: string, labels: Record<string, string> = {}) {
  const found: Array<{ labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const own = labelsOf(m[2] ?? '');
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) found.push({ labels: own, value: Number(m[3]) });
  }
  return found;
}

/** The one sample of `name` with `labels` (their sum when several match), or undefined when none does. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text, name, labels);
  return found.length ? found.reduce((sum, s) => sum + s.value, 0) : undefined;
}
