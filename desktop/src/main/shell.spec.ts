import { HttpError } from './terminal/device-client.js';
import type { KeyStore, PairedDevice, PairingPrompt } from './terminal/pairing.js';
import type { WindowPlan } from './modes.js';
import { type DeviceMemory, ShellController, type ShellDeps } from './shell.js';

const kiosk: PairedDevice = {
  id: 3,
  identifier: 'kiosk-eingang',
  name: 'Kiosk Eingang',
  type: 'kiosk',
  branch: { id: 5, identifier: 'gasthaus-linde-wien' },
};

function setup(
  options: {
    key?: string | null;
    heartbeat?: () => Promise<PairedDevice>;
    remembered?: PairedDevice;
    signageTv?: (key: string) => Promise<string | null>;
  } = {},
) {
  let key = options.key ?? null;
  let remembered: PairedDevice | null = options.remembered ?? null;
  const keys: KeyStore = { load: () => key, save: (k) => (key = k), clear: () => (key = null) };
  const memory: DeviceMemory = {
    load: () => remembered,
    save: (d) => (remembered = d),
    clear: () => (remembered = null),
  };
  const shown: WindowPlan[] = [];
  const printing: Array<{
    key: string;
    stopped: boolean;
    events: { onUnauthorized(): void; onText(t: string): void };
  }> = [];
  let finishPairing: ((r: { deviceKey: string; device: PairedDevice }) => void) | null = null;
  const prompt: PairingPrompt = {
    code: 'K7QM-4TZP',
    url: 'http://shop/backend/devices?pair=K7QM-4TZP',
    expiresAt: 'x',
    qrSvg: '',
    qrText: '',
  };
  const deps: ShellDeps = {
    origin: 'http://shop',
    forceKiosk: false,
    keys,
    memory,
    heartbeat: async () =>
      ({ ...(await (options.heartbeat ?? (async () => kiosk))()), settings: {}, lastSeenAt: null }) as never,
    pair: (onCode) => {
      onCode(prompt);
      return new Promise((resolve) => (finishPairing = resolve));
    },
    qrDataUrl: async (text) => `data:image/png;base64,${Buffer.from(text).toString('base64')}`,
    show: (plan) => shown.push(plan),
    startPrinting: (k, events) => {
      const part = { key: k, stopped: false, events };
      printing.push(part);
      return { stop: () => void (part.stopped = true) };
    },
    log: () => undefined,
    signageTv: options.signageTv,
    signageRecheckMs: 5,
  };
  const shell = new ShellController(deps);
  return {
    shell,
    shown,
    printing,
    key: () => key,
    remembered: () => remembered,
    finishPairing: (r: { deviceKey: string; device: PairedDevice }) => finishPairing!(r),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe(ShellController.name, () => {
  it('shows a signage terminal the web player of its TV with its own key, offline the remembered TV', async () => {
    const tvDevice: PairedDevice = { ...kiosk, id: 9, identifier: 'terminal-fenster', type: 'signage' };
    const online = setup({
      key: 'dk/1',
      heartbeat: async () => tvDevice,
      signageTv: async () => 'schau fenster',
    });
    await online.shell.start();
    expect(online.shown.map((p) => p.url)).toEqual(['http://shop/signage/schau%20fenster/dk%2F1']);
    expect(online.shown[0]).toMatchObject({ mode: 'signage', kiosk: true, fullscreen: true, watchdog: true });
    expect(online.remembered()).toMatchObject({ tv: 'schau fenster' });

    const offline = setup({
      key: 'dk',
      remembered: { ...tvDevice, tv: 'schaufenster' },
      heartbeat: async () => tvDevice,
      signageTv: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await offline.shell.start();
    expect(offline.shown[0]!.url).toBe('http://shop/signage/schaufenster/dk');
  });

  it('shows a signage terminal without a TV the page that says so, and its player once one is chosen', async () => {
    const tvDevice: PairedDevice = { ...kiosk, id: 9, identifier: 'terminal-fenster', type: 'signage' };
    const answers: Array<string | null | Error> = [
      null,
      null,
      new Error('fetch failed'),
      null,
      'schaufenster',
    ];
    let asked = 0;
    const s = setup({
      key: 'dk',
      heartbeat: async () => tvDevice,
      signageTv: async () => {
        const answer = answers[Math.min(asked++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    await s.shell.start();
    expect(s.shown.map((p) => p.url)).toEqual(['app://shell/signage.html']);
    expect(s.shell.state).toMatchObject({
      mode: 'signage',
      device: { name: 'Kiosk Eingang', type: 'signage' },
    });
    // Asked again (a failed answer too) until a TV is set; then the player, remembered for an offline start.
    for (let i = 0; i < 200 && s.shown.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    expect(s.shown.map((p) => p.url)).toEqual([
      'app://shell/signage.html',
      'http://shop/signage/schaufenster/dk',
    ]);
    expect(asked).toBe(answers.length);
    expect(s.remembered()).toMatchObject({ tv: 'schaufenster' });
    // The terminal loop of the first window was stopped and one runs for the player.
    expect(s.printing.map((p) => p.stopped)).toEqual([true, false]);
    // It does not ask any more once the player runs.
    await new Promise((r) => setTimeout(r, 40));
    expect(asked).toBe(answers.length);
    await s.shell.stop();
  });

  it('pairs a new terminal: pairing screen with code and QR, then the device’s mode with its printer', async () => {
    const s = setup();
    const started = s.shell.start();
    await tick();
    expect(s.shown.map((p) => p.mode)).toEqual(['pairing']);
    expect(s.shell.state.pairing).toMatchObject({
      code: 'K7QM-4TZP',
      qrDataUrl: expect.stringMatching(/^data:image\/png/),
    });
    s.finishPairing({ deviceKey: 'neu', device: kiosk });
    await started;
    expect(s.key()).toBe('neu');
    expect(s.remembered()).toEqual(kiosk);
    expect(s.shown.map((p) => p.mode)).toEqual(['pairing', 'kiosk']);
    expect(s.shown[1]!.url).toBe('http://shop/kiosk/gasthaus-linde-wien#geraet=neu');
    expect(s.printing.map((p) => p.key)).toEqual(['neu']);
    expect(s.shell.state).toMatchObject({ mode: 'kiosk', pairing: null, device: { name: 'Kiosk Eingang' } });
  });

  it('starts a paired terminal in its mode, offline in the remembered one', async () => {
    const online = setup({ key: 'k' });
    await online.shell.start();
    expect(online.shown.map((p) => p.mode)).toEqual(['kiosk']);

    const offline = setup({
      key: 'k',
      remembered: { ...kiosk, type: 'frontdesk' },
      heartbeat: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await offline.shell.start();
    expect(offline.shown.map((p) => p.mode)).toEqual(['frontdesk']);
  });

  it('goes back to pairing when the key is refused at start or later (unpaired in the back office)', async () => {
    const refused = setup({
      key: 'alt',
      heartbeat: async () => {
        throw new HttpError(401, 'refused');
      },
    });
    void refused.shell.start();
    await tick();
    expect(refused.shown.map((p) => p.mode)).toEqual(['pairing']);
    expect(refused.key()).toBeNull();

    const later = setup({ key: 'k' });
    await later.shell.start();
    later.printing[0]!.events.onText('Drucker: kein Papier');
    expect(later.shell.state.printer).toBe('Drucker: kein Papier');
    later.printing[0]!.events.onUnauthorized();
    await tick();
    expect(later.printing[0]!.stopped).toBe(true);
    expect(later.key()).toBeNull();
    expect(later.shown.map((p) => p.mode)).toEqual(['kiosk', 'pairing']);
    await later.shell.stop();
  });
});
