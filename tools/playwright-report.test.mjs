// The summary names every browser test that passed only on its retry (docs/decisions/tests.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flakyTitles, slowestParts } from '../scripts/playwright-report.mjs';

const spec = (title, ...tests) => ({ title, tests });
const run = (projectName, status) => ({ projectName, status });

test('names the tests that passed only on a retry, with project, file and describe', () => {
  const report = {
    suites: [
      {
        title: 'editors.spec.ts',
        specs: [spec('top level', run('desktop', 'expected'))],
        suites: [
          {
            title: 'upload progress',
            specs: [spec('a large file', run('desktop', 'flaky'), run('mobile', 'skipped'))],
          },
        ],
      },
      {
        title: 'kiosk.spec.ts',
        specs: [spec('in English', run('mobile', 'flaky'), run('desktop', 'unexpected'))],
      },
    ],
  };
  assert.deepEqual(flakyTitles(report), [
    '[desktop] editors.spec.ts › upload progress › a large file',
    '[mobile] kiosk.spec.ts › in English',
  ]);
});

test('an empty or steady report names none', () => {
  assert.deepEqual(flakyTitles({}), []);
  assert.deepEqual(
    flakyTitles({ suites: [{ title: 'a.spec.ts', specs: [spec('x', run('desktop', 'expected'))] }] }),
    [],
  );
});

test('tells where the time went: files per project and the slowest tests, retries counted', () => {
  const timed = (projectName, ...durations) => ({
    projectName,
    status: durations.length > 1 ? 'flaky' : 'expected',
    results: durations.map((duration) => ({ duration })),
  });
  const report = {
    suites: [
      {
        title: 'entities.spec.ts',
        specs: [spec('Produkte', timed('desktop', 7000)), spec('Tags', timed('desktop', 6000))],
      },
      {
        title: 'editors.spec.ts',
        specs: [spec('a list', timed('desktop', 1000))],
        suites: [{ title: 'upload', specs: [spec('a large file', timed('desktop', 20_000, 11_000))] }],
      },
      { title: 'shell.spec.ts', specs: [spec('offline', timed('desktop', 4000), timed('mobile', 2500))] },
    ],
  };
  assert.deepEqual(slowestParts(report, 3), {
    files: [
      { name: '[desktop] editors.spec.ts', tests: 2, seconds: 32 },
      { name: '[desktop] entities.spec.ts', tests: 2, seconds: 13 },
      { name: '[desktop] shell.spec.ts', tests: 1, seconds: 4 },
    ],
    tests: [
      { name: '[desktop] editors.spec.ts › upload › a large file', seconds: 31 },
      { name: '[desktop] entities.spec.ts › Produkte', seconds: 7 },
      { name: '[desktop] entities.spec.ts › Tags', seconds: 6 },
    ],
  });
  assert.deepEqual(slowestParts({}), { files: [], tests: [] });
  // Skipped tests (no time) are left out; a config without projects names no project.
  const skippedOnly = {
    suites: [
      { title: 'app.spec.ts', specs: [spec('pairs', { projectName: '', status: 'skipped', results: [] })] },
    ],
  };
  assert.deepEqual(slowestParts(skippedOnly), { files: [], tests: [] });
  const noProject = { suites: [{ title: 'app.spec.ts', specs: [spec('pairs', timed('', 1500))] }] };
  assert.deepEqual(slowestParts(noProject), {
    files: [{ name: 'app.spec.ts', tests: 1, seconds: 1.5 }],
    tests: [{ name: 'app.spec.ts › pairs', seconds: 1.5 }],
  });
});
