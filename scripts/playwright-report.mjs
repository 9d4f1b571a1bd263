// Reading Playwright's JSON report for the test summary (scripts/test-all.mjs).

/** Calls `visit` for every test of a Playwright JSON report with its path (file, describes, title), in order. */
function eachTest(report, visit) {
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) visit(test, [...path, spec.title]);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
}

/**
 * "[project] file › describe › title" of every test in a Playwright JSON report that passed only on a retry
 * (status `flaky`), in report order.
 */
export function flakyTitles(report) {
  const titles = [];
  eachTest(report, (test, path) => {
    if (test.status === 'flaky') titles.push(`[${test.projectName}] ${path.join(' › ')}`);
  });
  return titles;
}

/** Every test of a report that took time, with its title and its time over all attempts (ms). */
function timedTests(report) {
  const tests = [];
  eachTest(report, (test, path) => {
    const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
    // A skipped test took no time: it would only fill the list (the Electron suite without its binary).
    if (ms > 0) tests.push({ project: test.projectName, file: path[0], title: path.join(' › '), ms });
  });
  return tests;
}

/**
 * Where a browser run's time went, for the summary: the seconds of each file per project and the slowest
 * tests, each slowest first (`count` of each). Retries count: they are time the run spent.
 */
export function slowestParts(report, count = 10) {
  const tests = timedTests(report);
  const byFile = new Map();
  for (const { project, file, ms } of tests) {
    const key = project ? `[${project}] ${file}` : file;
    const entry = byFile.get(key) ?? { name: key, tests: 0, ms: 0 };
    entry.tests += 1;
    entry.ms += ms;
    byFile.set(key, entry);
  }
  const seconds = (ms) => Math.round(ms / 100) / 10;
  const files = [...byFile.values()]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ name, tests: n, ms }) => ({ name, tests: n, seconds: seconds(ms) }));
  const slowest = [...tests]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ project, title, ms }) => ({
      name: project ? `[${project}] ${title}` : title,
      seconds: seconds(ms),
    }));
  return { files, tests: slowest };
}
