// The terminal in Electron's main process: `setupTerminal()` builds the same Terminal that
// `npm run terminal` runs, from the shell's origin, the paired device key and the app's data folder.
// The composition root (main.ts) calls it once the device is paired and stops it on `before-quit`:
//
//   const printing = setupTerminal({ origin: config.origin, deviceKey, dataDir: app.getPath('userData') });
//   app.on('before-quit', (e) => { if (printing.running) { e.preventDefault(); void printing.stop().then(() => app.quit()); } });
import path from 'node:path';
import { DeviceClient } from './device-client.js';
import { JobJournal } from './journal.js';
import { NetworkPrinter } from './printer.js';
import { type Log, type LogLevel, Terminal, type TerminalState } from './terminal.js';
import { parsePrinterUrl } from './types.js';

export interface SetupTerminalOptions {
  /** The backend, e.g. `http://localhost:3000`. */
  origin: string;
  /** The paired device's key; without one nothing runs. */
  deviceKey: string | null;
  /** Where the journal lives (Electron: `app.getPath('userData')`). */
  dataDir: string;
  /** `tcp://host:port`, overriding the device's settings. */
  printer?: string;
  onState?: (state: TerminalState) => void;
  /** A test notification from the back office (Electron: a system notification). */
  onNotification?: (notification: { title: string; body: string }) => void;
  log?: Log;
}

export interface TerminalHandle {
  readonly running: boolean;
  readonly state: TerminalState | null;
  /** The most recent log lines (for the device-logs upload). */
  recentLogs(): string[];
  /** Finishes the job in hand and stops. */
  stop(): Promise<void>;
}

/** Keeps the last `size` log lines. */
export class RecentLog {
  private readonly lines: string[] = [];
  constructor(private readonly size = 500) {}
  add(level: LogLevel, message: string, extra?: Record<string, unknown>): void {
    this.lines.push(
      JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...(extra ?? {}) }),
    );
    if (this.lines.length > this.size) this.lines.splice(0, this.lines.length - this.size);
  }
  all(): string[] {
    return [...this.lines];
  }
}

export function setupTerminal(options: SetupTerminalOptions): TerminalHandle {
  const recent = new RecentLog();
  if (!options.deviceKey) {
    return { running: false, state: null, recentLogs: () => recent.all(), stop: async () => undefined };
  }
  const terminal = new Terminal({
    api: new DeviceClient(options.origin, options.deviceKey),
    journal: new JobJournal(path.join(options.dataDir, 'terminal', 'journal.jsonl')),
    printer: (settings) => new NetworkPrinter(settings),
    printerOverride: options.printer ? parsePrinterUrl(options.printer) : undefined,
    onState: options.onState,
    onNotification: options.onNotification,
    recentLogs: () => recent.all(),
    log: (level, message, extra) => {
      recent.add(level, message, extra);
      options.log?.(level, message, extra);
    },
  });
  let running = true;
  const started = terminal.start().catch((error: unknown) => {
    running = false;
    recent.add('error', String(error));
    options.log?.('error', 'Terminal nicht gestartet', { error: String(error) });
  });
  return {
    get running() {
      return running;
    },
    state: terminal.state,
    recentLogs: () => recent.all(),
    async stop() {
      await started;
      if (!running) return;
      running = false;
      await terminal.stop();
    },
  };
}
