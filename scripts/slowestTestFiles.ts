import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the summary names. */
const SHOWN = 10;

/** Where a run's time goes: a module's import, set-up, tests and hooks. */
const secondsOf = (module: TestModule) => {
  const d = module.diagnostic();
  return (
    (d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 1000
  );
};

/**
 * Prints the ten slowest test files after a run (`npm test`, `npx vitest run`), so the suite's time
 * can be followed from one run's output.
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length < 2) return;
    const slowest = [...modules].sort((a, b) => secondsOf(b) - secondsOf(a)).slice(0, SHOWN);
    const total = modules.reduce((sum, module) => sum + secondsOf(module), 0);
    const lines = slowest.map((module) => {
      const seconds = secondsOf(module).toFixed(1).padStart(6);
      return `  ${seconds} s  ${path.relative(process.cwd(), module.moduleId)}`;
    });
    console.log(
      `\nThe ${slowest.length} slowest test files (of ${modules.length}, ${total.toFixed(0)} s in all):`,
    );
    console.log(lines.join('\n'));
  }
}
