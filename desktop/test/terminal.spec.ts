import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DeviceApi, HttpError, type StreamEvent } from '../src/main/terminal/device-client.js';
import { JobJournal } from '../src/main/terminal/journal.js';
import { NetworkPrinter } from '../src/main/terminal/printer.js';
import { Terminal, type TerminalState } from '../src/main/terminal/terminal.js';
import type { DeviceInfo, PrintJob, PrinterSettings } from '../src/main/terminal/types.js';
import { FakePrinter } from './fake-printer.js';

const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/print-jobs.json', import.meta.url), 'utf8'),
) as PrintJob[];

/** Job n: a copy of a real takeaway job with its own id and ticket number. */
const jobNo = (n: number): PrintJob => {
  const base = fixtures[0]!;
  return { ...base, id: n, order: { ...base.order!, ticketNumber: n } };
};

/** The backend's device routes in memory: pending jobs until acknowledged. */
class FakeApi implements DeviceApi {
  readonly queue: PrintJob[] = [];
  readonly acked: number[] = [];
  readonly uploads: string[][] = [];
  logsRequested = false;
  failAcks = false;
  down = false;
  revoked = false;
  private listener?: (e: StreamEvent) => void;
  constructor(private readonly printer: PrinterSettings) {}
  add(...jobs: PrintJob[]) {
    this.queue.push(...jobs);
    this.listener?.({ id: String(jobs[0]!.id), event: 'print.job', data: '{}' });
  }
  async heartbeat(): Promise<DeviceInfo> {
    if (this.down) throw new Error('down');
    return {
      id: 1,
      identifier: 'kassa',
      name: 'Kassa',
      type: 'frontdesk',
      branch: { id: 2, name: 'Linde' },
      settings: { printer: this.printer },
      lastSeenAt: null,
      logsRequested: this.logsRequested,
    };
  }
  async uploadLogs(lines: string[]): Promise<void> {
    this.uploads.push(lines);
    this.logsRequested = false;
  }
  emit(event: string, data: unknown) {
    this.listener?.({ id: null, event, data: JSON.stringify(data) });
  }
  async jobs(): Promise<PrintJob[]> {
    if (this.revoked) throw new HttpError(401, 'GET /api/devices/me/jobs: 401');
    if (this.down) throw new Error('down');
    return this.queue.filter((j) => !this.acked.includes(j.id)).slice(0, 50);
  }
  async ack(id: number): Promise<void> {
    if (this.down || this.failAcks) throw new Error('ack failed');
    if (!this.acked.includes(id)) this.acked.push(id);
  }
  async events(onEvent: (e: StreamEvent) => void, signal: AbortSignal): Promise<void> {
    this.listener = onEvent;
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
}

const until = async (check: () => boolean, what: string, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Ticket numbers of the receipts at the fake printer, in print order. */
const printed = (fake: FakePrinter) => fake.receipts.map((r) => Number(/^Nr\. (\d+)$/m.exec(r.text)?.[1]));

describe('terminal: journal, printer status, exactly once', () => {
  let dir: string;
  let fake: FakePrinter;
  let api: FakeApi;
  const terminals: Terminal[] = [];
  const states: TerminalState[] = [];

  const startTerminal = async () => {
    const terminal = new Terminal({
      api,
      journal: new JobJournal(path.join(dir, 'journal.jsonl')),
      printer: (s) => new NetworkPrinter(s, 1000),
      pollIntervalMs: 50,
      onState: (s) => states.push(s),
      log: process.env.TERMINAL_LOG
        ? (level, message, extra) => console.log(level, message, extra)
        : undefined,
    });
    terminals.push(terminal);
    await terminal.start();
    return terminal;
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'terminal-'));
    fake = await new FakePrinter('epson').start();
    api = new FakeApi({ host: '127.0.0.1', port: fake.port, width: 48, type: 'epson' });
    states.length = 0;
  });
  afterEach(async () => {
    for (const t of terminals.splice(0)) await t.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints each job once, in order, and acknowledges it', async () => {
    await startTerminal();
    api.add(jobNo(1), jobNo(2), jobNo(3));
    await fake.waitFor(3);
    await until(() => api.acked.length === 3, 'acks');
    expect(printed(fake)).toEqual([1, 2, 3]);
    expect(api.acked).toEqual([1, 2, 3]);
    await new Promise((r) => setTimeout(r, 200)); // more polls change nothing
    expect(fake.receipts).toHaveLength(3);
  });

  it('keeps jobs queued while the printer has no paper ("Drucker: kein Papier") and prints them in order when it has', async () => {
    fake.state = 'paper-out';
    const terminal = await startTerminal();
    api.add(jobNo(1), jobNo(2), jobNo(3));
    await until(() => terminal.state.text === 'Drucker: kein Papier · 3 Aufträge warten', 'state text');
    expect(fake.receipts).toEqual([]);
    expect(api.acked).toEqual([]);
    fake.state = 'cover-open';
    await until(() => terminal.state.text.startsWith('Drucker: Deckel offen'), 'cover open');
    fake.state = 'online';
    await fake.waitFor(3);
    await until(() => api.acked.length === 3, 'acks');
    expect(printed(fake)).toEqual([1, 2, 3]);
    await until(() => terminal.state.text === 'Drucker: bereit', 'ready');
  });

  it('keeps jobs while the printer is off (unreachable) and prints them once when it is back', async () => {
    fake.setPower(false);
    const terminal = await startTerminal();
    api.add(jobNo(1), jobNo(2));
    await until(() => terminal.state.text.startsWith('Drucker: nicht erreichbar'), 'unreachable');
    api.add(jobNo(3));
    await new Promise((r) => setTimeout(r, 150));
    expect(fake.receipts).toEqual([]);
    fake.setPower(true);
    await fake.waitFor(3);
    await until(() => api.acked.length === 3, 'acks');
    expect(printed(fake)).toEqual([1, 2, 3]);
  });

  it('reprints a job whose connection dropped mid-job, marked KOPIE, and the rest once', async () => {
    fake.dropNextJobAfter(200);
    await startTerminal();
    api.add(jobNo(1), jobNo(2));
    await fake.waitFor(2);
    await until(() => api.acked.length === 2, 'acks');
    expect(fake.dropped).toBe(1);
    expect(printed(fake)).toEqual([1, 2]);
    expect(fake.receipts[0]!.lines[0]).toBe('*** KOPIE ***');
    expect(fake.receipts[1]!.text).not.toContain('KOPIE');
  });

  it('never prints a job again after a restart, nor when the backend hands it out again because the ack was lost', async () => {
    api.failAcks = true;
    const first = await startTerminal();
    api.add(jobNo(1), jobNo(2));
    await fake.waitFor(2);
    await first.stop();
    terminals.length = 0;
    expect(api.acked).toEqual([]);
    // The backend still has both jobs (unacknowledged) and hands them to the restarted terminal.
    api.failAcks = false;
    await startTerminal();
    await until(() => api.acked.length === 2, 'acks after restart');
    api.add(jobNo(3));
    await fake.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(printed(fake)).toEqual([1, 2, 3]);
  });

  it('after a crash between sending the bytes and recording them, prints the job once more marked KOPIE', async () => {
    // The journal as a crash leaves it: job 1 in "printing".
    const journal = new JobJournal(path.join(dir, 'journal.jsonl'));
    journal.open();
    journal.receive(jobNo(1));
    journal.mark(1, 'printing');
    journal.close();
    api.add(jobNo(1), jobNo(2));
    await startTerminal();
    await fake.waitFor(2);
    await until(() => api.acked.length === 2, 'acks');
    expect(printed(fake)).toEqual([1, 2]);
    expect(fake.receipts[0]!.lines[0]).toBe('*** KOPIE ***');
    expect(fake.receipts[1]!.lines[0]).not.toBe('*** KOPIE ***');
  });

  it('prints what it stored while the backend is unreachable, and acknowledges when it is back', async () => {
    fake.state = 'paper-out';
    const terminal = await startTerminal();
    api.add(jobNo(1));
    await until(() => terminal.state.queued === 1, 'stored');
    api.down = true;
    fake.state = 'online';
    await fake.waitFor(1);
    await until(() => terminal.state.text.includes('Server nicht erreichbar'), 'offline text');
    expect(api.acked).toEqual([]);
    api.down = false;
    await until(() => api.acked.length === 1, 'ack');
    expect(fake.receipts).toHaveLength(1);
  });

  it("shows the printer's state while idle, before any job arrives", async () => {
    fake.state = 'paper-out';
    const terminal = await startTerminal();
    await until(() => terminal.state.text === 'Drucker: kein Papier', 'idle paper out');
    expect(fake.statusRequests).toBeGreaterThanOrEqual(3);
  });

  it('says so when the device key is refused, unlike a server that is away', async () => {
    const terminal = await startTerminal();
    api.down = true;
    await until(() => terminal.state.text === 'Drucker: bereit · Server nicht erreichbar', 'offline');
    api.down = false;
    api.revoked = true;
    await until(() => terminal.state.text === 'Drucker: bereit · Geräteschlüssel ungültig', 'unauthorized');
    api.revoked = false;
    await until(() => terminal.state.text === 'Drucker: bereit', 'online again');
  });

  it('drops a stored job the backend gave to another device meanwhile', async () => {
    fake.state = 'paper-out';
    const terminal = await startTerminal();
    api.add(jobNo(1), jobNo(2));
    await until(() => terminal.state.queued === 2, 'stored');
    api.acked.push(1); // another printer of the branch took job 1 after this terminal's lease
    fake.state = 'online';
    await fake.waitFor(1);
    await until(() => api.acked.length === 2, 'ack');
    await new Promise((r) => setTimeout(r, 150));
    expect(printed(fake)).toEqual([2]);
  });
});

describe('terminal: commands from the back office', () => {
  let dir: string;
  let api: FakeApi;
  let terminal: Terminal;
  const notifications: Array<{ title: string; body: string }> = [];
  const start = async (heartbeatMs = 30_000) => {
    terminal = new Terminal({
      api,
      journal: new JobJournal(path.join(dir, 'journal.jsonl')),
      printer: (s) => new NetworkPrinter(s, 1000),
      pollIntervalMs: 50,
      heartbeatMs,
      onNotification: (n) => notifications.push(n),
      recentLogs: () => ['{"msg":"eins"}', '{"msg":"zwei"}'],
    });
    await terminal.start();
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'terminal-cmd-'));
    api = new FakeApi({ host: '127.0.0.1', port: 1, width: 48, type: 'epson' });
    notifications.length = 0;
  });
  afterEach(async () => {
    await terminal.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a test notification meant for this device, not one for another device of the branch', async () => {
    await start();
    api.emit('device.notification', { deviceId: 7, title: 'Für die andere Kassa', body: '' });
    api.emit('device.notification', { deviceId: 1, title: 'Testbenachrichtigung', body: 'Hallo' });
    await until(() => notifications.length > 0, 'notification');
    expect(notifications).toEqual([{ title: 'Testbenachrichtigung', body: 'Hallo' }]);
  });

  it('uploads its recent logs when asked by event or, having missed it, by the heartbeat', async () => {
    await start(50);
    api.emit('device.logs', { deviceId: 7 });
    api.emit('device.logs', { deviceId: 1 });
    await until(() => api.uploads.length === 1, 'upload by event');
    expect(api.uploads[0]).toEqual(['{"msg":"eins"}', '{"msg":"zwei"}']);
    api.logsRequested = true;
    await until(() => api.uploads.length === 2, 'upload by heartbeat');
    await new Promise((r) => setTimeout(r, 200));
    expect(api.uploads).toHaveLength(2);
  });
});
