import { APP_ORIGIN, planFor } from './modes.js';

const origin = 'http://shop.example';
const device = (type: string, branch: number | null = 5) => ({
  type,
  branch: branch ? { id: branch, identifier: 'gasthaus-linde-wien' } : null,
});

describe(planFor.name, () => {
  it('pairs first: the shell’s own pairing screen, locked only when the config says kiosk', () => {
    expect(planFor({ origin, device: null })).toMatchObject({
      mode: 'pairing',
      url: `${APP_ORIGIN}/status.html`,
      kiosk: false,
      printing: false,
    });
    expect(planFor({ origin, device: null, forceKiosk: true })).toMatchObject({
      kiosk: true,
      watchdog: true,
    });
  });

  it('starts each device type in its mode', () => {
    expect(planFor({ origin, device: device('kiosk') })).toEqual({
      mode: 'kiosk',
      url: 'http://shop.example/kiosk/gasthaus-linde-wien',
      kiosk: true,
      fullscreen: true,
      watchdog: true,
      printing: true,
    });
    // With its key the kiosk face reads the device's settings (key in the fragment, never sent).
    expect(planFor({ origin, device: device('kiosk'), deviceKey: 'k/1' }).url).toBe(
      'http://shop.example/kiosk/gasthaus-linde-wien#geraet=k%2F1',
    );
    expect(planFor({ origin, device: device('frontdesk') })).toMatchObject({
      mode: 'frontdesk',
      url: 'http://shop.example/backend/orders',
      kiosk: false,
      watchdog: true,
      printing: true,
    });
    // With its key and branch the counter board on the terminal's key, the key again in the fragment.
    expect(planFor({ origin, device: device('frontdesk'), deviceKey: 'f/1' }).url).toBe(
      'http://shop.example/theke/5#geraet=f%2F1',
    );
    expect(planFor({ origin, device: device('frontdesk', null), deviceKey: 'f/1' }).url).toBe(
      'http://shop.example/backend/orders',
    );
    expect(planFor({ origin, device: device('backoffice') })).toMatchObject({
      mode: 'backoffice',
      url: 'http://shop.example/backend',
      kiosk: false,
      fullscreen: false,
      printing: false,
    });
    expect(planFor({ origin, device: device('signage') })).toMatchObject({
      mode: 'signage',
      url: `${APP_ORIGIN}/signage.html`,
      kiosk: true,
      fullscreen: true,
      printing: false,
    });
    expect(planFor({ origin, device: device('printer') })).toMatchObject({
      mode: 'printer',
      url: `${APP_ORIGIN}/status.html`,
      printing: true,
    });
  });

  it('opens a ticket screen on its branch with its own key, the board only without a branch', () => {
    expect(planFor({ origin, device: device('ticket-screen'), deviceKey: 'dk_a/b' })).toMatchObject({
      mode: 'signage',
      url: 'http://shop.example/frontdesk/5/dk_a%2Fb',
      kiosk: true,
      printing: false,
    });
    expect(planFor({ origin, device: device('ticket-screen', null), deviceKey: 'dk_1' }).url).toBe(
      'http://shop.example/backend/orders',
    );
  });
});
