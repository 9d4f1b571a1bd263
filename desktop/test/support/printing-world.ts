// The world of the terminal's end-to-end tests: the real backend in this process (as the backend's own
// tests start it: demo business seeded, clock at noon of an open day), the fake ESC/POS printer and a
// temporary folder for the terminal's files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { Device } from '../../../backend/src/devices/device.entity.js';
import { type Demo, loadDemo, NOON, ORDER_TEST_ENV } from '../../../backend/test/orders.fixtures.js';
import { startTestApp, type TestApp } from '../../../backend/test/support/test-app.js';
import { FakePrinter } from '../fake-printer.js';

/** The demo's Vienna front desk, the device the terminal tests run as. */
export const FRONT_DESK = 'linde-wien-kassa';

export interface PrintingWorld {
  t: TestApp;
  demo: Demo;
  fake: FakePrinter;
  /** A temporary folder of the test (journal, device key); removed by {@link close}. */
  dir: string;
  /** The device settings the back office writes for a front desk printing on the fake printer. */
  printsOnFake(): { printer: { host: string; port: number; width: number; type: 'epson' }; autoPrint: true };
  /** Changes the front desk device (its key, its settings) as the back office would. */
  updateFrontDesk(changes: QueryDeepPartialEntity<Device>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the backend and the fake printer; `prefix` names the temporary folder. */
export async function startPrintingWorld(prefix: string): Promise<PrintingWorld> {
  const t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
  let demo: Demo;
  let fake: FakePrinter;
  try {
    demo = await loadDemo(t);
    t.clock.set(NOON);
    fake = await new FakePrinter('epson').start();
  } catch (error) {
    await t.close();
    throw error;
  }
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    t,
    demo,
    fake,
    dir,
    printsOnFake: () => ({
      printer: { host: '127.0.0.1', port: fake.port, width: 48, type: 'epson' },
      autoPrint: true,
    }),
    async updateFrontDesk(changes) {
      await t.dataSource.getRepository(Device).update({ identifier: FRONT_DESK }, changes);
    },
    async close() {
      await t.close();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` holds, looking every 25 ms; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
