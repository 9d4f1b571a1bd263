import type { SignageScreenCapture } from '@ordering/common';
import { type MediaCache, SIGNAGE_TEXTS, SignagePlayerStore } from './SignagePlayerStore';

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

describe(SignagePlayerStore.name, () => {
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
