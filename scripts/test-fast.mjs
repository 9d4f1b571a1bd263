#!/usr/bin/env node
// The fast tier (`npm run test:fast`): the pure and unit tests of every workspace, the specs beside the
// code under each `src/` (common's domain core, the backend's units, the web's stores and components in
// jsdom, the desktop's main-process logic). No database, no browser, no build: seconds, not minutes.
// The full tier is `npm test` (scripts/test-all.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const started = Date.now();
const failed = [];
for (const workspace of ['common', 'backend', 'web', 'desktop']) {
  console.log(`\n━━━ Jest (schnell): ${workspace}/src ━━━`);
  const res = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', jest, '--ci', '--roots', '<rootDir>/src', ...process.argv.slice(2)],
    // TEST_TIER=fast: the backend's global set-up builds no test databases (no spec under src/ opens one).
    { cwd: path.join(root, workspace), stdio: 'inherit', env: { ...process.env, TEST_TIER: 'fast' } },
  );
  if (res.status !== 0) failed.push(workspace);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `\nSchnelle Tests in ${seconds} s: ${failed.length ? `fehlgeschlagen in ${failed.join(', ')}` : 'alle bestanden'}.`,
);
process.exit(failed.length ? 1 : 0);
