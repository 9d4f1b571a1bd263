// The exactly-once test of issue 13: 100 orders while the printer is unplugged, runs out of paper and comes
// back, and the terminal *process* (`npm run terminal`'s CLI, compiled here with SWC) is killed with
// SIGKILL and restarted twice. The backend runs in this process as in the backend's tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { hashDeviceKey } from '../../backend/src/devices/device-key.service.js';
import { type Demo, postOrder, takeaway } from '../../backend/test/orders.fixtures.js';
import type { TestApp } from '../../backend/test/support/test-app.js';
import { compileTerminal } from './compile-terminal.js';
import type { FakePrinter } from './fake-printer.js';
import { type PrintingWorld, startPrintingWorld, until } from './support/printing-world.js';

describe('terminal process killed and restarted twice (real backend, fake printer)', () => {
  let w: PrintingWorld;
  let t: TestApp;
  let demo: Demo;
  let fake: FakePrinter;
  let dir: string;
  let cli: string;
  let compiled: string;
  const key = 'terminal-kill-schluessel-0123456789abcdef012';
  const children: ChildProcess[] = [];
  const logs: string[] = [];

  const startTerminal = () => {
    const child = spawn(
      process.execPath,
      [
        cli,
        '--backend',
        t.baseUrl,
        '--printer',
        fake.url,
        '--journal',
        path.join(dir, 'journal.jsonl'),
        '--poll',
        '200',
      ],
      { env: { ...process.env, TERMINAL_DEVICE_KEY: key }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    children.push(child);
    return child;
  };
  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
    );

  beforeAll(async () => {
    ({ cli, dir: compiled } = compileTerminal('terminal-kill-test'));
    w = await startPrintingWorld('terminal-kill-');
    ({ t, demo, fake, dir } = w);
    await w.updateFrontDesk({ apiKeyHash: hashDeviceKey(key) });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await w?.close();
    rmSync(compiled, { recursive: true, force: true });
  }, 60_000);

  it('prints each of 100 orders, in order; a second print only as KOPIE of a job a kill interrupted', async () => {
    const tickets: number[] = [];
    const place = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await postOrder(t, takeaway(demo, { comment: `Bestellung ${tickets.length + 1}` }));
        expect(res.status).toBe(201);
        tickets.push(res.body.data.order.ticketNumber);
      }
    };

    // 1. Printing along; killed in the middle of a burst.
    let terminal = startTerminal();
    const placing = place(25);
    await until(() => fake.receipts.length >= 10, '10 receipts');
    terminal.kill('SIGKILL');
    await exited(terminal);
    await placing;

    // 2. Printer unplugged; the terminal comes back; printer back without paper, then with paper; killed again.
    fake.setPower(false);
    await place(20);
    terminal = startTerminal();
    await new Promise((r) => setTimeout(r, 800));
    fake.setPower(true);
    fake.state = 'paper-out';
    await place(20);
    await new Promise((r) => setTimeout(r, 800));
    const beforePaper = fake.receipts.length;
    fake.state = 'online';
    await until(() => fake.receipts.length >= beforePaper + 5, 'printing again');
    terminal.kill('SIGKILL');
    await exited(terminal);

    // 3. Third start: the rest, then a clean stop with SIGTERM.
    terminal = startTerminal();
    await place(35);
    const ticketOf = (text: string) => Number(/^Nr\. (\d+)$/m.exec(text)?.[1]);
    await until(() => new Set(fake.receipts.map((r) => ticketOf(r.text))).size >= 100, '100 tickets', 60_000);
    await new Promise((r) => setTimeout(r, 600)); // more polls: nothing more comes
    terminal.kill('SIGTERM');
    expect(await exited(terminal)).toBe(0);

    expect(tickets).toHaveLength(100);
    const printed = fake.receipts.map((r) => ({
      ticket: ticketOf(r.text),
      copy: r.lines[0] === '*** KOPIE ***',
    }));
    // In order, each ticket first printed once; any repeat directly follows and is marked KOPIE.
    const first = printed.filter((p, i) => i === 0 || p.ticket !== printed[i - 1]!.ticket);
    expect(first.map((p) => p.ticket)).toEqual(tickets);
    const repeats = printed.filter((p, i) => i > 0 && p.ticket === printed[i - 1]!.ticket);
    expect(repeats.every((p) => p.copy)).toBe(true);
    expect(repeats.length).toBeLessThanOrEqual(2); // at most one per kill
    expect(first.filter((p) => p.copy).length).toBeLessThanOrEqual(2); // a torn original, then its KOPIE
    const open = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM job WHERE type = 'print' AND status <> 'done'`,
    );
    expect(open[0].n).toBe(0);
    process.stdout.write(
      `terminal-kill: ${fake.receipts.length} receipts for 100 orders, ${repeats.length} KOPIE, ${fake.statusRequests} status requests\n`,
    );
  }, 180_000);
});
