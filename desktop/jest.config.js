import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../jest.preset.js';

// Main-process logic only; nothing here loads the electron package (its binary is not needed).
// The Electron end-to-end test in e2e/ runs with Playwright when a binary is available.
// The terminal tests start the real backend as its own tests do, sharing its database snapshots per run.
export default preset(path.dirname(fileURLToPath(import.meta.url)), {
  globalSetup: '<rootDir>/../backend/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/../backend/test/support/global-teardown.mjs',
});
