// Keeps every window on the configured origin. Links elsewhere open in the system browser, except
// in kiosk mode, where a customer must never leave the shop.

export type NavigationDecision = 'allow' | 'open-external' | 'deny';

const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function decideNavigation(target: string, origin: string, kiosk: boolean): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'deny';
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin) return 'allow';
  // The shell's own pages (pairing screen, signage player, printer status).
  if (url.protocol === 'app:' && url.host === 'shell') return 'allow';
  // file:, javascript:, data:, custom schemes: never, neither inside nor outside.
  if (!EXTERNAL_SCHEMES.has(url.protocol)) return 'deny';
  return kiosk ? 'deny' : 'open-external';
}

interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents the guard needs; tests pass a fake. */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface NavigationGuardOptions {
  origin: string;
  kiosk: boolean;
  openExternal: (url: string) => void;
}

/** Applies the decision to in-page navigation, server redirects and window.open / target=_blank. */
export function setupNavigationGuard(contents: GuardedContents, options: NavigationGuardOptions): void {
  const guard = (event: PreventableEvent, url: string) => {
    const decision = decideNavigation(url, options.origin, options.kiosk);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') options.openExternal(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  // New windows are never created; same-origin targets would lose the guard and the preload's checks.
  contents.setWindowOpenHandler(({ url }) => {
    if (decideNavigation(url, options.origin, options.kiosk) === 'open-external') options.openExternal(url);
    return { action: 'deny' };
  });
}
