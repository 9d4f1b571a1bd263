import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config-error.js';
import { readServingConfig, type ServingConfig } from './serving-config.js';
import { readPaymentsConfig, type PaymentsConfig } from './payments-config.js';

/** The typed, validated configuration of one backend process. Read once at boot by {@link loadConfig}. */
export interface AppConfig {
  /** TCP port of the HTTP server. */
  port: number;
  /** Interface the HTTP server binds to. */
  host: string;
  /** Folder of the embedded PostgreSQL (PGlite) data; unused when {@link databaseUrl} is set. */
  dataDir: string;
  /** PostgreSQL server to use instead of the embedded database. */
  databaseUrl?: string;
  /** Built web app (index.html and assets) served for every path outside the API. */
  webDist: string;
  /** Seed the demo business into an empty database on start. */
  seedDemo: boolean;
  /** Embedded database: fsync before a commit is acknowledged (survives a power cut). */
  dataFsync: boolean;
  /** Embedded database in a worker thread of its own, so that requests are answered while it works. */
  pgliteWorker: boolean;
  /** Embedded database: V8's optimising WebAssembly compiler too (faster reports, about 100 MB more memory). */
  pgliteOptimizingCompiler: boolean;
  /** DB_STATEMENT_COUNT_FILE: where the statements are counted (measurements only), or null. */
  statementCountFile: string | null;
  /** Public base URL of the site, used in links that leave the server (e-mails). */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** SMTP server for outgoing mail (`smtp://user:pass@host:port`); without it mails are written to the log. */
  smtpUrl?: string;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /**
   * Which X-Forwarded-* hops to believe (Express' `trust proxy`): `false` none, a number that many proxy
   * hops next to the server, or the proxies' addresses/subnets. Never "all": the client writes the
   * leftmost X-Forwarded-For entry itself.
   */
  trustProxy: false | number | string[];
  /** Folder of stored images and uploads (originals and prepared sizes). */
  mediaDir: string;
  /** Folder of the daily backup written by the running server; undefined: no daily backup. */
  backupDir?: string;
  /** Daily backups older than this many days are deleted (the newest always stays). */
  backupKeepDays: number;
  /** bcrypt cost factor of new password hashes (12 in production; tests may go lower). */
  bcryptCost: number;
  /** Run the durable-job worker in this process (a process without it only enqueues). */
  jobsWorker: boolean;
  /** How often an idle worker looks for due jobs, in ms (commits wake it at once anyway). */
  jobsPollIntervalMs: number;
  /** The SMS provider's endpoint (`POST` JSON, see README); without it no SMS is sent. */
  smsApiUrl?: string;
  /**
   * Country calling code for phone numbers written without one (`0664 …` → `+43 664 …`); null: the shop's
   * market profile decides (`DE` 49, `AT` 43).
   */
  smsCountryCode: string | null;
  /** CORS, public-write rate limits and their shared store (see serving-config.ts). */
  serving: ServingConfig;
  /** Payment providers' and voucher issuer's addresses (see payments-config.ts). */
  payments: PaymentsConfig;
  /** Geocoding APIs of the map providers (delivery areas by coordinates; docs/decisions/delivery.md). */
  geocoding: {
    /** Root of the MapTiler API (`…/geocoding/{query}.json` below it). */
    maptilerApiUrl: string;
    /** Root of the Mapbox API (`…/geocoding/v5/mapbox.places/{query}.json` below it). */
    mapboxApiUrl: string;
  };
  /** How many live event streams may be open (see events/event-stream.hub.ts). */
  eventStreams: {
    perAddress: number;
    perOrder: number;
    public: number;
    staff: number;
    perCredential: number;
  };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every environment variable the backend reads, with its default and meaning (the README table is this). */
export const ENV_DOC: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '3000', meaning: 'HTTP-Port (1-65535)' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Netzwerk-Schnittstelle des HTTP-Servers' },
  { name: 'DATA_DIR', default: './data', meaning: 'Ordner der eingebetteten Datenbank (PGlite)' },
  {
    name: 'DATA_FSYNC',
    default: 'true',
    meaning:
      'eingebettete Datenbank: jede bestätigte Bestellung vor der Antwort auf die Platte schreiben (übersteht einen Stromausfall); false nur für Tests',
  },
  {
    name: 'PGLITE_WORKER',
    default: 'true',
    meaning:
      'eingebettete Datenbank in einem eigenen Thread (Anfragen werden beantwortet, während sie arbeitet); false: im Haupt-Thread wie früher',
  },
  {
    name: 'PGLITE_OPTIMIZING_COMPILER',
    default: 'false',
    meaning:
      'eingebettete Datenbank: auch den optimierenden WebAssembly-Compiler verwenden (große Auswertungen rund ein Drittel schneller, rund 100 MB mehr Speicher); false: nur den Basis-Compiler',
  },
  { name: 'DATABASE_URL', default: '(leer)', meaning: 'PostgreSQL-Server statt eingebetteter Datenbank' },
  {
    name: 'DB_STATEMENT_COUNT_FILE',
    default: '(leer)',
    meaning: 'nur für Messungen: jede Datenbankanweisung in dieser JSON-Datei zählen (npm run bench:orders)',
  },
  { name: 'WEB_DIST', default: 'web/dist', meaning: 'gebaute Web-App' },
  { name: 'SEED_DEMO', default: 'true', meaning: 'Demo-Betrieb in eine leere Datenbank schreiben' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    meaning: 'öffentliche Adresse für Links in E-Mails',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace oder silent' },
  { name: 'SMTP_URL', default: '(leer)', meaning: 'SMTP-Server für E-Mails; leer: E-Mails nur ins Log' },
  { name: 'MAIL_FROM', default: 'bestellung@localhost', meaning: 'Absenderadresse' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'X-Forwarded-*-Kopfzeilen vertrauen: false, true (= 1 Proxy), Anzahl der Proxys oder ihre Adressen/Netze',
  },
  { name: 'MEDIA_DIR', default: 'DATA_DIR/media', meaning: 'Ordner der Bilder und Uploads' },
  {
    name: 'BACKUP_DIR',
    default: '(leer)',
    meaning:
      'Ordner für die tägliche Sicherung (Datenbank und Bilder, im laufenden Betrieb); leer: keine tägliche Sicherung',
  },
  {
    name: 'BACKUP_KEEP_DAYS',
    default: '14',
    meaning: 'tägliche Sicherungen so viele Tage aufbewahren (1-3650); die neueste bleibt immer',
  },
  { name: 'BCRYPT_COST', default: '12', meaning: 'bcrypt-Kostenfaktor neuer Passwort-Hashes (4-15)' },
  {
    name: 'JOBS_WORKER',
    default: 'true',
    meaning: 'Hintergrundaufträge (E-Mail, SMS) in diesem Prozess abarbeiten',
  },
  {
    name: 'JOBS_POLL_INTERVAL_MS',
    default: '2000',
    meaning: 'wie oft ein untätiger Worker nach fälligen Aufträgen sucht (100-600000 ms)',
  },
  {
    name: 'SMS_API_URL',
    default: '(leer)',
    meaning: 'Adresse des SMS-Anbieters (POST JSON); leer: keine SMS',
  },
  {
    name: 'SMS_COUNTRY_CODE',
    default: '(Markt des Shops)',
    meaning: 'Ländervorwahl für Telefonnummern ohne Vorwahl; leer: aus dem Markt (DE 49, AT 43)',
  },
  {
    name: 'CORS_ORIGINS',
    default: '—',
    meaning:
      'Andere Websites, die /api aufrufen dürfen (kommagetrennt, z. B. https://shop.example.at); sonst werden fremde Ursprünge abgewiesen',
  },
  {
    name: 'RATE_LIMIT_PUBLIC_WRITES',
    default: '30/60',
    meaning:
      'öffentliche Schreibzugriffe (Bestellung, Bewertung, Gegenangebot, Analyse, Anmeldelink) je Adresse: Anzahl/Sekunden (Analyse zählt getrennt)',
  },
  {
    name: 'EVENT_STREAMS_PER_ADDRESS',
    default: '20',
    meaning: 'offene Live-Verbindungen von Statusseiten je Adresse (1-10000)',
  },
  {
    name: 'EVENT_STREAMS_PER_ORDER',
    default: '5',
    meaning: 'offene Live-Verbindungen je Bestellung (1-1000)',
  },
  {
    name: 'EVENT_STREAMS_PUBLIC',
    default: '400',
    meaning:
      'offene Live-Verbindungen aller Statusseiten je Prozess (1-100000); mit EVENT_STREAMS_STAFF unter dem Dateigrenzwert (ulimit -n) halten',
  },
  {
    name: 'EVENT_STREAMS_STAFF',
    default: '100',
    meaning:
      'offene Live-Verbindungen von Personal, Geräten und Abholbildschirmen je Prozess (1-100000), getrennt von den Statusseiten',
  },
  {
    name: 'REDIS_URL',
    default: '—',
    meaning: 'Redis für gemeinsame Zähler der Ratenbegrenzung mehrerer Instanzen (redis://host:6379)',
  },
  // Payments (read by payments-config.ts).
  {
    name: 'MOLLIE_API_URL',
    default: 'https://api.mollie.com/v2/',
    meaning: 'Mollie Payments API v2 (https)',
  },
  {
    name: 'DATATRANS_API_URL',
    default: 'https://api.datatrans.com',
    meaning: 'Datatrans JSON-API (Testbetrieb: https://api.sandbox.datatrans.com)',
  },
  {
    name: 'MAPTILER_API_URL',
    default: 'https://api.maptiler.com',
    meaning:
      'MapTiler-API für die Geokodierung der Lieferadresse (mit dem Kartenschlüssel der Einstellungen)',
  },
  {
    name: 'MAPBOX_API_URL',
    default: 'https://api.mapbox.com',
    meaning: 'Mapbox-API für die Geokodierung, wenn der Kartenstil von Mapbox kommt',
  },
  {
    name: 'VOUCHER_API_URL',
    default: '(leer)',
    meaning: 'Prüfadresse des Gutschein-Ausstellers (mit VOUCHER_API_KEY); leer: Prüfung an der Kassa',
  },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'ja', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'nein', 'off'].includes(raw)) return false;
  throw new ConfigError(
    name,
    `Die Umgebungsvariable ${name} muss true oder false sein, nicht "${env[name]}".`,
  );
}

function readUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `Die Umgebungsvariable ${name} ist keine gültige URL: "${raw}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      name,
      `Die Umgebungsvariable ${name} muss mit ${protocols.map((p) => p + '//').join(' oder ')} beginnen, nicht "${url.protocol}//".`,
    );
  }
  return raw;
}

/**
 * Reads and validates the configuration from environment variables.
 * @throws ConfigError naming the first wrong variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const portRaw = env.PORT?.trim() || '3000';
  if (!/^\d+$/.test(portRaw) || Number(portRaw) < 1 || Number(portRaw) > 65535) {
    throw new ConfigError(
      'PORT',
      `Die Umgebungsvariable PORT muss eine ganze Zahl zwischen 1 und 65535 sein, nicht "${env.PORT}".`,
    );
  }
  const port = Number(portRaw);
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `Die Umgebungsvariable LOG_LEVEL muss einer von ${LOG_LEVELS.join(', ')} sein, nicht "${env.LOG_LEVEL}".`,
    );
  }
  const mailFrom = env.MAIL_FROM?.trim() || 'bestellung@localhost';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom) && !/<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom)) {
    throw new ConfigError(
      'MAIL_FROM',
      `Die Umgebungsvariable MAIL_FROM ist keine gültige E-Mail-Adresse: "${mailFrom}".`,
    );
  }
  const mediaDir = path.resolve(env.MEDIA_DIR?.trim() || path.join(env.DATA_DIR?.trim() || 'data', 'media'));
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || 'data'),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    webDist: path.resolve(env.WEB_DIST?.trim() || path.join(repoRoot, 'web/dist')),
    seedDemo: readBoolean(env, 'SEED_DEMO', true),
    dataFsync: readBoolean(env, 'DATA_FSYNC', true),
    pgliteWorker: readBoolean(env, 'PGLITE_WORKER', true),
    pgliteOptimizingCompiler: readBoolean(env, 'PGLITE_OPTIMIZING_COMPILER', false),
    statementCountFile: env.DB_STATEMENT_COUNT_FILE?.trim()
      ? path.resolve(env.DB_STATEMENT_COUNT_FILE.trim())
      : null,
    publicUrl: (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    logLevel,
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    trustProxy: readTrustProxy(env),
    mediaDir,
    ...readBackup(env, mediaDir),
    bcryptCost: readBcryptCost(env),
    ...readJobsAndSms(env),
    serving: readServingConfig(env),
    payments: readPaymentsConfig(env),
    geocoding: {
      maptilerApiUrl: (
        readUrl(env, 'MAPTILER_API_URL', ['http:', 'https:']) ?? 'https://api.maptiler.com'
      ).replace(/\/+$/, ''),
      mapboxApiUrl: (readUrl(env, 'MAPBOX_API_URL', ['http:', 'https:']) ?? 'https://api.mapbox.com').replace(
        /\/+$/,
        '',
      ),
    },
    eventStreams: {
      perAddress: readCount(env, 'EVENT_STREAMS_PER_ADDRESS', 20, 10_000),
      perOrder: readCount(env, 'EVENT_STREAMS_PER_ORDER', 5, 1_000),
      public: readCount(env, 'EVENT_STREAMS_PUBLIC', 400, 100_000),
      staff: readCount(env, 'EVENT_STREAMS_STAFF', 100, 100_000),
      perCredential: 10,
    },
  };
}

/** A whole number from 1 to `max`, or `fallback` when the variable is unset. */
function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim() || String(fallback);
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new ConfigError(
      name,
      `Die Umgebungsvariable ${name} muss eine ganze Zahl zwischen 1 und ${max} sein, nicht "${env[name]}".`,
    );
  }
  return Number(raw);
}

/** BACKUP_DIR (never inside MEDIA_DIR: each backup would carry the ones before it) and BACKUP_KEEP_DAYS. */
function readBackup(
  env: NodeJS.ProcessEnv,
  mediaDir: string,
): Pick<AppConfig, 'backupDir' | 'backupKeepDays'> {
  const raw = env.BACKUP_DIR?.trim();
  const backupDir = raw ? path.resolve(raw) : undefined;
  if (backupDir && (backupDir === mediaDir || backupDir.startsWith(mediaDir + path.sep))) {
    throw new ConfigError(
      'BACKUP_DIR',
      `Die Umgebungsvariable BACKUP_DIR darf nicht im Ordner MEDIA_DIR (${mediaDir}) liegen, sonst enthielte jede Sicherung die vorigen.`,
    );
  }
  return { backupDir, backupKeepDays: readCount(env, 'BACKUP_KEEP_DAYS', 14, 3650) };
}

/** The job worker and SMS settings (JOBS_WORKER, JOBS_POLL_INTERVAL_MS, SMS_API_URL, SMS_COUNTRY_CODE). */
function readJobsAndSms(
  env: NodeJS.ProcessEnv,
): Pick<AppConfig, 'jobsWorker' | 'jobsPollIntervalMs' | 'smsApiUrl' | 'smsCountryCode'> {
  const pollRaw = env.JOBS_POLL_INTERVAL_MS?.trim() || '2000';
  if (!/^\d+$/.test(pollRaw) || Number(pollRaw) < 100 || Number(pollRaw) > 600_000) {
    throw new ConfigError(
      'JOBS_POLL_INTERVAL_MS',
      `Die Umgebungsvariable JOBS_POLL_INTERVAL_MS muss eine ganze Zahl zwischen 100 und 600000 sein, nicht "${env.JOBS_POLL_INTERVAL_MS}".`,
    );
  }
  const countryCode = (env.SMS_COUNTRY_CODE?.trim() ?? '').replace(/^\+/, '');
  if (countryCode !== '' && !/^[1-9]\d{0,2}$/.test(countryCode)) {
    throw new ConfigError(
      'SMS_COUNTRY_CODE',
      `Die Umgebungsvariable SMS_COUNTRY_CODE muss eine Ländervorwahl aus 1 bis 3 Ziffern sein (z. B. 43), nicht "${env.SMS_COUNTRY_CODE}".`,
    );
  }
  return {
    jobsWorker: readBoolean(env, 'JOBS_WORKER', true),
    jobsPollIntervalMs: Number(pollRaw),
    smsApiUrl: readUrl(env, 'SMS_API_URL', ['http:', 'https:']),
    smsCountryCode: countryCode || null,
  };
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `false`, `true` (one proxy hop), a hop count, or a comma-separated list of addresses, subnets and named ranges. */
function readTrustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim().toLowerCase() ?? '';
  const wrong = () =>
    new ConfigError(
      'TRUST_PROXY',
      `Die Umgebungsvariable TRUST_PROXY muss true, false, eine Anzahl von Proxys (0-10) oder eine Liste von Adressen sein, nicht "${env.TRUST_PROXY}".`,
    );
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 10) throw wrong();
    return Number(raw) === 0 ? false : Number(raw);
  }
  // true means "one proxy in front of us", never "believe every hop" (the client writes the first one).
  if (['true', 'yes', 'ja', 'on'].includes(raw)) return 1;
  if (['', 'false', 'no', 'nein', 'off'].includes(raw)) return false;
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address!);
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(NAMED_RANGES.has(entry) || (family !== 0 && validBits && rest.length === 0))) throw wrong();
  }
  return entries;
}

function readBcryptCost(env: NodeJS.ProcessEnv): number {
  const raw = env.BCRYPT_COST?.trim() || '12';
  if (!/^\d+$/.test(raw) || Number(raw) < 4 || Number(raw) > 15) {
    throw new ConfigError(
      'BCRYPT_COST',
      `Die Umgebungsvariable BCRYPT_COST muss eine ganze Zahl zwischen 4 und 15 sein, nicht "${env.BCRYPT_COST}".`,
    );
  }
  return Number(raw);
}

/** The database URL with its password masked, for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(ungültige URL)';
  }
}
