import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheNameOf, fetchSignageTv, SignageCache } from './signage.js';

describe(SignageCache.name, () => {
  let server: Server;
  let backend: string;
  let dir: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url!);
      if (req.url!.includes('fehlt')) return res.writeHead(404).end();
      res.writeHead(200).end(`Inhalt von ${req.url}`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    backend = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'signage-'));
    requests.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('downloads each file once, plays in the stream’s order, keeps the playlist for an offline start', async () => {
    const cache = new SignageCache(dir);
    const segments = [
      { id: 2, type: 'video' as const, url: '/upload/abc/7-1.mp4', duration: null },
      { id: 1, type: 'image' as const, url: '/image/3-1.png', duration: 8 },
      { id: 2, type: 'video' as const, url: '/upload/abc/7-1.mp4', duration: null },
      { id: 9, type: 'image' as const, url: '/image/fehlt-1.png', duration: 5 },
    ];
    const playlist = await cache.sync(backend, segments, true);
    expect(playlist.items).toEqual([
      {
        id: 2,
        type: 'video',
        src: `app://shell/cache/${cacheNameOf('/upload/abc/7-1.mp4')}`,
        durationMs: null,
      },
      { id: 1, type: 'image', src: `app://shell/cache/${cacheNameOf('/image/3-1.png')}`, durationMs: 8000 },
      {
        id: 2,
        type: 'video',
        src: `app://shell/cache/${cacheNameOf('/upload/abc/7-1.mp4')}`,
        durationMs: null,
      },
    ]);
    expect(requests.sort()).toEqual(['/image/3-1.png', '/image/fehlt-1.png', '/upload/abc/7-1.mp4']);
    expect(cacheNameOf('/image/3-1.png')).toMatch(/^[0-9a-f]{24}\.png$/);

    // Again: nothing downloaded twice; a new version replaces the old file.
    requests.length = 0;
    const again = await cache.sync(
      backend,
      [{ id: 1, type: 'image', url: '/image/3-2.png', duration: null }],
      false,
    );
    expect(requests).toEqual(['/image/3-2.png']);
    expect(again).toEqual({ loop: false, items: [expect.objectContaining({ durationMs: 10_000 })] });
    expect(readdirSync(dir).sort()).toEqual([cacheNameOf('/image/3-2.png'), 'playlist.json'].sort());
    expect(new SignageCache(dir).stored()).toEqual(again);
    expect(existsSync(path.join(dir, cacheNameOf('/upload/abc/7-1.mp4')))).toBe(false);
  });
});

describe(fetchSignageTv.name, () => {
  const answering = (status: number, body: unknown, seen: Array<{ url: string; auth: string | null }> = []) =>
    (async (url: URL, init?: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;

  it('answers the identifier of the TV the device shows, asked with its key', async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    const fetchFn = answering(
      200,
      { data: { tv: { id: 3, identifier: 'schaufenster', name: 'S' }, segments: [] } },
      seen,
    );
    await expect(fetchSignageTv('http://shop', 'dk_1', fetchFn)).resolves.toBe('schaufenster');
    expect(seen).toEqual([{ url: 'http://shop/api/devices/me/signage', auth: 'Bearer dk_1' }]);
  });

  it('answers null when no TV is set', async () => {
    await expect(
      fetchSignageTv('http://shop', 'dk', answering(200, { data: { tv: null } })),
    ).resolves.toBeNull();
  });

  it('throws when the backend refuses, so the shell keeps the TV of its last start', async () => {
    await expect(fetchSignageTv('http://shop', 'dk', answering(503, {}))).rejects.toThrow('503');
  });
});
