// `npm run terminal -- --backend <url> --device-key <key> [--printer tcp://host:port]` or
// `npm run terminal -- --backend <url> --pair`: the terminal's print loop without Electron, for a box
// without a screen that only prints, and for tests. `--pair` shows a code and a QR, waits until an
// administrator enters the code in the back office, keeps the key in a 0600 file and pairs again when the
// key is revoked.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DeviceClient } from './device-client.js';
import { JobJournal } from './journal.js';
import { FileKeyStore, pair, type KeyStore } from './pairing.js';
import { NetworkPrinter } from './printer.js';
import type { ReceiptVariant } from './receipt.js';
import { RecentLog } from './setup.js';
import { Terminal, type LogLevel } from './terminal.js';
import { parsePrinterUrl } from './types.js';

const USAGE = `Aufruf: npm run terminal -- --backend <url> (--pair | --device-key <schlüssel>) [Optionen]

  --backend <url>          Adresse des Servers, z. B. http://localhost:3000
  --pair                   Koppeln: zeigt einen Code, den eine Administratorin im Backoffice
                           beim Gerät eingibt; der Schlüssel wird in --key-file gespeichert
  --key-file <datei>       Gespeicherter Geräteschlüssel (Standard ./data/terminal/device-key)
  --device-key <schlüssel> API-Schlüssel des Geräts (oder TERMINAL_DEVICE_KEY)
  --printer tcp://host:port  Drucker statt dem aus den Geräteeinstellungen
  --printer-type epson|star  Befehlssatz des Druckers (mit --printer; Standard epson)
  --width <zeichen>        Zeichen pro Zeile (mit --printer; Standard 48)
  --kitchen                Küchenbon ohne Preise statt Kundenbeleg
  --labels compact|detail  Etiketten je Artikel statt Bestellbon (12×4 bzw. 5×2 pro Bogen)
  --journal <datei>        Auftragsjournal (Standard: ./data/terminal/<gerät>.jsonl)
  --poll <ms>              Abfrageintervall ohne Ereignis (Standard 5000)`;

function variantOf(values: { kitchen?: boolean; labels?: string }): ReceiptVariant {
  if (values.labels !== undefined) {
    if (values.labels !== 'compact' && values.labels !== 'detail')
      throw new Error('--labels muss compact oder detail sein');
    return `labels-${values.labels}`;
  }
  return values.kitchen ? 'kitchen' : 'receipt';
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      backend: { type: 'string' },
      'device-key': { type: 'string' },
      pair: { type: 'boolean' },
      'key-file': { type: 'string' },
      printer: { type: 'string' },
      'printer-type': { type: 'string' },
      width: { type: 'string' },
      kitchen: { type: 'boolean' },
      labels: { type: 'string' },
      journal: { type: 'string' },
      poll: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return { help: true as const };
  const backend = values.backend ?? env.TERMINAL_BACKEND;
  const deviceKey = values['device-key'] ?? env.TERMINAL_DEVICE_KEY;
  if (!backend || !/^https?:\/\//.test(backend))
    throw new Error('--backend <url> fehlt (http://… oder https://…)');
  const pairing = values.pair === true;
  if (!deviceKey && !pairing) throw new Error('--device-key <schlüssel> oder --pair fehlt');
  const type = values['printer-type'] ?? 'epson';
  if (type !== 'epson' && type !== 'star') throw new Error('--printer-type muss epson oder star sein');
  const width = values.width ? Number(values.width) : 48;
  if (!Number.isInteger(width) || width < 24 || width > 64) throw new Error('--width muss 24 bis 64 sein');
  const poll = values.poll ? Number(values.poll) : 5000;
  if (!Number.isInteger(poll) || poll < 50) throw new Error('--poll muss mindestens 50 (ms) sein');
  const keyId = deviceKey ? createHash('sha256').update(deviceKey).digest('hex').slice(0, 12) : 'paired';
  return {
    help: false as const,
    backend,
    deviceKey: deviceKey ?? null,
    pair: pairing && !deviceKey,
    keyFile: values['key-file'] ?? path.join('data', 'terminal', 'device-key'),
    printer: values.printer ? parsePrinterUrl(values.printer, { type, width }) : undefined,
    variant: variantOf(values),
    journal: values.journal ?? path.join('data', 'terminal', `${keyId}.jsonl`),
    pollIntervalMs: poll,
  };
}

type Options = Exclude<ReturnType<typeof parseCli>, { help: true }>;

const recent = new RecentLog();
const log = (level: LogLevel, message: string, extra?: Record<string, unknown>) => {
  recent.add(level, message, extra);
  process.stderr.write(
    JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...(extra ?? {}) }) + '\n',
  );
};

/** The stored key, or a new one from pairing (the code and QR go to stdout for the person at the box). */
async function pairedKey(options: Options, store: KeyStore, signal: AbortSignal): Promise<string> {
  const stored = store.load();
  if (stored) return stored;
  const { deviceKey, device } = await pair({
    backend: options.backend,
    signal,
    onError: (error) => log('warn', 'Kopplung: Server nicht erreichbar', { error: String(error) }),
    onCode: (prompt) => {
      process.stdout.write(
        `\nKopplungscode: ${prompt.code}\n\nIm Backoffice unter Geräte das Gerät öffnen und den Code unter „Kopplungscode vom Terminal“ eingeben` +
          ` (gültig bis ${new Date(prompt.expiresAt).toLocaleTimeString('de-AT')}), oder den QR-Code scannen:\n${prompt.qrText}\n${prompt.url}\n`,
      );
      log('info', 'Warte auf Kopplung', { code: prompt.code });
    },
  });
  store.save(deviceKey);
  log('info', 'Gekoppelt', { device: device.identifier, type: device.type });
  process.stdout.write(`Gekoppelt mit ${device.name || device.identifier}.\n`);
  return deviceKey;
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const options = parsed;
  const store = new FileKeyStore(path.resolve(options.keyFile));
  const stopping = new AbortController();
  let terminal: Terminal | null = null;
  let revoked: () => void = () => undefined;

  const stop = (signal: string) => {
    if (stopping.signal.aborted) return;
    stopping.abort();
    log('info', `${signal}: beende nach dem laufenden Auftrag`);
    void (terminal?.stop() ?? Promise.resolve()).then(() => {
      log('info', 'beendet');
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  // With --pair: run until the key is refused (unpaired, device deleted), then pair again.
  while (!stopping.signal.aborted) {
    let deviceKey: string;
    try {
      deviceKey = options.pair ? await pairedKey(options, store, stopping.signal) : options.deviceKey!;
    } catch (error) {
      if (stopping.signal.aborted) return;
      throw error;
    }
    const refused = new Promise<void>((resolve) => (revoked = resolve));
    terminal = new Terminal({
      api: new DeviceClient(options.backend, deviceKey),
      journal: new JobJournal(path.resolve(options.journal)),
      printer: (settings) => new NetworkPrinter(settings),
      printerOverride: options.printer,
      variant: options.variant,
      pollIntervalMs: options.pollIntervalMs,
      log,
      recentLogs: () => recent.all(),
      onNotification: (n) => process.stdout.write(`Benachrichtigung: ${n.title} – ${n.body}\n`),
      onState: (state) => {
        log('info', state.text, { state: 'changed' });
        if (state.backend === 'unauthorized') revoked();
      },
    });
    try {
      await terminal.start();
    } catch (error) {
      log('error', (error as Error).message);
      process.exit(1);
    }
    log('info', 'Terminal läuft', { backend: options.backend, journal: options.journal });
    if (!options.pair) return;
    await Promise.race([refused, new Promise((r) => stopping.signal.addEventListener('abort', r))]);
    if (stopping.signal.aborted) return;
    log('warn', 'Geräteschlüssel ungültig: das Gerät wurde entkoppelt; neue Kopplung');
    await terminal.stop();
    terminal = null;
    store.clear();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) void main();
