import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RecentLog, setupTerminal } from '../src/main/terminal/setup.js';

describe('setupTerminal (the terminal in Electron main)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'setup-terminal-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('does nothing without a paired device key', async () => {
    const handle = setupTerminal({ origin: 'http://127.0.0.1:1', deviceKey: null, dataDir: dir });
    expect(handle.running).toBe(false);
    await handle.stop();
    expect(existsSync(path.join(dir, 'terminal'))).toBe(false);
  });

  it('runs with the journal in the data folder, keeps recent logs, and stops cleanly while the backend is away', async () => {
    const handle = setupTerminal({
      origin: 'http://127.0.0.1:1',
      deviceKey: 'k',
      dataDir: dir,
      printer: 'tcp://127.0.0.1:1',
    });
    expect(handle.running).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(path.join(dir, 'terminal', 'journal.jsonl'))).toBe(true);
    expect(handle.recentLogs().some((l) => l.includes('Heartbeat fehlgeschlagen'))).toBe(true);
    await handle.stop();
    expect(handle.running).toBe(false);
    expect(existsSync(path.join(dir, 'terminal', 'journal.jsonl.lock'))).toBe(false);
  });

  it('keeps only the most recent log lines', () => {
    const log = new RecentLog(3);
    for (let i = 0; i < 5; i++) log.add('info', `Zeile ${i}`);
    expect(log.all().map((l) => JSON.parse(l).msg)).toEqual(['Zeile 2', 'Zeile 3', 'Zeile 4']);
  });
});
