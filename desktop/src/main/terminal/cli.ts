// `npm run terminal -- --backend <url> --device-key <key> [--printer tcp://host:port]`: the terminal's
// print loop without Electron, for a box without a screen that only prints, and for tests.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DeviceClient } from './device-client.js';
import { JobJournal } from './journal.js';
import { NetworkPrinter } from './printer.js';
import { Terminal, type LogLevel } from './terminal.js';
import { parsePrinterUrl } from './types.js';

const USAGE = `Aufruf: npm run terminal -- --backend <url> --device-key <schlüssel> [Optionen]

  --backend <url>          Adresse des Servers, z. B. http://localhost:3000
  --device-key <schlüssel> API-Schlüssel des Geräts (oder TERMINAL_DEVICE_KEY)
  --printer tcp://host:port  Drucker statt dem aus den Geräteeinstellungen
  --printer-type epson|star  Befehlssatz des Druckers (mit --printer; Standard epson)
  --width <zeichen>        Zeichen pro Zeile (mit --printer; Standard 48)
  --kitchen                Küchenbon ohne Preise statt Kundenbeleg
  --journal <datei>        Auftragsjournal (Standard: ./data/terminal/<gerät>.jsonl)
  --poll <ms>              Abfrageintervall ohne Ereignis (Standard 5000)`;

export function parseCli(argv: string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      backend: { type: 'string' },
      'device-key': { type: 'string' },
      printer: { type: 'string' },
      'printer-type': { type: 'string' },
      width: { type: 'string' },
      kitchen: { type: 'boolean' },
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
  if (!deviceKey) throw new Error('--device-key <schlüssel> fehlt');
  const type = values['printer-type'] ?? 'epson';
  if (type !== 'epson' && type !== 'star') throw new Error('--printer-type muss epson oder star sein');
  const width = values.width ? Number(values.width) : 48;
  if (!Number.isInteger(width) || width < 24 || width > 64) throw new Error('--width muss 24 bis 64 sein');
  const poll = values.poll ? Number(values.poll) : 5000;
  if (!Number.isInteger(poll) || poll < 50) throw new Error('--poll muss mindestens 50 (ms) sein');
  const keyId = createHash('sha256').update(deviceKey).digest('hex').slice(0, 12);
  return {
    help: false as const,
    backend,
    deviceKey,
    printer: values.printer ? parsePrinterUrl(values.printer, { type, width }) : undefined,
    variant: values.kitchen ? ('kitchen' as const) : ('receipt' as const),
    journal: values.journal ?? path.join('data', 'terminal', `${keyId}.jsonl`),
    pollIntervalMs: poll,
  };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const log = (level: LogLevel, message: string, extra?: Record<string, unknown>) =>
    process.stderr.write(
      JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...(extra ?? {}) }) + '\n',
    );
  const terminal = new Terminal({
    api: new DeviceClient(options.backend, options.deviceKey),
    journal: new JobJournal(path.resolve(options.journal)),
    printer: (settings) => new NetworkPrinter(settings),
    printerOverride: options.printer,
    variant: options.variant,
    pollIntervalMs: options.pollIntervalMs,
    log,
    onState: (state) => log('info', state.text, { state: 'changed' }),
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', `${signal}: beende nach dem laufenden Auftrag`);
    void terminal.stop().then(() => {
      log('info', 'beendet');
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  try {
    await terminal.start();
  } catch (error) {
    log('error', (error as Error).message);
    process.exit(1);
  }
  log('info', 'Terminal läuft', { backend: options.backend, journal: options.journal });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) void main();
