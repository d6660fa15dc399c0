import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI tooling
 * recognises in any language, after vitest's own summary.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>, reason: TestRunEndReason): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
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
    }
    failed += unhandledErrors.length;
    if (reason === 'failed' && failed === 0) failed = 1;
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
