// End to end: the terminal's logic (as `npm run terminal` runs it) against the real backend, started in
// this process as the backend's tests do, and the fake printer. Orders go in through the public API.
import path from 'node:path';
import { hashDeviceKey } from '../../backend/src/devices/device-key.service.js';
import { type Demo, postOrder, takeaway } from '../../backend/test/orders.fixtures.js';
import type { TestApp } from '../../backend/test/support/test-app.js';
import { DeviceClient } from '../src/main/terminal/device-client.js';
import { JobJournal } from '../src/main/terminal/journal.js';
import { NetworkPrinter } from '../src/main/terminal/printer.js';
import { Terminal } from '../src/main/terminal/terminal.js';
import type { FakePrinter } from './fake-printer.js';
import { type PrintingWorld, startPrintingWorld, until as waitUntil } from './support/printing-world.js';

const until = (check: () => boolean, what: string, timeoutMs = 20_000) => waitUntil(check, what, timeoutMs);

describe('terminal against the real backend and the fake printer', () => {
  let w: PrintingWorld;
  let t: TestApp;
  let demo: Demo;
  let fake: FakePrinter;
  let dir: string;
  const key = 'terminal-e2e-schluessel-0123456789abcdef0123';
  const running: Terminal[] = [];

  const startTerminal = async () => {
    const terminal = new Terminal({
      api: new DeviceClient(t.baseUrl, key, { reconnectMs: 200 }),
      journal: new JobJournal(path.join(dir, 'journal.jsonl')),
      printer: (settings) => new NetworkPrinter(settings, 2000),
      pollIntervalMs: 1000, // the event stream wakes it; polling is the fallback
    });
    running.push(terminal);
    await terminal.start();
    return terminal;
  };

  beforeAll(async () => {
    w = await startPrintingWorld('terminal-e2e-');
    ({ t, demo, fake, dir } = w);
    // The Vienna front desk of the demo prints; its printer is the fake, its key ours.
    await w.updateFrontDesk({ apiKeyHash: hashDeviceKey(key), settings: w.printsOnFake() });
  }, 60_000);
  afterAll(async () => {
    for (const terminal of running) await terminal.stop();
    await w?.close();
  }, 60_000);

  it('prints 20 orders once each, in order, while the printer goes off, runs out of paper and the terminal restarts', async () => {
    let terminal = await startTerminal();
    const tickets: number[] = [];
    const place = async () => {
      const res = await postOrder(t, takeaway(demo, { comment: `Bestellung ${tickets.length + 1}` }));
      expect(res.status).toBe(201);
      tickets.push(res.body.data.order.ticketNumber);
    };

    for (let i = 0; i < 5; i++) await place();
    await fake.waitFor(5, 20_000);

    fake.setPower(false); // the plug is pulled
    for (let i = 0; i < 5; i++) await place();
    await until(() => terminal.state.text.startsWith('Drucker: nicht erreichbar'), 'unreachable');
    await until(() => terminal.state.queued === 5, 'five stored');

    fake.setPower(true);
    fake.state = 'paper-out'; // back, but without paper
    for (let i = 0; i < 2; i++) await place();
    await until(() => terminal.state.text.startsWith('Drucker: kein Papier'), 'paper out');
    await until(() => terminal.state.queued === 7, 'seven stored');

    // The terminal is restarted (SIGTERM and start again) while jobs wait.
    await terminal.stop();
    for (let i = 0; i < 3; i++) await place();
    terminal = await startTerminal();
    await until(() => terminal.state.queued === 10, 'ten stored after the restart');

    fake.state = 'online'; // paper in
    for (let i = 0; i < 5; i++) await place();
    await fake.waitFor(20, 30_000);

    // Every job acknowledged: nothing left for the device. The terminal's queue empties when the last
    // receipt is printed; its acknowledgement reaches the backend a moment later.
    await until(() => terminal.state.queued === 0, 'queue empty');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM job WHERE type = 'print' AND status <> 'done'`,
      );
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const open = await t.request('GET', '/api/devices/me/jobs', undefined, {
      authorization: `Bearer ${key}`,
    });
    const pending = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM job WHERE type = 'print' AND status <> 'done'`,
    );
    expect({ open: open.body.data, pending: pending[0].n }).toEqual({ open: [], pending: 0 });

    await new Promise((r) => setTimeout(r, 1500)); // a poll more: still nothing printed twice
    const printed = fake.receipts.map((r) => Number(/^Nr\. (\d+)$/m.exec(r.text)?.[1]));
    expect(printed).toEqual(tickets);
    expect(fake.receipts.some((r) => r.text.includes('KOPIE'))).toBe(false);
    expect(fake.receipts.map((r) => r.qr.length)).toEqual(tickets.map(() => 1));
  }, 120_000);
  it('prints the kitchen ticket and the item labels staff ask for from the order, and the receipt by default', async () => {
    // One terminal for the device key (two would both print a job leased to the device).
    for (const earlier of running.splice(0)) await earlier.stop();
    const terminal = await startTerminal();
    const before = fake.receipts.length;
    const placed = await postOrder(t, takeaway(demo, { comment: 'Aus dem Bestellfenster' }));
    expect(placed.status).toBe(201);
    const { ticketNumber, uid } = placed.body.data.order;
    const [{ id }] = await t.dataSource.query(`SELECT id FROM customer_order WHERE uid = $1`, [uid]);
    await fake.waitFor(before + 1, 20_000); // the new order's own receipt (autoPrint)
    const start = before + 1;

    const ask = (body: unknown) => t.request('POST', `/api/orders/${id}/print`, body, demo.admin);
    expect((await ask({ kind: 'kitchen' })).status).toBe(200);
    await fake.waitFor(start + 1, 20_000);
    expect((await ask({ kind: 'labels' })).status).toBe(200);
    await fake.waitFor(start + 2, 20_000);
    expect((await ask(undefined)).status).toBe(200);
    await fake.waitFor(start + 3, 20_000);

    const [kitchen, labels, receipt] = fake.receipts.slice(start).map((r) => r.text);
    // The kitchen ticket: headed KÜCHE, the items, no prices or totals.
    expect(kitchen).toContain('KÜCHE');
    expect(kitchen).toMatch(new RegExp(`^Nr\\. ${ticketNumber}$`, 'm'));
    expect(kitchen).not.toMatch(/€|Summe|Gesamt/);
    // The labels: one compact label per item, "<ticket> <amount>x <item>", and nothing of a receipt.
    const items = placed.body.data.order.items as Array<{ name: string }>;
    expect(labels!.match(new RegExp(`(^|\\s)${ticketNumber} [\\d,]+x `, 'gm'))).toHaveLength(items.length);
    expect(labels).toContain(items[0]!.name.slice(0, 4)); // a compact cell is 11 characters wide
    expect(labels).not.toMatch(/BESTELLBON|KÜCHE|€/);
    // An empty body is the receipt, as before.
    expect(receipt).toContain('BESTELLBON');
    await until(() => terminal.state.queued === 0, 'queue empty');
  }, 60_000);
});
