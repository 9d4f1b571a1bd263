// The summary names every browser test that passed only on its retry (docs/decisions/tests.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flakyTitles } from '../scripts/playwright-report.mjs';

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
