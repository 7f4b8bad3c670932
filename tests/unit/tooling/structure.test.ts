import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The house's size limits (docs/decisions/010-server-domains.md, 037): no source file over 400 lines and no function
// over 100, seed data and frozen migrations aside. scripts/structure-figures.mjs measures them with the parser that
// builds the client; `--check` makes it exit 1 when anything is over.

const root = join(__dirname, '../../..');
const figures = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts/structure-figures.mjs'), '--check', ...args], { encoding: 'utf8' });

describe('the size limits', () => {
  it('hold in src/: no file over 400 lines, no function over 100, no domain reading another one’s repository', () => {
    const run = figures();
    expect(run.stdout).toContain('source files over 400 lines (seed data and migrations aside): 0');
    expect(run.stdout).toContain('functions over 100 lines (seed data and migrations aside): 0');
    expect(run.stdout).toContain("server domains importing another domain's repository: 0");
    expect(run.status).toBe(0);
  }, 60_000);

  it('fire on a long function, a long file and an arrow assigned to a name, but not on seed data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'leafcup-structure-'));
    try {
      const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
      mkdirSync(join(dir, 'src/server/seed'), { recursive: true });
      writeFileSync(join(dir, 'src/long.ts'), `export function long() {\n${body(99)}\n}\n`);
      writeFileSync(join(dir, 'src/fits.ts'), `export function fits() {\n${body(98)}\n}\n`);
      writeFileSync(join(dir, 'src/arrow.tsx'), `export const Card = () => {\n${body(100)}\n  return null;\n};\n`);
      writeFileSync(join(dir, 'src/big.ts'), `${body(401)}\n`);
      writeFileSync(join(dir, 'src/server/seed/data.ts'), `export function seed() {\n${body(500)}\n}\n`);
      const run = figures('--root', dir);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('source files over 400 lines (seed data and migrations aside): 1');
      expect(run.stdout).toMatch(/functions over 100 lines \(seed data and migrations aside\): 2\n/);
      expect(run.stdout).toContain('  101  src/long.ts:1 long');
      expect(run.stdout).toContain('  103  src/arrow.tsx:1 Card');
      expect(run.stdout).not.toContain('src/fits.ts:');
      expect(run.stdout).not.toContain('seed/data.ts:1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
