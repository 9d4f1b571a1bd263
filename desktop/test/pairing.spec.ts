import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  FileKeyStore,
  pair,
  pairingUrl,
  SafeStorageKeyStore,
  type PairingPrompt,
  type SafeStorageLike,
} from '../src/main/terminal/pairing.js';

describe('device key stores', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'keys-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('headless: a file only the owner reads (0600), written atomically, cleared on unpairing', () => {
    const store = new FileKeyStore(path.join(dir, 'sub', 'device-key'));
    expect(store.load()).toBeNull();
    store.save('abc123');
    expect(store.load()).toBe('abc123');
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    store.clear();
    expect(store.load()).toBeNull();
  });

  it('Electron: encrypted by the system keychain (safeStorage); unreadable data means "pair again"', () => {
    const fake: SafeStorageLike & { available: boolean } = {
      available: true,
      isEncryptionAvailable() {
        return this.available;
      },
      encryptString: (s) => Buffer.from([...Buffer.from(s)].map((b) => b ^ 0x5a)),
      decryptString: (b) => {
        if (b[0] === 0) throw new Error('anderer Schlüsselbund');
        return Buffer.from([...b].map((x) => x ^ 0x5a)).toString();
      },
    };
    const store = new SafeStorageKeyStore(fake, path.join(dir, 'device-key.bin'));
    store.save('geheim');
    expect(readFileSync(store.file).toString()).not.toContain('geheim');
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(store.load()).toBe('geheim');
    writeFileSync(store.file, Buffer.from([0, 1, 2]));
    expect(store.load()).toBeNull();
    fake.available = false;
    expect(() => store.save('x')).toThrow('Schlüsselbund');
  });
});

describe('pair()', () => {
  it('shows a code with a QR of the back office link, a new code when it expires, and returns the key', async () => {
    const calls: string[] = [];
    let opened = 0;
    let polls = 0;
    const fetchFake = (async (input: URL, init?: RequestInit) => {
      calls.push(
        `${init?.method ?? 'GET'} ${input.pathname} ${new Headers(init?.headers).get('authorization') ?? ''}`,
      );
      const json = (status: number, data: unknown) =>
        new Response(JSON.stringify(status < 400 ? { data } : { errors: [{ message: 'x' }] }), { status });
      if (init?.method === 'POST') {
        opened++;
        return json(201, {
          code: `ABCD-EFG${opened + 1}`,
          secret: `s${opened}`,
          expiresAt: '2026-11-20T10:10:00Z',
        });
      }
      polls++;
      if (opened === 1) return json(404, null); // the first code expired
      if (polls < 4) return json(200, { status: 'waiting' });
      return json(200, {
        status: 'paired',
        deviceKey: 'k'.repeat(48),
        device: { id: 3, identifier: 'kassa', name: 'Kassa', type: 'frontdesk', branch: { id: 1 } },
      });
    }) as unknown as typeof fetch;
    const prompts: PairingPrompt[] = [];
    const result = await pair({
      backend: 'http://shop.example',
      fetch: fetchFake,
      pollMs: 5,
      onCode: (p) => prompts.push(p),
    });
    expect(result).toMatchObject({ deviceKey: 'k'.repeat(48), device: { id: 3, type: 'frontdesk' } });
    expect(prompts.map((p) => p.code)).toEqual(['ABCD-EFG2', 'ABCD-EFG3']);
    expect(prompts[1]!.url).toBe(pairingUrl('http://shop.example', 'ABCD-EFG3'));
    expect(prompts[1]!.url).toBe('http://shop.example/backend/devices?pair=ABCD-EFG3');
    expect(prompts[1]!.qrSvg).toMatch(/^<svg/);
    expect(prompts[1]!.qrText.length).toBeGreaterThan(100);
    // Polls carry the secret of their own pairing.
    expect(calls.filter((c) => c.startsWith('GET')).at(-1)).toBe(
      'GET /api/devices/pairing/ABCD-EFG3 Bearer s2',
    );
  });

  it('stops when the signal aborts', async () => {
    const abort = new AbortController();
    const fetchFake = (async () => {
      abort.abort();
      return new Response('{}', { status: 503 });
    }) as unknown as typeof fetch;
    await expect(
      pair({ backend: 'http://x', fetch: fetchFake, signal: abort.signal, onCode: () => undefined }),
    ).rejects.toThrow();
  });
});
