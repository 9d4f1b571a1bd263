// Pairing a terminal with a device of the back office (docs/decisions/terminal.md), the same in Electron
// and headless: open a pairing, show the code and a QR, poll with the secret until an administrator entered
// the code, keep the device key in a KeyStore. No Electron import: the key's storage is an interface
// (Electron: safeStorage, headless: a file only the owner can read).
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { HttpError, sleep } from './device-client.js';

/** Where the device key lives between starts. */
export interface KeyStore {
  load(): string | null;
  save(key: string): void;
  clear(): void;
}

/** Headless: the key in a file with mode 0600 (written atomically). */
export class FileKeyStore implements KeyStore {
  constructor(readonly file: string) {}
  load(): string | null {
    try {
      return readFileSync(this.file, 'utf8').trim() || null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  save(key: string): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, key + '\n', { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }
  clear(): void {
    rmSync(this.file, { force: true });
  }
}

/** What Electron's `safeStorage` offers (passed in by main.ts; tests pass a fake). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** Electron: the key encrypted by the operating system's keychain (safeStorage), in a 0600 file. */
export class SafeStorageKeyStore implements KeyStore {
  constructor(
    private readonly safeStorage: SafeStorageLike,
    readonly file: string,
  ) {}
  load(): string | null {
    let data: Buffer;
    try {
      data = readFileSync(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return this.safeStorage.decryptString(data) || null;
    } catch {
      return null; // another machine's or user's keychain: pair again
    }
  }
  save(key: string): void {
    if (!this.safeStorage.isEncryptionAvailable())
      throw new Error(
        'Der Schlüsselbund des Systems ist nicht verfügbar; der Geräteschlüssel kann nicht sicher gespeichert werden.',
      );
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, this.safeStorage.encryptString(key), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
  clear(): void {
    rmSync(this.file, { force: true });
  }
}

export interface PairedDevice {
  id: number;
  identifier: string;
  name: string;
  type: string;
  branch: { id: number; identifier?: string } | null;
  /** A signage device: the identifier of the TV whose web player it shows (docs/decisions/signage.md). */
  tv?: string | null;
}

/** What the terminal shows while it waits. */
export interface PairingPrompt {
  /** `K7QM-4TZP`. */
  code: string;
  /** The back office's devices screen with the code filled in (the QR's content). */
  url: string;
  expiresAt: string;
  /** The QR as SVG (Electron's pairing screen). */
  qrSvg: string;
  /** The QR as text blocks (a console). */
  qrText: string;
}

export interface PairOptions {
  backend: string;
  /** Called with each new code (a code expires after 10 minutes; then a new one is shown). */
  onCode: (prompt: PairingPrompt) => void;
  signal?: AbortSignal;
  pollMs?: number;
  fetch?: typeof fetch;
  /** Why a round failed (network, rate limit). */
  onError?: (error: unknown) => void;
}

/** The page an administrator's phone opens from the QR. */
export const pairingUrl = (backend: string, code: string) =>
  new URL(`/backend/devices?pair=${encodeURIComponent(code)}`, backend).href;

async function call<T>(f: typeof fetch, url: URL, init: RequestInit): Promise<T> {
  const res = await f(url, { ...init, signal: init.signal ?? AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (!res.ok)
    throw new HttpError(
      res.status,
      `${init.method ?? 'GET'} ${url.pathname}: ${res.status} ${text.slice(0, 200)}`,
    );
  return JSON.parse(text).data as T;
}

/**
 * Pairs this terminal: shows a code (and a new one when it expires), waits for an administrator, returns
 * the device key and the device. Network errors are waited out.
 * @throws when `signal` aborts.
 */
export async function pair(options: PairOptions): Promise<{ deviceKey: string; device: PairedDevice }> {
  const f = options.fetch ?? globalThis.fetch;
  const pollMs = options.pollMs ?? 2000;
  for (;;) {
    options.signal?.throwIfAborted();
    let opened: { code: string; secret: string; expiresAt: string };
    try {
      opened = await call(f, new URL('/api/devices/pairing', options.backend), { method: 'POST' });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      options.onError?.(error);
      await sleep(error instanceof HttpError && error.status === 429 ? 30_000 : pollMs * 2, options.signal);
      continue;
    }
    const url = pairingUrl(options.backend, opened.code);
    options.onCode({
      code: opened.code,
      url,
      expiresAt: opened.expiresAt,
      qrSvg: await QRCode.toString(url, { type: 'svg', margin: 1 }),
      qrText: await QRCode.toString(url, { type: 'utf8', margin: 2 }),
    });
    for (;;) {
      await sleep(pollMs, options.signal);
      options.signal?.throwIfAborted();
      try {
        const state = await call<
          { status: 'waiting' } | { status: 'paired'; deviceKey: string; device: PairedDevice }
        >(f, new URL(`/api/devices/pairing/${encodeURIComponent(opened.code)}`, options.backend), {
          headers: { authorization: `Bearer ${opened.secret}`, accept: 'application/json' },
        });
        if (state.status === 'paired') return { deviceKey: state.deviceKey, device: state.device };
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) break; // expired: a new code
        options.onError?.(error); // network trouble: keep polling
      }
    }
  }
}
