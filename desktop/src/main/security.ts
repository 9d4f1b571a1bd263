// Who may talk to the main process and what the page may ask the browser for.

/** The ids of the WebContents of windows this process created. */
export class OwnWindows {
  private readonly ids = new Set<number>();

  add(id: number): void {
    this.ids.add(id);
  }

  delete(id: number): void {
    this.ids.delete(id);
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }
}

/** What an IPC event says about its sender (Electron's IpcMainInvokeEvent has these). */
export interface IpcSender {
  sender: { id: number };
  senderFrame: { url: string } | null;
}

/**
 * Trusted: one of our own windows, and the frame that sent it shows our origin (not an iframe or a
 * page it was navigated to by mistake).
 */
export function isTrustedSender(
  event: IpcSender,
  ownWindows: OwnWindows,
  origin: string,
  /** The shell's own pages (`app://shell`) are trusted too. */
  appOrigin = 'app://shell',
): boolean {
  if (!ownWindows.has(event.sender.id)) return false;
  const frameUrl = event.senderFrame?.url;
  if (!frameUrl) return false;
  const frameOrigin = originOf(frameUrl);
  return frameOrigin !== null && (frameOrigin === origin || frameOrigin === appOrigin);
}

/** `scheme://host` of a URL, also for the shell's own `app:` scheme (whose WHATWG origin is "null"). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.host ? `${u.protocol}//${u.host}` : null;
  } catch {
    return null;
  }
}

const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write', 'fullscreen', 'notifications']);

/** Only the shop's own pages get the few permissions it uses; camera, location and the rest are refused. */
export function isPermissionAllowed(permission: string, requestingUrl: string, origin: string): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission)) return false;
  try {
    return new URL(requestingUrl).origin === origin;
  } catch {
    return false;
  }
}
