// Which face a terminal shows, decided by its paired device's type (spec section 3, devices), and how the
// window for it behaves. Pure: main.ts applies the plan to Electron's BrowserWindow.

/** The device types of the back office (backend/src/devices/device-settings.ts). */
export type DeviceType = 'frontdesk' | 'kiosk' | 'ticket-screen' | 'printer' | 'backoffice' | 'signage';

export type Mode = 'pairing' | 'kiosk' | 'frontdesk' | 'backoffice' | 'signage' | 'printer';

/** The shell's own pages (pairing screen, printer status, a signage device without a TV), served by `app:`. */
export const APP_ORIGIN = 'app://shell';

export interface WindowPlan {
  mode: Mode;
  /** What the window opens. */
  url: string;
  /** Locked full screen: no menu, no leaving, the admin PIN to exit. */
  kiosk: boolean;
  fullscreen: boolean;
  /** Restart on crash or hang, reload after network loss. */
  watchdog: boolean;
  /** The receipt printer loop runs (front desk, kiosk with printer, printer box). */
  printing: boolean;
}

export interface PlanInput {
  /** The shop, e.g. `http://localhost:3000`. */
  origin: string;
  /** The paired device, or null before pairing. */
  device: { type: string; branch: { id: number; identifier?: string } | null; tv?: string | null } | null;
  /** The device's key: the ticket screen (`/frontdesk/{branchId}/{key}`), the kiosk and the board get it. */
  deviceKey?: string;
  /** `kiosk: true` in the config forces the kiosk lock whatever the type (a kiosk booted before pairing). */
  forceKiosk?: boolean;
}

const page = (origin: string, path: string) => new URL(path, origin).href;

/** The web player of a TV (web/src/signage): the same page a browser on the TV opens. */
export const signagePlayerPath = (tv: string, key: string) =>
  `/signage/${encodeURIComponent(tv)}/${encodeURIComponent(key)}`;

/** The window for a device: kiosk face, order board, back office, signage player, printer status. */
export function planFor({ origin, device, deviceKey, forceKiosk = false }: PlanInput): WindowPlan {
  if (!device) {
    return {
      mode: 'pairing',
      url: `${APP_ORIGIN}/status.html`, // the same page as the printer status: it shows what the mode needs
      kiosk: forceKiosk,
      fullscreen: forceKiosk,
      watchdog: forceKiosk,
      printing: false,
    };
  }
  // The kiosk face is addressed by the branch's identifier (web/src/kiosk, docs/decisions/app-shell.md).
  const branch = device.branch
    ? encodeURIComponent(device.branch.identifier ?? String(device.branch.id))
    : null;
  switch (device.type) {
    case 'kiosk':
      return {
        mode: 'kiosk',
        // The key in the fragment (never sent in a request line): the kiosk face reads its settings with it.
        url: page(
          origin,
          branch ? `/kiosk/${branch}${deviceKey ? `#geraet=${encodeURIComponent(deviceKey)}` : ''}` : '/',
        ),
        kiosk: true,
        fullscreen: true,
        watchdog: true,
        printing: true,
      };
    case 'frontdesk':
      // The counter board on the terminal's own key (web/src/backoffice/frontdesk, docs/decisions/
      // frontdesk-board.md): no staff password on the shared screen, each action asks for a staff PIN; the
      // receipt printer runs beside it in this process. The key stays in the fragment (never in a request
      // line of the page). Without a branch or key: the staff board with its sign-in.
      return {
        mode: 'frontdesk',
        url: page(
          origin,
          device.branch && deviceKey
            ? `/theke/${device.branch.id}#geraet=${encodeURIComponent(deviceKey)}`
            : '/backend/orders',
        ),
        kiosk: forceKiosk,
        fullscreen: forceKiosk,
        watchdog: true,
        printing: true,
      };
    case 'signage':
    case 'ticket-screen':
      return {
        mode: 'signage',
        // A ticket screen shows the numbers "In Zubereitung" / "Abholbereit" of its branch, opened with its
        // own key (web/src/backoffice/frontdesk); without a branch there is nothing to show but the board.
        // A signage device shows the web player of its TV with its own key (docs/decisions/signage.md);
        // without a TV, the shell's page that says how to choose one.
        url:
          device.type === 'signage'
            ? device.tv && deviceKey
              ? page(origin, signagePlayerPath(device.tv, deviceKey))
              : `${APP_ORIGIN}/signage.html`
            : device.branch && deviceKey
              ? page(origin, `/frontdesk/${device.branch.id}/${encodeURIComponent(deviceKey)}`)
              : page(origin, '/backend/orders'),
        kiosk: true,
        fullscreen: true,
        watchdog: true,
        printing: false,
      };
    case 'printer':
      return {
        mode: 'printer',
        url: `${APP_ORIGIN}/status.html`,
        kiosk: forceKiosk,
        fullscreen: forceKiosk,
        watchdog: false,
        printing: true,
      };
    default:
      return {
        mode: 'backoffice',
        url: page(origin, '/backend'),
        kiosk: forceKiosk,
        fullscreen: forceKiosk,
        watchdog: false,
        printing: false,
      };
  }
}
