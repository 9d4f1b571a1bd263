import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, with its MIME parts decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: string;
}

const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** Splits a raw message into its text and HTML parts (single part or multipart/alternative). */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const mail: ReceivedMail = {
    to,
    subject: decodeHeader(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    text: '',
    html: '',
    raw,
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [`${raw.slice(0, split)}\r\n\r\n${body}`];
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    const h = headersOf(part.slice(0, at).replace(/^\r?\n/, ''));
    const content = decodeBody(h, part.slice(at).replace(/^\r?\n\r?\n/, ''));
    if ((h['content-type'] ?? '').startsWith('text/html')) mail.html = content;
    else if ((h['content-type'] ?? 'text/plain').startsWith('text/plain')) mail.text = content;
  }
  return mail;
}

/** A real SMTP server on a loopback port that keeps what it receives; it can be stopped and started again. */
export async function startSmtp(port = 0, options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const accept = () => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            received.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
            callback();
          };
          // A slow server keeps mails in flight (the crash test kills the backend meanwhile).
          if (options.delayMs) setTimeout(accept, options.delayMs);
          else accept();
        });
      },
    });
  // A client that dies in the middle of a message (the crash test's kill -9) resets its connection; the
  // server reports that as an 'error' event, which without a listener would end the test process.
  const connectionErrors: Error[] = [];
  let server!: ReturnType<typeof make>;
  const listen = (on: number) => {
    server = make();
    server.on('error', (err: Error) => connectionErrors.push(err));
    return new Promise<void>((resolve) => server.listen(on, '127.0.0.1', resolve));
  };
  await listen(port);
  const bound = (server.server.address() as AddressInfo).port;
  let running = true;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    /** Connections that broke off (reset by a client that died), in arrival order. */
    connectionErrors,
    /** Waits until `count` mails matching `match` have arrived; returns them. */
    async waitFor(match: (m: ReceivedMail) => boolean, count = 1, ms = 10_000): Promise<ReceivedMail[]> {
      const end = Date.now() + ms;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > end)
          throw new Error(
            `expected ${count} mail(s) within ${ms} ms, got: ${received.map((m) => m.subject).join(' | ')}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Stops listening: connections are refused as with a server that is down. */
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Listens again on the same port. */
    async start() {
      if (running) return;
      await listen(bound);
      running = true;
    },
    close() {
      return this.stop();
    },
  };
}
