import { mkdirSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser tests (global setup): the backend sends its mails to it over SMTP, and
 * it writes each message as it arrived into E2E_MAIL_DIR, one file per mail, for the tests to read.
 */
export default async function startMailCatcher(): Promise<(() => Promise<void>) | undefined> {
  const dir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dir || !port) return undefined;
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat(chunks).toString('latin1');
        writeFileSync(`${dir}/${Date.now()}-${++count}.json`, JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      // Later errors are broken client connections (a backend stopped mid-message): the backend retries.
      server.on('error', () => undefined);
      resolve();
    });
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
