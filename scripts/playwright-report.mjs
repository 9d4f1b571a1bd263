// Reading Playwright's JSON report for the test summary (scripts/test-all.mjs).

/**
 * "[project] file › describe › title" of every test in a Playwright JSON report that passed only on a retry
 * (status `flaky`), in report order.
 */
export function flakyTitles(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'flaky')
          titles.push(`[${test.projectName}] ${[...path, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}
