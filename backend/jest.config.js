import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../jest.preset.js';

// Integration tests boot the whole app against a database of their own; give them time on a 2-core machine.
// The global set-up lets the test files share one migrated (and one seeded) database snapshot per run.
export default preset(path.dirname(fileURLToPath(import.meta.url)), {
  testTimeout: 60_000,
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
});
