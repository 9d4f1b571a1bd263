import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// The browser test drives the real product: the built backend serving the built web app on a fresh
// embedded database. Build first: `npx nx run-many -t build --projects=common,backend,web`.
const required = ['dist/index.html', '../backend/dist/main.js'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);
const missing = process.env.E2E_BASE_URL ? [] : required.filter((file) => !existsSync(file));
if (missing.length > 0) {
  throw new Error(
    `Browser test needs the built product; missing ${missing.join(', ')}. ` +
      'Run `npx nx run-many -t build --projects=common,backend,web` first.',
  );
}

const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

// Created once in the runner; workers inherit the variable instead of making their own folder.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ordering-e2e-')));

// The backend's mails go over real SMTP to the catcher of the global setup (e2e/mail-catcher.ts), which
// writes them into a folder the tests read. Its port is derived from the server's, so parallel runs differ.
const smtpPort = (process.env.E2E_SMTP_PORT ??= String(port + 20_000));
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'ordering-e2e-mail-'));

// The server delivers a copy of the build, so that a test can deploy a "new build" into it (the service
// worker update in e2e/shell.spec.ts) without touching web/dist. Copied once, in the runner.
const webDist = (process.env.E2E_WEB_DIST ??= mkdtempSync(path.join(tmpdir(), 'ordering-e2e-web-')));
if (!process.env.E2E_BASE_URL && !existsSync(path.join(webDist, 'index.html'))) {
  cpSync(fileURLToPath(new URL('dist', import.meta.url)), webDist, {
    recursive: true,
    filter: (source) => !source.endsWith('.map'),
  });
}

// The backend needs Node 24. Under npm/npx that is already the running Node; otherwise ask npx for it.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const node = nodeMajor >= 24 ? JSON.stringify(process.execPath) : 'npx --no-install node';

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: process.env.E2E_BASE_URL ? undefined : './e2e/mail-catcher.ts',
  // Two runs at once (one per project, `PLAYWRIGHT_PROJECT`) each write their own files.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // CI retries a failed test once (a loaded 2-core machine); one that passes only on its retry is named in
  // the summary (scripts/test-all.mjs) and counts as passed. Locally a failure is a failure at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }]],
  use: {
    baseURL,
    // Test tooling (axe-core) is injected as an inline script, which the product's CSP forbids; the
    // policy itself is tested with enforcement on in e2e/csp.spec.ts.
    bypassCSP: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Vienna',
    // The board asks once per device for sound and blocks itself until answered (AlarmStore). Every test
    // starts on a device that answered "Ohne Ton weiter"; counter.spec.ts clears it to test the question.
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'backoffice.alarmSound', value: 'off' }] }],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      // The kiosk suites and the counter's set their own screen (1080×1920 portrait touch; a PC and a
      // tablet) for every test, so on this project they would run the same tests on the same screen a
      // second time. The back office is for the counter screen and the tablet, not a phone (as in
      // backoffice.spec.ts and entities.spec.ts): its suites run on the desktop project only.
      testIgnore: [
        'kiosk.spec.ts',
        'kiosk-terminal.spec.ts',
        'counter.spec.ts',
        'manager.spec.ts',
        'devices.spec.ts',
        'image-templates.spec.ts',
        'privacy.spec.ts',
        'product-form.spec.ts',
      ],
      use: {
        browserName: 'chromium',
        viewport: devices['Pixel 7'].viewport,
        deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
  // E2E_BASE_URL points the tests at a server that is already running (then none is started).
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: `${node} ../backend/dist/main.js`,
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore', // request logs; startup failures arrive on stderr
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          WEB_DIST: webDist,
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
      },
});
