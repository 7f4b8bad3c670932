import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Comments point a newcomer at what the repository holds, docs/product.md and docs/decisions/, never at an issue
// tracker's numbers or at a specification the repository does not carry (docs/decisions/037, Consequences).

const root = join(__dirname, '../../..');
/** This file, whose probes spell the references out. */
const SELF = 'tests/unit/tooling/comment-references.test.ts';
const ISSUE = /\bissues?\s+#?\d+/i;
const SPEC = /\bspec\s+§|\bthe spec\b|\bspec's\b/i;

/** The tracked and new sources a reader opens, frozen migrations aside (they are never edited). */
function sources(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /^(src|tests|scripts|bot-config)\/.*\.(ts|tsx|mjs|js|css)$/.test(f))
    .filter((f) => !f.includes('/migrations/') && f !== SELF);
}

/** The lines of `code` that name an issue or the outside spec. */
export function offendingLines(code: string): string[] {
  return code.split('\n').filter((line) => ISSUE.test(line) || SPEC.test(line));
}

describe('comments and test names', () => {
  it('name no issue number and no outside spec', () => {
    const found: string[] = [];
    for (const file of sources()) {
      let code: string;
      try {
        code = readFileSync(join(root, file), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      for (const line of offendingLines(code)) found.push(`${file}: ${line.trim()}`);
    }
    expect(found).toEqual([]);
  });

  it('the check catches the usual spellings and leaves ordinary words alone', () => {
    const lines = [
      '// The back office (issue 12): paged.',
      ' * Issues 14 and 15 measured it.',
      '/* the spec says so */',
      '// spec §3: storage keys',
      "const spec = parse(file); // a module specifier's spec",
      '// docs/decisions/013, docs/product.md section 12',
    ];
    expect(offendingLines(lines.join('\n'))).toEqual(lines.slice(0, 4));
  });
});
