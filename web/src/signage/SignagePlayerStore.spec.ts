import { jest } from '@jest/globals';
import type { SignageManifest, SignageManifestSegment, SignageScreenCapture } from '@ordering/common';
import { FADE_WAIT_MS, type MediaCache, SIGNAGE_TEXTS, SignagePlayerStore } from './SignagePlayerStore';

const media: MediaCache = {
  list: async () => [],
  download: async () => undefined,
  open: async () => null,
  close: () => undefined,
  remove: async () => undefined,
};

/** A player whose fetch answers the heartbeat with `wanted` and records every request. */
function setup(wanted: boolean, capture?: () => Promise<SignageScreenCapture>, screenshotStatus = 200) {
  const requests: Array<{ url: string; body: unknown }> = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (url.endsWith('/heartbeat'))
      return new Response(
        JSON.stringify({ data: { lastSeenAt: '2026-11-27T10:00:00.000Z', screenshotWanted: wanted } }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    return new Response(JSON.stringify({ data: {} }), { status: screenshotStatus });
  }) as typeof globalThis.fetch;
  const store = new SignagePlayerStore({
    identifier: 'tv-1',
    playerKey: 'k'.repeat(48),
    now: () => Date.parse('2026-11-27T10:00:00Z'),
    fetch,
    media,
    storage: { getItem: () => null, setItem: () => undefined },
    capture,
  });
  return { store, requests };
}

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const shot = async (): Promise<SignageScreenCapture> => ({
  ok: true,
  type: 'image/jpeg',
  bytes: jpeg,
  width: 1280,
  height: 720,
});

/** Three pictures on a looping stream, every file in the cache. */
function playing() {
  const picture = (position: number): SignageManifestSegment => ({
    id: position + 1,
    position,
    type: 'image',
    name: `Bild ${position + 1}`,
    url: `/media/${position + 1}.png`,
    duration: 3,
    validFrom: null,
    validUntil: null,
    hash: `h${position}`,
  });
  const clock = { now: Date.parse('2026-11-27T10:00:00Z') };
  const store = new SignagePlayerStore({
    identifier: 'tv-1',
    playerKey: 'k'.repeat(48),
    now: () => clock.now,
    fetch: (async () => new Response(null, { status: 304 })) as typeof globalThis.fetch,
    media: { ...media, open: async (url) => `blob:${url}` },
    storage: { getItem: () => null, setItem: () => undefined },
  });
  const manifest: SignageManifest = {
    tv: { identifier: 'tv-1', name: 'Schaufenster', orientation: 'landscape', width: 1920, height: 1080 },
    stream: { id: 1, name: 'Schaufenster' },
    loop: true,
    segments: [picture(0), picture(1), picture(2)],
    version: 'v1',
  };
  store.manifest = manifest;
  for (const s of manifest.segments) store.cached.add(s.url);
  return { store, clock };
}
const names = (store: SignagePlayerStore) => store.layers.map((l) => l?.segment.name ?? null);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(SignagePlayerStore.name, () => {
  describe('cross-fade', () => {
    it('replaces the picture below only once the browser has ended the fade-in over it', async () => {
      const { store, clock } = playing();
      await store.advance();
      store.ready(store.layers[1]!.id);
      store.faded(store.layers[1]!.id);
      await store.advance();
      clock.now += 3_000;
      store.ready(store.layers[0]!.id);
      // Bild 2 fades in over Bild 1: the next one must not take Bild 1's layer before the fade has ended.
      expect(store.front).toBe(0);
      expect(names(store)).toEqual(['Bild 2', 'Bild 1']);
      const next = store.advance();
      await settle();
      expect(names(store)).toEqual(['Bild 2', 'Bild 1']);
      store.faded(store.layers[1]!.id); // the leaving layer's word does not count
      await settle();
      expect(names(store)).toEqual(['Bild 2', 'Bild 1']);
      store.faded(store.layers[0]!.id);
      await next;
      expect(names(store)).toEqual(['Bild 2', 'Bild 3']);
      store.stop();
    });

    it('gives up waiting for a fade the browser never reports after FADE_WAIT_MS', async () => {
      jest.useFakeTimers();
      try {
        const { store } = playing();
        await store.advance();
        store.ready(store.layers[1]!.id);
        const waiting = store.advance();
        await jest.advanceTimersByTimeAsync(FADE_WAIT_MS - 1);
        expect(names(store)).toEqual([null, 'Bild 1']);
        await jest.advanceTimersByTimeAsync(1);
        await waiting;
        expect(names(store)).toEqual(['Bild 2', 'Bild 1']);
        store.stop();
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('heartbeat', () => {
    it('says it can take screenshots only when the shell lends it a camera', async () => {
      const inShell = setup(false, shot);
      await inShell.store.heartbeat();
      expect(inShell.requests[0]!.body).toMatchObject({ capabilities: ['screenshot'] });
      const inBrowser = setup(false);
      await inBrowser.store.heartbeat();
      expect(inBrowser.requests[0]!.body).toMatchObject({ capabilities: [] });
    });

    it("uploads the shell's screenshot as a data URL when the answer asks for one", async () => {
      const { store, requests } = setup(true, shot);
      await store.heartbeat();
      expect(requests.map((r) => r.url)).toEqual([
        `/api/signage/tv-1/${'k'.repeat(48)}/heartbeat`,
        `/api/signage/tv-1/${'k'.repeat(48)}/screenshot`,
      ]);
      expect(requests[1]!.body).toEqual({
        data: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`,
      });
    });

    it('takes none when not asked, and none without the shell', async () => {
      let captured = 0;
      await setup(false, () => {
        captured += 1;
        return shot();
      }).store.heartbeat();
      expect(captured).toBe(0);
      const { store, requests } = setup(true);
      await store.heartbeat();
      expect(requests).toHaveLength(1);
    });

    it('reports a failed capture or a refused upload in its errors', async () => {
      const failing = setup(true, async () => ({
        ok: false,
        message: 'Kein Fenster zum Fotografieren geöffnet.',
      }));
      await failing.store.heartbeat();
      expect(failing.requests).toHaveLength(1);
      expect(failing.store.errors.map((e) => e.message)).toEqual([
        'Kein Fenster zum Fotografieren geöffnet.',
      ]);
      const refused = setup(true, shot, 400);
      await refused.store.heartbeat();
      expect(refused.store.errors.map((e) => e.message)).toEqual([SIGNAGE_TEXTS.screenshotRefused(400)]);
    });
  });
});
