import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEventStream, type StreamEvent } from '../src/main/terminal/device-client.js';
import { JobJournal } from '../src/main/terminal/journal.js';
import { decodeStatus } from '../src/main/terminal/printer.js';
import { parsePrinterUrl, type PrintJob } from '../src/main/terminal/types.js';
import { parseCli } from '../src/main/terminal/cli.js';

const job = (id: number) => ({ id, kind: 'test', reason: 'test', order: null }) as unknown as PrintJob;

describe('job journal', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'journal-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every state across a reopen, ignores a line torn by a crash, and compacts to one line per job', () => {
    const file = path.join(dir, 'j.jsonl');
    const a = new JobJournal(file);
    a.open();
    expect(a.receive(job(1))).toBe(true);
    expect(a.receive(job(1))).toBe(false);
    a.receive(job(2));
    a.mark(1, 'printing');
    a.mark(1, 'printed');
    a.mark(2, 'printing', { copy: true });
    a.close();
    appendFileSync(file, '{"id":2,"state":"prin'); // the power went off mid-write

    const b = new JobJournal(file);
    b.open();
    expect(b.all().map((e) => [e.id, e.state, e.copy ?? false, e.job.id])).toEqual([
      [1, 'printed', false, 1],
      [2, 'printing', true, 2],
    ]);
    expect(b.pending().map((e) => e.id)).toEqual([1, 2]);
    b.mark(1, 'acked');
    expect(b.pending().map((e) => e.id)).toEqual([2]);
    b.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3); // 2 compacted + 1 appended
  });

  it("refuses a second terminal on the same journal while the first runs, and takes over a dead one's lock", () => {
    const file = path.join(dir, 'j.jsonl');
    writeFileSync(`${file}.lock`, String(process.ppid)); // a living process (the test runner's parent)
    expect(() => new JobJournal(file).open()).toThrow(`wird schon von Prozess ${process.ppid} benutzt`);
    writeFileSync(`${file}.lock`, '2147483646'); // no such process (killed with -9)
    const journal = new JobJournal(file);
    journal.open();
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(process.pid));
    journal.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('event stream reader', () => {
  it('parses ids, event names, multi-line data and comments, across chunk borders', async () => {
    const text =
      ': hallo\n\nid: 7\nevent: print.job\ndata: {"jobId":\ndata: 3}\n\nid: 8\r\nevent: order.created\r\ndata: x\r\n\r\n';
    const chunks = [text.slice(0, 15), text.slice(15, 40), text.slice(40)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readEventStream(body, new AbortController().signal, (e) => events.push(e));
    expect(events).toEqual([
      { id: '7', event: 'print.job', data: '{"jobId":\n3}' },
      { id: '8', event: 'order.created', data: 'x' },
    ]);
  });
});

describe('printer status and settings', () => {
  it('decodes DLE EOT answers', () => {
    expect(decodeStatus(0x16, 0x12, 0x12).state).toBe('ok');
    expect(decodeStatus(0x16, 0x12, 0x1e)).toMatchObject({ state: 'ok', paperNearEnd: true });
    expect(decodeStatus(0x1e, 0x12, 0x12).text).toBe('Drucker: offline');
    expect(decodeStatus(0x1e, 0x16, 0x12).text).toBe('Drucker: Deckel offen');
    expect(decodeStatus(0x1e, 0x32, 0x72).text).toBe('Drucker: kein Papier');
  });

  it('reads the command line of npm run terminal', () => {
    expect(parsePrinterUrl('tcp://192.168.1.50')).toEqual({
      host: '192.168.1.50',
      port: 9100,
      width: 48,
      type: 'epson',
    });
    expect(() => parsePrinterUrl('http://x')).toThrow('tcp://host:port');
    const options = parseCli(
      [
        '--backend',
        'http://localhost:3000',
        '--printer',
        'tcp://p:9101',
        '--printer-type',
        'star',
        '--width',
        '42',
      ],
      { TERMINAL_DEVICE_KEY: 'abc' },
    );
    expect(options).toMatchObject({
      backend: 'http://localhost:3000',
      deviceKey: 'abc',
      printer: { host: 'p', port: 9101, type: 'star', width: 42 },
      variant: 'receipt',
    });
    expect(() => parseCli(['--device-key', 'k'], {})).toThrow('--backend');
    expect(() => parseCli(['--backend', 'http://x'], {})).toThrow('--device-key');
  });
});
