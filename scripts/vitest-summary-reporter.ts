import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI tooling
 * recognises in any language, after vitest's own summary. Before it, the time each project's
 * files took (summed, so two workers' files add up) and the slowest files: where CI's
 * 15 minutes go.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const projectMs = new Map<string, { ms: number; files: number }>();
    const fileMs: Array<{ file: string; ms: number }> = [];
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file that failed outside any test (import error, failing beforeAll) counts as one failure.
      const failedTests = [...testModule.children.allTests('failed')].length;
      if (testModule.state() === 'failed' && failedTests === 0) failed += 1;
      // Setting up, importing and running: what the file costs a worker.
      const d = testModule.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const project = testModule.project.name || 'default';
      const total = projectMs.get(project) ?? { ms: 0, files: 0 };
      projectMs.set(project, { ms: total.ms + ms, files: total.files + 1 });
      fileMs.push({ file: `${project} ${testModule.moduleId.replace(`${process.cwd()}/`, '')}`, ms });
    }
    failed += unhandledErrors.length;
    if (reason === 'failed' && failed === 0) failed = 1;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = ['', 'time per project (files summed):'];
    for (const [project, { ms, files }] of [...projectMs].sort((a, b) => b[1].ms - a[1].ms))
      lines.push(`  ${project}: ${seconds(ms)} in ${files} files`);
    lines.push('slowest files:');
    for (const { file, ms } of fileMs.sort((a, b) => b.ms - a.ms).slice(0, 15)) lines.push(`  ${seconds(ms)}  ${file}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
