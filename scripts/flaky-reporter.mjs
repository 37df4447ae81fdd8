// A Vitest reporter that names every test which passed only on its retry, with the error of the try that failed
// (decision 252): a retry on CI must not hide a flaky test, the way Playwright reports one as «flaky».
import path from 'node:path';

/** @typedef {import('vitest/node').Reporter} Reporter */
/** @typedef {import('vitest/node').TestCase} TestCase */

/** @implements {Reporter} */
export default class FlakyReporter {
  /** @type {string[]} */
  flaky = [];

  /** @param {TestCase} testCase */
  onTestCaseResult(testCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    const error = testCase.result().errors?.[0]?.message.split('\n')[0] ?? '';
    this.flaky.push(`FLAKY (passed on retry) ${file} > ${testCase.fullName}: ${error}`);
  }

  onTestRunEnd() {
    if (this.flaky.length) console.log(`\n${this.flaky.join('\n')}\n`);
  }
}
