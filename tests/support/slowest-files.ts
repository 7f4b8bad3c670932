import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const COUNT = 10;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A reporter for after vitest's own (`--reporter=default --reporter=./tests/support/slowest-files.ts`, as
 * scripts/test.mjs runs it): the ten test files that took longest, with their time (importing the file and its setup
 * files, then its tests and hooks), slowest first. Where to look when the run grows slow (docs/decisions/039).
 */
export default class SlowestFiles implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((module) => {
        const d = module.diagnostic();
        const imports = d.setupDuration + d.collectDuration;
        return { module, imports, tests: d.duration, total: imports + d.duration };
      })
      .filter((row) => row.total > 0)
      .sort((a, b) => b.total - a.total)
      .slice(0, COUNT);
    if (!rows.length) return;
    const lines = rows.map(
      ({ module, imports, tests, total }) =>
        `  ${seconds(total).padStart(8)}  ${relative(this.root, module.moduleId)} [${module.project.name}]` +
        ` (tests ${seconds(tests)}, import ${seconds(imports)})`,
    );
    console.log(`\nThe ${rows.length} slowest test files:\n${lines.join('\n')}`);
  }
}
