// The terminal's print loop, the same in Electron's main process and headless (`npm run terminal`):
// fetch the branch's print jobs (woken by the event stream, polling as the fallback), store each in the
// journal before anything else, print them in order when the printer says it is ready, acknowledge each.
// No Electron import: everything outside is behind DeviceApi, Printer and JobJournal.
import { type DeviceApi, HttpError, type PrinterReport, sleep } from './device-client.js';
import type { JobJournal, JournalEntry } from './journal.js';
import { type Printer, PrinterNotReady, type PrinterStatus } from './printer.js';
import { renderJob, type RenderOptions, type ReceiptVariant } from './receipt.js';
import type { PrintJob, PrinterSettings } from './types.js';

/**
 * How often the terminal reads the printer's status between rounds (DLE EOT, one short connection); a
 * change is reported to the backend at once, so the back office and the board see it within 5 s.
 */
export const STATUS_EVERY_MS = 2_000;

/** The most jobs one fetch returns (the backend's batch); fewer means the list is complete. */
export const FETCH_BATCH = 50;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, message: string, extra?: Record<string, unknown>) => void;

/** What the terminal shows (and the headless one logs when it changes). */
export interface TerminalState {
  /** `unauthorized`: the device key was refused (revoked, device disabled or deleted). */
  backend: 'unknown' | 'online' | 'offline' | 'unauthorized';
  printer: PrinterStatus | null;
  /** Jobs stored and not yet printed. */
  queued: number;
  /** One line, e.g. "Drucker: kein Papier · 3 Aufträge warten". */
  text: string;
}

export interface TerminalOptions {
  api: DeviceApi;
  journal: JobJournal;
  /** Where to print; `null` until the device settings name a printer. */
  printer: (settings: PrinterSettings) => Printer;
  /** `--printer`: overrides the printer of the device's settings. */
  printerOverride?: PrinterSettings;
  variant?: ReceiptVariant;
  render?: (job: PrintJob, settings: PrinterSettings, options: RenderOptions) => Buffer;
  /** Fallback poll when no event arrives (default 5 s). */
  pollIntervalMs?: number;
  /** Printer status reads between rounds (default {@link STATUS_EVERY_MS}). */
  statusEveryMs?: number;
  /** Heartbeat (default 30 s). */
  heartbeatMs?: number;
  /** Follow the event stream (default true). */
  events?: boolean;
  log?: Log;
  onState?: (state: TerminalState) => void;
  /** `POST /api/devices/{id}/test/notification` arrived (Electron: a system notification; headless: a log line). */
  onNotification?: (notification: { title: string; body: string }) => void;
  /** The recent log lines uploaded when staff ask for them (`request-device-logs`). */
  recentLogs?: () => string[];
}

export class Terminal {
  private running = false;
  private loop?: Promise<void>;
  private readonly stopSignal = new AbortController();
  private wakeSignal = new AbortController();
  private heartbeatTimer?: NodeJS.Timeout;
  private settings: PrinterSettings | null;
  private printer: Printer | null = null;
  private streamDone?: Promise<void>;
  /** This device's id, from the first heartbeat (events name the device they are for). */
  private deviceId: number | null = null;
  private uploading = false;
  private statusCheckedAt = 0;
  /** The printer state the backend last acknowledged (a change is reported at once). */
  private reported: string | null = null;
  private reporting = false;
  readonly state: TerminalState = { backend: 'unknown', printer: null, queued: 0, text: '' };

  constructor(private readonly options: TerminalOptions) {
    this.settings = options.printerOverride ?? null;
    if (this.settings) this.printer = options.printer(this.settings);
  }

  private log(level: LogLevel, message: string, extra?: Record<string, unknown>): void {
    this.options.log?.(level, message, extra);
  }

  /** Opens the journal and starts the loop, the heartbeat and the event stream. */
  async start(): Promise<void> {
    if (this.running) return;
    this.options.journal.open(); // throws when another terminal holds it
    this.running = true;
    await this.heartbeat();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatMs ?? 30_000);
    this.heartbeatTimer.unref();
    if (this.options.events !== false)
      this.streamDone = this.options.api
        .events((event) => this.onEvent(event.event, event.data), this.stopSignal.signal)
        .catch(() => undefined);
    this.loop = this.run();
  }

  /** Stops after the job in hand is printed and recorded; nothing stored is lost. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.heartbeatTimer);
    this.stopSignal.abort();
    this.wake();
    await this.loop;
    await this.streamDone;
    this.options.journal.close();
  }

  /** Looks for jobs now (a `print.job` event). */
  wake(): void {
    this.wakeSignal.abort();
  }

  private onEvent(type: string, data: string): void {
    if (type === 'print.job') return this.wake();
    if (type !== 'device.notification' && type !== 'device.logs') return;
    let payload: { deviceId?: number; title?: string; body?: string };
    try {
      payload = JSON.parse(data) as typeof payload;
    } catch {
      return;
    }
    if (payload.deviceId !== this.deviceId) return; // another device of the branch
    if (type === 'device.logs') return void this.uploadLogs();
    const notification = { title: payload.title ?? 'Benachrichtigung', body: payload.body ?? '' };
    this.log('info', `Benachrichtigung: ${notification.title}`, { body: notification.body });
    this.options.onNotification?.(notification);
  }

  /** Uploads the recent log lines (once at a time). */
  async uploadLogs(): Promise<void> {
    if (this.uploading) return;
    this.uploading = true;
    try {
      const lines = this.options.recentLogs?.() ?? [];
      await this.options.api.uploadLogs(lines.slice(-500));
      this.log('info', 'Logs hochgeladen', { lines: Math.min(lines.length, 500) });
    } catch (error) {
      this.log('warn', 'Logs nicht hochgeladen (nächster Versuch beim Heartbeat)', { error: String(error) });
    } finally {
      this.uploading = false;
    }
  }

  /** What the printer is now, as the heartbeat reports it. */
  private printerReport(): PrinterReport {
    const status = this.state.printer;
    return {
      state: !this.printer ? 'none' : (status?.state ?? 'ok'),
      paperNearEnd: status?.paperNearEnd ?? false,
      queued: this.state.queued,
    };
  }

  /** Reports the printer's state when it changed since the last heartbeat (one call at a time). */
  private async reportIfChanged(): Promise<void> {
    if (this.reporting || !this.running) return;
    if (JSON.stringify(this.printerReport()) === this.reported) return;
    await this.heartbeat();
  }

  private async heartbeat(): Promise<void> {
    this.reporting = true;
    try {
      const report = this.printerReport();
      const device = await this.options.api.heartbeat(report);
      this.reported = JSON.stringify(report);
      this.setBackend('online');
      this.deviceId = device.id;
      if (device.logsRequested) void this.uploadLogs();
      const configured = device.settings.printer ?? null;
      if (!this.options.printerOverride && configured && !sameSettings(configured, this.settings)) {
        this.settings = configured;
        this.printer = this.options.printer(configured);
        this.log('info', 'Drucker aus den Geräteeinstellungen', { ...configured });
      }
    } catch (error) {
      this.setBackend(backendState(error));
      this.log('warn', 'Heartbeat fehlgeschlagen', { error: String(error) });
    } finally {
      this.reporting = false;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      const woken = this.wakeSignal.signal;
      try {
        await this.cycle();
      } catch (error) {
        this.log('error', 'Druckschleife', { error: String(error) });
      }
      if (!this.running) break;
      // Between rounds: read the printer every STATUS_EVERY_MS (never beside a job: many printers take
      // one connection at a time) and report a change at once; fetch again after the poll interval.
      const nextRound = Date.now() + (this.options.pollIntervalMs ?? 5000);
      while (this.running && !woken.aborted && Date.now() < nextRound) {
        await sleep(Math.min(this.statusEveryMs, nextRound - Date.now()), woken);
        if (this.running && !woken.aborted && Date.now() < nextRound) await this.checkPrinter();
      }
      if (woken.aborted) this.wakeSignal = new AbortController();
    }
  }

  /** One round: fetch, store, print in order, acknowledge. */
  async cycle(): Promise<void> {
    const journal = this.options.journal;
    if (!this.printer || !this.settings) {
      this.update();
      return;
    }
    let held: Set<number> | null = null;
    try {
      const jobs = await this.options.api.jobs();
      this.setBackend('online');
      for (const job of jobs)
        if (journal.receive(job)) this.log('info', 'Auftrag empfangen', { job: job.id });
      // Complete list: a stored job missing from it was handled by another device meanwhile.
      if (jobs.length < FETCH_BATCH) held = new Set(jobs.map((j) => j.id));
      // A job printed here whose acknowledgement got lost comes again: acknowledge, never print again.
      for (const job of jobs) {
        const entry = journal.get(job.id)!;
        if (entry.state === 'acked') await this.ack(entry);
      }
    } catch (error) {
      this.setBackend(backendState(error));
      this.log('warn', 'Aufträge nicht abrufbar (der Drucker druckt die gespeicherten weiter)', {
        error: String(error),
      });
    }

    for (const entry of journal.pending()) {
      if (!this.running) break;
      if (entry.state === 'printed') {
        await this.ack(entry);
        continue;
      }
      if (held && !held.has(entry.id)) {
        // Leased to (or printed by) another device after our lease ran out: theirs now.
        journal.mark(entry.id, 'acked');
        this.log('warn', 'Auftrag wurde von einem anderen Gerät übernommen', { job: entry.id });
        continue;
      }
      if (!(await this.print(entry))) break; // keep the order: nothing after a job that did not print
      await this.ack(journal.get(entry.id)!);
    }
    // Idle and not looked at lately (the first round, or rounds woken in quick succession): look now.
    if (
      this.running &&
      journal.pending().length === 0 &&
      Date.now() - this.statusCheckedAt > this.statusEveryMs
    )
      await this.checkPrinter();
    this.update();
    await this.reportIfChanged();
  }

  /** Reads the printer's status (so "kein Papier" shows before the next order arrives) and reports it. */
  private async checkPrinter(): Promise<void> {
    if (!this.printer) return;
    this.statusCheckedAt = Date.now();
    this.state.printer = await this.printer.status();
    this.update();
    await this.reportIfChanged();
  }

  private get statusEveryMs(): number {
    return this.options.statusEveryMs ?? STATUS_EVERY_MS;
  }

  /** @returns whether the job is printed. */
  private async print(entry: JournalEntry): Promise<boolean> {
    const journal = this.options.journal;
    // Found in "printing": the terminal died while the bytes were on their way; print it again marked
    // as a copy (see docs/decisions/printing.md).
    const copy = entry.state === 'printing' || entry.copy === true;
    const render = this.options.render ?? renderJob;
    const bytes = render(entry.job, this.settings!, { variant: this.options.variant, copy });
    try {
      await this.printer!.print(bytes, async () => journal.mark(entry.id, 'printing', copy ? { copy } : {}));
      journal.mark(entry.id, 'printed');
      this.state.printer = { ready: true, state: 'ok', paperNearEnd: false, text: 'Drucker: bereit' };
      this.log('info', copy ? 'Auftrag gedruckt (KOPIE)' : 'Auftrag gedruckt', { job: entry.id });
      return true;
    } catch (error) {
      if (error instanceof PrinterNotReady) {
        if (this.state.printer?.state !== error.status.state)
          this.log('warn', error.status.text, { job: entry.id });
        this.state.printer = error.status;
      } else {
        this.state.printer = {
          ready: false,
          state: 'error',
          paperNearEnd: false,
          text: 'Drucker: Verbindung unterbrochen',
        };
        this.log('warn', 'Druck abgebrochen; der Auftrag wird als KOPIE wiederholt', {
          job: entry.id,
          error: String(error),
        });
      }
      return false;
    }
  }

  private async ack(entry: JournalEntry): Promise<void> {
    try {
      await this.options.api.ack(entry.id);
      if (entry.state !== 'acked') this.options.journal.mark(entry.id, 'acked');
    } catch (error) {
      this.setBackend(backendState(error));
      this.log('warn', 'Bestätigung fehlgeschlagen, wird wiederholt', {
        job: entry.id,
        error: String(error),
      });
    }
  }

  private setBackend(backend: TerminalState['backend']): void {
    if (this.state.backend === backend) return;
    this.state.backend = backend;
    this.update();
  }

  private update(): void {
    const queued = this.options.journal
      .pending()
      .filter((e) => e.state === 'received' || e.state === 'printing').length;
    const parts = [
      this.printer ? (this.state.printer?.text ?? 'Drucker: bereit') : 'Kein Drucker eingerichtet',
      ...(queued ? [`${queued} ${queued === 1 ? 'Auftrag wartet' : 'Aufträge warten'}`] : []),
      ...(this.state.backend === 'offline' ? ['Server nicht erreichbar'] : []),
      ...(this.state.backend === 'unauthorized' ? ['Geräteschlüssel ungültig'] : []),
    ];
    const text = parts.join(' · ');
    this.state.queued = queued;
    if (text !== this.state.text) {
      this.state.text = text;
      this.options.onState?.({ ...this.state });
    }
  }
}

/** A refused key (401) is not a network problem: the terminal says so. */
const backendState = (error: unknown): TerminalState['backend'] =>
  error instanceof HttpError && error.status === 401 ? 'unauthorized' : 'offline';

const sameSettings = (a: PrinterSettings, b: PrinterSettings | null) =>
  !!b && a.host === b.host && a.port === b.port && a.width === b.width && a.type === b.type;
