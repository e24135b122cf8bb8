import type { FullConfig, Reporter, Suite } from '@playwright/test/reporter';

/** Prints the plain closing line CI reads: 'e2e: N passed, N failed, N skipped'. */
export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;
  onBegin(_config: FullConfig, suite: Suite) {
    this.suite = suite;
  }
  onEnd() {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of this.suite?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed++;
      else if (outcome === 'skipped') skipped++;
      else failed++;
    }
    console.log(`e2e: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
