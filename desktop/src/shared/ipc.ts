// The one IPC contract between the main process and the preload: channel → preload function name,
// argument tuple and result. Types only, so the sandboxed (CommonJS, require-less) preload can use it.
import type { SignageScreenCapture } from '@ordering/common';

/** What the shell tells the page about itself. */
export interface AppInfo {
  /** Version of the desktop app (package.json). */
  version: string;
  /** `process.platform` of the machine, e.g. `linux`. */
  platform: string;
  /** The origin the window is locked to, e.g. `http://localhost:3000`. */
  origin: string;
  /** True when the window runs as a locked-down kiosk. */
  kiosk: boolean;
}

/** What the shell's own pages (pairing screen, printer status, a signage device without a TV) show. */
export interface ShellState {
  /** `pairing` until a device key is stored; then the paired device's mode. */
  mode: 'pairing' | 'kiosk' | 'frontdesk' | 'backoffice' | 'signage' | 'printer';
  /** While pairing: the code to type in the back office and its QR (a data: URL of a PNG). */
  pairing: { code: string; qrDataUrl: string; url: string; expiresAt: string } | null;
  device: { name: string; type: string } | null;
  /** The receipt printer's line, e.g. "Drucker: kein Papier · 3 Aufträge warten"; null without printing. */
  printer: string | null;
}

/** A screenshot of the shell's window (JPEG), or why there is none (German); shared with the web player. */
export type ScreenCapture = SignageScreenCapture;

export interface IpcContract {
  'app:get-info': { method: 'getAppInfo'; args: []; result: AppInfo };
  /** Opens an http(s), mailto or tel URL in the system's default application; false when refused. */
  'app:open-external': { method: 'openExternal'; args: [url: string]; result: boolean };
  'shell:get-state': { method: 'getShellState'; args: []; result: ShellState };
  /** Leaves the kiosk with the administrator's PIN; a German message when refused. */
  'kiosk:exit': {
    method: 'exitKiosk';
    args: [pin: string];
    result: { ok: true } | { ok: false; message: string };
  };
  /**
   * Photographs the window (`webContents.capturePage()`), at most 1280 px wide, for the back office's
   * screenshot request; only the window of a signage device answers with a picture.
   */
  'signage:capture-screen': { method: 'captureScreen'; args: []; result: ScreenCapture };
}

export type IpcChannel = keyof IpcContract;
export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args'];
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result'];

/** A main-process handler for one channel; it gets the arguments only, never the event. */
export type IpcHandler<C extends IpcChannel> = (...args: IpcArgs<C>) => IpcResult<C> | Promise<IpcResult<C>>;

/** One handler per channel: the compiler refuses a contract channel without a handler. */
export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> };

/** The shape the preload's object must have: one function per channel, named by the contract. */
export type DesktopApiShape = {
  [C in IpcChannel as IpcContract[C]['method']]: (...args: IpcArgs<C>) => Promise<IpcResult<C>>;
};
