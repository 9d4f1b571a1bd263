// Printing a kitchen can trust, end to end: the terminal's logic against the real backend and the fake
// ESC/POS printer over TCP. The printer's real DLE EOT status reaches the back office within 5 s; a
// cancellation after printing comes out as a "STORNIERT" slip; the front desk's autoPrint decides whether
// a new order reaches the printer at all.
import path from 'node:path';
import { hashDeviceKey } from '../../backend/src/devices/device-key.service.js';
import { Device } from '../../backend/src/devices/device.entity.js';
import { Order } from '../../backend/src/orders/order.entity.js';
import { type Demo, postOrder, takeaway } from '../../backend/test/orders.fixtures.js';
import type { TestApp } from '../../backend/test/support/test-app.js';
import { DeviceClient } from '../src/main/terminal/device-client.js';
import { JobJournal } from '../src/main/terminal/journal.js';
import { NetworkPrinter } from '../src/main/terminal/printer.js';
import { Terminal } from '../src/main/terminal/terminal.js';
import type { FakePrinter } from './fake-printer.js';
import { FRONT_DESK, type PrintingWorld, startPrintingWorld, until } from './support/printing-world.js';

describe('terminal: printer state, STORNIERT slip and autoPrint against the real backend', () => {
  let w: PrintingWorld;
  let t: TestApp;
  let demo: Demo;
  let fake: FakePrinter;
  let terminal: Terminal;
  let deviceId: number;
  const key = 'terminal-trust-schluessel-0123456789abcdef012';

  /** The front desk's settings as the back office writes them (PUT, so every cache hears of it). */
  const setAutoPrint = async (autoPrint: boolean) => {
    const res = await t.request(
      'PUT',
      `/api/devices/${deviceId}`,
      {
        identifier: FRONT_DESK,
        type: 'frontdesk',
        branch: { id: demo.vienna.id },
        isEnabled: true,
        settings: { ...w.printsOnFake(), autoPrint },
      },
      demo.admin,
    );
    expect(res.status).toBe(200);
  };
  /** The printer state the back office shows for the front desk (the device list's fields). */
  const shown = async () => {
    const res = await t.request('GET', `/api/devices/${deviceId}`, undefined, demo.admin);
    return res.body.data as { connection: string; printerState: { state: string; queued: number } | null };
  };
  /** Milliseconds until the back office shows `state` (fails after 5 s: the bound). */
  const reaches = async (state: string, queued?: number) => {
    const started = Date.now();
    for (;;) {
      const now = await shown();
      if (now.printerState?.state === state && (queued === undefined || now.printerState.queued === queued))
        return Date.now() - started;
      if (Date.now() - started > 5000)
        throw new Error(`back office shows ${JSON.stringify(now.printerState)}, not ${state} after 5 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const place = async () => {
    const res = await postOrder(t, takeaway(demo));
    expect(res.status).toBe(201);
    return res.body.data.order as { uid: string; ticketNumber: number };
  };

  beforeAll(async () => {
    w = await startPrintingWorld('terminal-trust-');
    ({ t, demo, fake } = w);
    await w.updateFrontDesk({ apiKeyHash: hashDeviceKey(key), settings: w.printsOnFake() });
    deviceId = (await t.dataSource.getRepository(Device).findOneByOrFail({ identifier: FRONT_DESK })).id;
    terminal = new Terminal({
      api: new DeviceClient(t.baseUrl, key, { reconnectMs: 200 }),
      journal: new JobJournal(path.join(w.dir, 'journal.jsonl')),
      printer: (settings) => new NetworkPrinter(settings, 1000),
    });
    await terminal.start();
  }, 60_000);
  afterAll(async () => {
    await terminal?.stop();
    await w?.close();
  }, 60_000);

  it('the printer state read with DLE EOT reaches the back office within 5 s (paper, cover, power, jobs waiting)', async () => {
    const figures: Record<string, number> = {};
    figures.ready = await reaches('ok');
    fake.state = 'paper-out';
    figures['paper-out'] = await reaches('paper-out');
    await place(); // cannot print: the job waits at the terminal
    figures['1 job waiting'] = await reaches('paper-out', 1);
    fake.state = 'cover-open';
    figures['cover-open'] = await reaches('cover-open', 1);
    fake.setPower(false);
    figures.unreachable = await reaches('unreachable', 1);
    fake.setPower(true);
    fake.state = 'online';
    figures['ready again, printed'] = await reaches('ok', 0);
    await fake.waitFor(1);
    console.log('printer state → back office (ms):', JSON.stringify(figures));
    expect((await shown()).connection).toBe('online');
  }, 60_000);

  it('prints a STORNIERT slip when an order is cancelled after its receipt printed', async () => {
    const before = fake.receipts.length;
    const placed = await place();
    await fake.waitFor(before + 1);
    await until(() => terminal.state.queued === 0, 'receipt acknowledged');
    const id = (await t.dataSource.getRepository(Order).findOneByOrFail({ uid: placed.uid })).id;
    // The acknowledgement may still be on its way: cancel once the backend has it.
    for (let i = 0; i < 50; i++) {
      const [row] = await t.dataSource.query(
        `SELECT status FROM job WHERE type = 'print' AND payload ->> 'orderId' = $1 ORDER BY id LIMIT 1`,
        [String(id)],
      );
      if (row?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const cancelled = await t.request('POST', `/api/orders/${id}/status/cancel`, {}, demo.admin);
    expect(cancelled.status).toBe(200);
    await fake.waitFor(before + 2);
    const slip = fake.receipts[before + 1]!;
    expect(slip.text).toContain('STORNIERT');
    expect(slip.text).toContain('NICHT ZUBEREITEN');
    expect(slip.text).toContain(`Nr. ${placed.ticketNumber}`);
    expect(slip.large).toContain('STORNIERT');
    expect(slip.qr).toEqual([]);
  }, 60_000);

  it('autoPrint off: a new order sends the printer no bytes; on: it prints', async () => {
    await setAutoPrint(false);
    const receipts = fake.receipts.length;
    const bytes = fake.dataBytes;
    await place();
    await new Promise((r) => setTimeout(r, 4000)); // event, poll and a status round: time enough to print
    expect({ receipts: fake.receipts.length, bytes: fake.dataBytes }).toEqual({ receipts, bytes });

    await setAutoPrint(true);
    const printed = await place();
    await fake.waitFor(receipts + 1);
    expect(fake.receipts.at(-1)!.text).toContain(`Nr. ${printed.ticketNumber}`);
    expect(fake.dataBytes).toBeGreaterThan(bytes);
  }, 60_000);
});
