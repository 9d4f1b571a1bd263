// Where the shell points and how it behaves, resolved once at start from the environment and an
// optional JSON file. Pure apart from the injected file reader, so it is tested without Electron.

export const DEFAULT_URL = 'http://localhost:3000';
export const CONFIG_FILE_NAME = 'config.json';

export interface DesktopConfig {
  /** The page the window opens, normalised (`http://localhost:3000/`). */
  url: string;
  /** The only origin the window may show; everything else opens outside or is refused. */
  origin: string;
  /** Locked-down full-screen kiosk: no system browser, no leaving the shop. */
  kiosk: boolean;
  /** scrypt hash of the administrator's PIN that leaves a kiosk (`npm run kiosk-pin -w desktop`). */
  adminPinHash: string | null;
  /** Auto-update feed (electron-updater's generic provider), e.g. `https://updates.example/desktop`. */
  updateUrl: string | null;
  /** `tcp://host:port`: the receipt printer instead of the one in the device's settings. */
  printer: string | null;
}

/** A bad setting; the message is one German sentence naming the variable or file, shown to the user. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface ConfigFileContent {
  url?: unknown;
  kiosk?: unknown;
  adminPinHash?: unknown;
  updateUrl?: unknown;
  printer?: unknown;
}

/** Parses the config file; a missing file is `undefined`, a broken one a ConfigError. */
export function parseConfigFile(text: string | undefined, fileName: string): ConfigFileContent | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`Die Konfigurationsdatei ${fileName} enthält kein gültiges JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`Die Konfigurationsdatei ${fileName} muss ein JSON-Objekt enthalten.`);
  }
  return value as ConfigFileContent;
}

/** Precedence: environment (ORDERING_URL, ORDERING_KIOSK) over the file over the defaults. */
export function resolveConfig(
  env: Env,
  file?: ConfigFileContent,
  fileName = CONFIG_FILE_NAME,
): DesktopConfig {
  const url =
    env.ORDERING_URL !== undefined && env.ORDERING_URL.trim() !== ''
      ? parseUrl(env.ORDERING_URL, 'ORDERING_URL')
      : file?.url !== undefined
        ? parseUrl(file.url, `"url" in ${fileName}`)
        : new URL(DEFAULT_URL);

  const kiosk =
    env.ORDERING_KIOSK !== undefined && env.ORDERING_KIOSK.trim() !== ''
      ? parseFlag(env.ORDERING_KIOSK, 'ORDERING_KIOSK')
      : file?.kiosk !== undefined
        ? parseFlag(file.kiosk, `"kiosk" in ${fileName}`)
        : false;

  const text = (envName: string, key: 'adminPinHash' | 'updateUrl' | 'printer') => {
    const fromEnv = env[envName]?.trim();
    if (fromEnv) return fromEnv;
    const value = file?.[key];
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string')
      throw new ConfigError(
        `"${key}" in ${fileName} muss ein Text sein (erhalten: ${JSON.stringify(value)}).`,
      );
    return value.trim();
  };
  const adminPinHash = text('ORDERING_ADMIN_PIN_HASH', 'adminPinHash');
  if (adminPinHash && !/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/.test(adminPinHash))
    throw new ConfigError(
      'Die Admin-PIN muss als Hash angegeben werden (npm run kiosk-pin -w desktop -- <PIN> gibt ihn aus).',
    );
  const updateUrl = text('ORDERING_UPDATE_URL', 'updateUrl');
  if (updateUrl) parseUrl(updateUrl, 'ORDERING_UPDATE_URL');
  const printer = text('ORDERING_PRINTER', 'printer');
  if (printer && !/^tcp:\/\/[^/:]+(:\d{1,5})?\/?$/i.test(printer))
    throw new ConfigError(
      `ORDERING_PRINTER muss tcp://host:port sein (erhalten: ${JSON.stringify(printer)}).`,
    );
  return { url: url.href, origin: url.origin, kiosk, adminPinHash, updateUrl, printer };
}

export interface LoadConfigOptions {
  env: Env;
  /** Used when ORDERING_CONFIG is not set: `config.json` in the app's user-data folder. */
  defaultConfigPath: string;
  /** Returns the file's text, or undefined when it does not exist. */
  readFile: (path: string) => string | undefined;
}

export function loadConfig({ env, defaultConfigPath, readFile }: LoadConfigOptions): DesktopConfig {
  const explicit = env.ORDERING_CONFIG?.trim();
  const path = explicit || defaultConfigPath;
  const text = readFile(path);
  if (explicit && text === undefined) {
    throw new ConfigError(`ORDERING_CONFIG nennt die Datei ${path}, die es nicht gibt.`);
  }
  return resolveConfig(env, parseConfigFile(text, path), path);
}

function parseUrl(value: unknown, name: string): URL {
  const text = typeof value === 'string' ? value.trim() : '';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new ConfigError(
      `${name} muss eine http- oder https-Adresse ohne Zugangsdaten sein, z. B. ${DEFAULT_URL} (erhalten: ${JSON.stringify(value)}).`,
    );
  }
  return url;
}

function parseFlag(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['1', 'true', 'yes', 'ja', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'nein', 'off'].includes(text)) return false;
  throw new ConfigError(`${name} muss true oder false sein (erhalten: ${JSON.stringify(value)}).`);
}
