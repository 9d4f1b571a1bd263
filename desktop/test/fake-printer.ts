// A fake ESC/POS network printer for the tests: a TCP server that decodes what it receives (text, bold,
// character size, alignment-free text lines, QR codes, cuts) for the EPSON or STAR command set, answers
// DLE EOT status requests, and can be switched off, out of paper, cover open, or set to drop the
// connection in the middle of a job.
//
// Also runnable on its own (Node 24 strips the types): `npm run fake-printer -- [--port 9100] [--star]`
// prints every receipt's decoded text and takes commands on stdin: off, on, paper, nopaper, cover, drop <n>.
import net from 'node:net';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export interface FakeReceipt {
  /** Decoded text lines (trailing spaces trimmed). */
  lines: string[];
  text: string;
  qr: string[];
  /** Lines printed (at least partly) in bold. */
  bold: string[];
  /** Lines printed with a character size above normal. */
  large: string[];
  /** Lines printed in the small font (font B). */
  small: string[];
  /** Connection it came on (a job per connection for our terminal). */
  connection: number;
  /** `Date.now()` when its cut arrived (the receipt's last byte). */
  at: number;
}

export type FakeState = 'online' | 'paper-out' | 'cover-open' | 'offline';

/** Code page 858 above 0x7F, as far as German receipts need it. */
const CP858: Record<number, string> = {
  0x81: 'ü',
  0x82: 'é',
  0x84: 'ä',
  0x8e: 'Ä',
  0x94: 'ö',
  0x99: 'Ö',
  0x9a: 'Ü',
  0xe1: 'ß',
  0xd5: '€',
  0xf8: '°',
  0xfd: '²',
};

export class FakePrinter {
  readonly receipts: FakeReceipt[] = [];
  /** Status requests answered. */
  statusRequests = 0;
  /** Print data received (every byte that is not a DLE EOT status request), whether or not it printed. */
  dataBytes = 0;
  /** Jobs cut short by {@link dropNextJobAfter}. */
  dropped = 0;
  state: FakeState = 'online';
  /** Refuse connections (power off / cable pulled). */
  powered = true;
  private dropAfter: number | null = null;
  private server = net.createServer((socket) => this.accept(socket));
  private sockets = new Set<net.Socket>();
  private connections = 0;
  private waiters: Array<() => void> = [];
  port = 0;

  readonly type: 'epson' | 'star';

  constructor(type: 'epson' | 'star' = 'epson') {
    this.type = type;
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  get url(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Pulls the plug: open connections drop, new ones are refused until switched on again. */
  setPower(on: boolean): void {
    this.powered = on;
    if (!on) for (const s of this.sockets) s.destroy();
  }

  /** The next job's connection is dropped after this many bytes of print data. */
  dropNextJobAfter(bytes: number): void {
    this.dropAfter = bytes;
  }

  /** Resolves once `count` receipts are complete (cut). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.receipts.length < count) {
      if (Date.now() > deadline)
        throw new Error(`fake printer: ${this.receipts.length} of ${count} receipts after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  private accept(socket: net.Socket): void {
    if (!this.powered) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    const decoder = new Decoder(this.type, ++this.connections, (receipt) => {
      this.receipts.push(receipt);
      for (const w of this.waiters.splice(0)) w();
    });
    let printed = 0;
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      let i = 0;
      let data: number[] = [];
      // Print data up to here; false when the connection was dropped (nothing after it is answered).
      const flush = (): boolean => {
        if (data.length === 0) return true;
        const bytes = data;
        data = [];
        this.dataBytes += bytes.length;
        if (this.state !== 'online') return true; // a printer that cannot print takes nothing
        if (this.dropAfter !== null && bytes.length > this.dropAfter - printed) {
          decoder.feed(Buffer.from(bytes.slice(0, Math.max(0, this.dropAfter - printed))));
          this.dropAfter = null;
          this.dropped++;
          socket.destroy();
          return false;
        }
        printed += bytes.length;
        decoder.feed(Buffer.from(bytes));
        return true;
      };
      while (i < pending.length) {
        if (pending[i] === 0x10 && pending[i + 1] === 0x04) {
          if (i + 2 >= pending.length) break;
          if (!flush()) return;
          this.statusRequests++;
          socket.write(Buffer.from([this.statusByte(pending[i + 2]!)]));
          i += 3;
          continue;
        }
        if (pending[i] === 0x10 && i + 1 >= pending.length) break;
        data.push(pending[i]!);
        i++;
      }
      pending = pending.subarray(i);
      flush();
    });
  }

  private statusByte(n: number): number {
    const s = this.state;
    if (n === 1) return 0x12 | (s === 'online' ? 0 : 0x08);
    if (n === 2) return 0x12 | (s === 'cover-open' ? 0x04 : 0) | (s === 'paper-out' ? 0x20 : 0);
    if (n === 4) return 0x12 | (s === 'paper-out' ? 0x60 : 0);
    return 0x12;
  }
}

/** Decodes a byte stream of ESC/POS (EPSON) or STAR commands into receipts, one per cut. */
export class Decoder {
  private buf = Buffer.alloc(0);
  private lines: string[] = [];
  private line = '';
  private bold = false;
  private large = false;
  private small = false;
  private lineSmall = false;
  private lineBold = false;
  private lineLarge = false;
  private boldLines: string[] = [];
  private largeLines: string[] = [];
  private smallLines: string[] = [];
  private qr: string[] = [];
  private pendingQr = '';
  private codePage858 = false;

  readonly type: 'epson' | 'star';
  readonly connection: number;
  private readonly onReceipt: (receipt: FakeReceipt) => void;

  constructor(type: 'epson' | 'star', connection: number, onReceipt: (receipt: FakeReceipt) => void) {
    this.type = type;
    this.connection = connection;
    this.onReceipt = onReceipt;
  }

  feed(bytes: Buffer): void {
    this.buf = Buffer.concat([this.buf, bytes]);
    let i = 0;
    for (;;) {
      const used = this.step(i);
      if (used === 0) break;
      i += used;
    }
    this.buf = this.buf.subarray(i);
  }

  /** Decodes one command or character at `i`. @returns bytes used, 0 when more bytes are needed. */
  private step(i: number): number {
    const b = this.buf;
    if (i >= b.length) return 0;
    const need = (n: number) => i + n <= b.length;
    const c = b[i]!;
    if (c === 0x0a) {
      this.newline();
      return 1;
    }
    if (c === 0x0b || c === 0x0d || c === 0x09 || c === 0x0c) return 1;
    if (c === 0x1b) {
      if (!need(2)) return 0;
      const x = b[i + 1]!;
      if (this.type === 'star') {
        if (x === 0x45) return (this.setBold(true), 2);
        if (x === 0x46) return (this.setBold(false), 2);
        if (x === 0x69) return need(4) ? (this.setLarge(b[i + 2]! > 0 || b[i + 3]! > 0), 4) : 0;
        if (x === 0x64) {
          if (!need(3)) return 0;
          this.cut();
          return 3;
        }
        if (x === 0x1d) {
          if (!need(3)) return 0;
          const y = b[i + 2]!;
          if (y === 0x61) return need(4) ? 4 : 0; // alignment
          if (y === 0x74) return need(4) ? ((this.codePage858 = b[i + 3] === 4), 4) : 0;
          if (y === 0x79) {
            if (!need(4)) return 0;
            const z = b[i + 3]!;
            if (z === 0x53) return need(6) ? 6 : 0; // model, correction, cell size
            if (z === 0x44) {
              // ESC GS y D 1 m nL nH d1…dk
              if (!need(8)) return 0;
              const len = b[i + 6]! + b[i + 7]! * 256;
              if (!need(8 + len)) return 0;
              this.pendingQr = b.subarray(i + 8, i + 8 + len).toString('latin1');
              return 8 + len;
            }
            if (z === 0x50) return (this.qr.push(this.pendingQr), 4);
          }
          return 3;
        }
        if (x === 0x40) return 2;
        if (x === 0x2d) return need(3) ? 3 : 0;
        if (x === 0x1e) return need(4) ? (b[i + 2] === 0x46 && (this.small = b[i + 3] === 1), 4) : 0;
        return 2;
      }
      // EPSON
      if (x === 0x40 || x === 0x32 || x === 0x3c) return 2;
      if (x === 0x45) return need(3) ? (this.setBold(b[i + 2] === 1), 3) : 0;
      if (x === 0x21) return need(3) ? (this.setLarge((b[i + 2]! & 0x30) !== 0), 3) : 0;
      if (x === 0x74) return need(3) ? ((this.codePage858 = b[i + 2] === 19), 3) : 0;
      if (x === 0x4d) return need(3) ? ((this.small = (b[i + 2]! & 1) === 1), 3) : 0;
      if ([0x61, 0x64, 0x2d, 0x7b, 0x33, 0x4a, 0x70].includes(x)) return need(3) ? 3 : 0;
      return 2;
    }
    if (c === 0x1d) {
      if (!need(2)) return 0;
      const x = b[i + 1]!;
      if (x === 0x56) {
        if (!need(3)) return 0;
        const m = b[i + 2]!;
        this.cut();
        return m >= 65 ? (need(4) ? 4 : 0) : 3;
      }
      if (x === 0x21) return need(3) ? (this.setLarge(b[i + 2] !== 0), 3) : 0;
      if (x === 0x42) return need(3) ? 3 : 0;
      if (x === 0x28 && b[i + 2] === 0x6b) {
        if (!need(5)) return 0;
        const len = b[i + 3]! + b[i + 4]! * 256;
        if (!need(5 + len)) return 0;
        const cn = b[i + 5];
        const fn = b[i + 6];
        if (cn === 0x31 && fn === 0x50) this.pendingQr = b.subarray(i + 8, i + 5 + len).toString('latin1');
        if (cn === 0x31 && fn === 0x51) this.qr.push(this.pendingQr);
        return 5 + len;
      }
      return need(3) ? 3 : 0;
    }
    if (c >= 0x20 && c < 0x7f) this.add(String.fromCharCode(c));
    else if (c >= 0x80) this.add(this.codePage858 ? (CP858[c] ?? '?') : '?');
    return 1;
  }

  private add(ch: string): void {
    this.line += ch;
    if (this.bold) this.lineBold = true;
    if (this.large) this.lineLarge = true;
    if (this.small) this.lineSmall = true;
  }

  private setBold(on: boolean): void {
    this.bold = on;
  }

  private setLarge(on: boolean): void {
    this.large = on;
  }

  private newline(): void {
    const text = this.line.trimEnd();
    this.lines.push(text);
    if (this.lineBold && text) this.boldLines.push(text.trim());
    if (this.lineLarge && text) this.largeLines.push(text.trim());
    if (this.lineSmall && text) this.smallLines.push(text.trim());
    this.line = '';
    this.lineBold = this.bold;
    this.lineLarge = this.large;
    this.lineBold = false;
    this.lineLarge = false;
    this.lineSmall = false;
  }

  private cut(): void {
    if (this.line) this.newline();
    while (this.lines.length && this.lines[this.lines.length - 1] === '') this.lines.pop();
    this.onReceipt({
      lines: this.lines,
      text: this.lines.join('\n'),
      qr: this.qr,
      bold: this.boldLines,
      large: this.largeLines,
      small: this.smallLines,
      connection: this.connection,
      at: Date.now(),
    });
    this.lines = [];
    this.boldLines = [];
    this.largeLines = [];
    this.smallLines = [];
    this.qr = [];
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : 9100;
  const fake = await new FakePrinter(args.includes('--star') ? 'star' : 'epson').start(port);
  let shown = 0;
  const show = () => {
    for (const r of fake.receipts.slice(shown)) {
      shown++;
      const qr = r.qr.map((q) => `[QR ${q}]`).join('\n');
      process.stdout.write(`\n===== Bestellbon ${shown} =====\n${r.text}\n${qr}\n===== Schnitt =====\n`);
    }
  };
  setInterval(show, 100);
  process.stdout.write(
    `Test-Drucker (${fake.type}) auf ${fake.url}. Befehle: off, on, paper, nopaper, cover, drop <bytes>\n`,
  );
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, arg] = line.trim().split(/\s+/);
    if (command === 'off') fake.setPower(false);
    else if (command === 'on') fake.setPower(true);
    else if (command === 'paper') fake.state = 'online';
    else if (command === 'nopaper') fake.state = 'paper-out';
    else if (command === 'cover') fake.state = 'cover-open';
    else if (command === 'drop') fake.dropNextJobAfter(Number(arg ?? 100));
    else continue;
    process.stdout.write(`Drucker: ${fake.powered ? fake.state : 'aus'}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
