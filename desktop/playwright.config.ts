import { defineConfig } from '@playwright/test';

// Electron end-to-end test. It needs an Electron binary (ELECTRON_OVERRIDE_DIST_PATH, as the electron
// package reads it) and skips with a printed reason otherwise. Build first: `npm run build`.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  workers: 1,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
});
