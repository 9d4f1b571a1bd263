import type { DesktopConfig } from './config.js';
import { createIpcHandlers } from './handlers.js';

const config: DesktopConfig = {
  url: 'http://localhost:3000/',
  origin: 'http://localhost:3000',
  kiosk: false,
  adminPinHash: null,
  updateUrl: null,
  printer: null,
};

function setup(overrides: Partial<DesktopConfig> = {}) {
  const opened: string[] = [];
  const handlers = createIpcHandlers({
    config: { ...config, ...overrides },
    version: '0.1.0',
    platform: 'linux',
    openExternal: async (url) => {
      opened.push(url);
    },
  });
  return { handlers, opened };
}

describe(createIpcHandlers.name, () => {
  describe('app:get-info', () => {
    it('describes the shell', async () => {
      const { handlers } = setup({ kiosk: true });
      await expect(Promise.resolve(handlers['app:get-info']())).resolves.toEqual({
        version: '0.1.0',
        platform: 'linux',
        origin: 'http://localhost:3000',
        kiosk: true,
      });
    });
  });

  describe('app:open-external', () => {
    it.each(['https://www.google.com/maps?q=Wien', 'mailto:info@example.at', 'tel:+43123456'])(
      'opens %s',
      async (url) => {
        const { handlers, opened } = setup();
        await expect(handlers['app:open-external'](url)).resolves.toBe(true);
        expect(opened).toEqual([new URL(url).href]);
      },
    );

    it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'kaputt'])(
      'refuses %s',
      async (url) => {
        const { handlers, opened } = setup();
        await expect(handlers['app:open-external'](url)).resolves.toBe(false);
        expect(opened).toEqual([]);
      },
    );

    it('refuses a non-string argument sent by a page', async () => {
      const { handlers, opened } = setup();
      const openExternal = handlers['app:open-external'] as (url: unknown) => Promise<boolean>;
      await expect(openExternal({ toString: () => 'https://x.example' })).resolves.toBe(false);
      expect(opened).toEqual([]);
    });

    it('refuses everything in kiosk mode', async () => {
      const { handlers, opened } = setup({ kiosk: true });
      await expect(handlers['app:open-external']('https://example.com/')).resolves.toBe(false);
      expect(opened).toEqual([]);
    });
  });

  describe('signage:capture-screen', () => {
    it("answers the signage window's picture", async () => {
      const shot = {
        ok: true as const,
        type: 'image/jpeg' as const,
        bytes: new Uint8Array([0xff, 0xd8, 0xff]),
        width: 4,
        height: 3,
      };
      const handlers = createIpcHandlers({
        config,
        version: '0.1.0',
        platform: 'linux',
        openExternal: async () => undefined,
        captureScreen: () => Promise.resolve(shot),
      });
      await expect(Promise.resolve(handlers['signage:capture-screen']())).resolves.toEqual(shot);
    });

    it('refuses in German where no signage player runs', async () => {
      const handlers = createIpcHandlers({
        config,
        version: '0.1.0',
        platform: 'linux',
        openExternal: async () => undefined,
        captureScreen: () => null,
      });
      await expect(Promise.resolve(handlers['signage:capture-screen']())).resolves.toEqual({
        ok: false,
        message: 'Nur ein Signage-Bildschirm kann sich fotografieren.',
      });
      const { handlers: without } = setup();
      await expect(Promise.resolve(without['signage:capture-screen']())).resolves.toMatchObject({
        ok: false,
      });
    });
  });
});
