// A network receipt printer (ESC/POS over TCP, port 9100): before every job the real status is read with
// DLE EOT on the same connection; the job's bytes follow only when the printer is ready, and a last status
// request after them confirms the printer took them (it answers only after processing what came before).
import net from 'node:net';
import type { PrinterSettings } from './types.js';

/** What DLE EOT told us. */
export interface PrinterStatus {
  ready: boolean;
  /** `ok`, `unreachable`, `offline`, `cover-open`, `paper-out`, `error`. */
  state: 'ok' | 'unreachable' | 'offline' | 'cover-open' | 'paper-out' | 'error';
  /** Paper is running low (still prints). */
  paperNearEnd: boolean;
  /** German text for the terminal's display and log. */
  text: string;
}

const TEXTS: Record<PrinterStatus['state'], string> = {
  ok: 'Drucker: bereit',
  unreachable: 'Drucker: nicht erreichbar',
  offline: 'Drucker: offline',
  'cover-open': 'Drucker: Deckel offen',
  'paper-out': 'Drucker: kein Papier',
  error: 'Drucker: Fehler',
};

export const statusOf = (state: PrinterStatus['state'], paperNearEnd = false): PrinterStatus => ({
  ready: state === 'ok',
  state,
  paperNearEnd,
  text: TEXTS[state] + (state === 'ok' && paperNearEnd ? ' (Papier geht zu Ende)' : ''),
});

/** DLE EOT n: 1 printer status, 2 offline cause, 4 paper roll sensor. */
export const DLE_EOT = (n: 1 | 2 | 4) => Buffer.from([0x10, 0x04, n]);

/**
 * Reads the three status bytes (ESC/POS "real-time status transmission"):
 * n=1 bit 3 offline; n=2 bit 2 cover open, bit 5 stopped by paper end, bit 6 error;
 * n=4 bits 5+6 paper end, bits 2+3 paper near end.
 */
export function decodeStatus(printer: number, offline: number, paper: number): PrinterStatus {
  const near = (paper & 0x0c) !== 0;
  if ((paper & 0x60) !== 0 || (offline & 0x20) !== 0) return statusOf('paper-out', near);
  if ((offline & 0x04) !== 0) return statusOf('cover-open', near);
  if ((offline & 0x40) !== 0) return statusOf('error', near);
  if ((printer & 0x08) !== 0) return statusOf('offline', near);
  return statusOf('ok', near);
}

export class PrinterNotReady extends Error {
  constructor(readonly status: PrinterStatus) {
    super(status.text);
  }
}

/** The printer as the terminal uses it (a fake in tests). */
export interface Printer {
  /** The status now (no bytes printed). */
  status(): Promise<PrinterStatus>;
  /**
   * Prints the bytes when the printer is ready. Resolves once the printer confirmed it took them.
   * @throws PrinterNotReady (nothing was sent), or another error (connection lost: maybe partly printed).
   */
  print(bytes: Buffer, beforeSend?: () => Promise<void>): Promise<void>;
}

/** A printer at `tcp://host:port`, one connection per job. */
export class NetworkPrinter implements Printer {
  constructor(
    readonly settings: Pick<PrinterSettings, 'host' | 'port'>,
    private readonly timeoutMs = 5000,
  ) {}

  async status(): Promise<PrinterStatus> {
    let socket: Connection | undefined;
    try {
      socket = await Connection.open(this.settings.host, this.settings.port, this.timeoutMs);
      return await readStatus(socket);
    } catch {
      return statusOf('unreachable');
    } finally {
      socket?.close();
    }
  }

  async print(bytes: Buffer, beforeSend?: () => Promise<void>): Promise<void> {
    let socket: Connection;
    try {
      socket = await Connection.open(this.settings.host, this.settings.port, this.timeoutMs);
    } catch {
      throw new PrinterNotReady(statusOf('unreachable'));
    }
    try {
      let status: PrinterStatus;
      try {
        status = await readStatus(socket);
      } catch {
        throw new PrinterNotReady(statusOf('unreachable'));
      }
      if (!status.ready) throw new PrinterNotReady(status);
      await beforeSend?.();
      await socket.write(bytes);
      // The answer to this request comes after the printer processed the job's bytes.
      await socket.request(DLE_EOT(1));
    } finally {
      socket.close();
    }
  }
}

async function readStatus(socket: Connection): Promise<PrinterStatus> {
  const printer = await socket.request(DLE_EOT(1));
  const offline = await socket.request(DLE_EOT(2));
  const paper = await socket.request(DLE_EOT(4));
  return decodeStatus(printer, offline, paper);
}

/** A socket with one-byte request/answer, a timeout on each step, and errors as rejections. */
class Connection {
  private pending: Array<(byte: number) => void> = [];
  private received: number[] = [];
  private failure: Error | null = null;
  private onFailure: Array<(error: Error) => void> = [];

  private constructor(
    private readonly socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => {
      for (const byte of chunk) {
        const waiter = this.pending.shift();
        if (waiter) waiter(byte);
        else this.received.push(byte);
      }
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const f of this.onFailure.splice(0)) f(this.failure);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('Verbindung zum Drucker getrennt')));
  }

  static open(host: string, port: number, timeoutMs: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('Drucker antwortet nicht'));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.setNoDelay(true);
        resolve(new Connection(socket, timeoutMs));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  private guard<T>(run: (resolve: (v: T) => void) => void): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const timer = setTimeout(() => reject(new Error('Drucker antwortet nicht')), this.timeoutMs);
      const done = (v: T) => {
        clearTimeout(timer);
        resolve(v);
      };
      this.onFailure.push((e) => {
        clearTimeout(timer);
        reject(e);
      });
      run(done);
    });
  }

  request(bytes: Buffer): Promise<number> {
    return this.guard<number>((done) => {
      this.received = []; // nothing unasked is an answer to this request
      this.pending.push(done);
      this.socket.write(bytes);
    });
  }

  write(bytes: Buffer): Promise<void> {
    return this.guard<void>((done) => {
      this.socket.write(bytes, (error) => {
        if (!error) done();
      });
    });
  }

  close(): void {
    this.onFailure = [];
    this.socket.destroy();
  }
}
