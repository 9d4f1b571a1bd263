import { browserCookies } from './cookies';
import type { ShellEnvironment, WorkerRegistration } from './ShellStore';

/** Spec section 9: the first update check 2.5 s after start, then every 30 minutes. */
export const FIRST_UPDATE_CHECK_MS = 2500;
export const UPDATE_CHECK_INTERVAL_MS = 1_800_000;

/** The worker the build writes (vite-plugin-pwa, injectManifest; see src/shell/sw.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

const INSTALLED_KEY = 'pwa.installed';

/** Resolves once the page has loaded, so the worker never competes with the first paint. */
function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registers the worker with workbox-window, which is loaded only now (its own small chunk after the page
 * has loaded; the first load carries just this function). A new version that waits calls `onWaiting`;
 * `activateUpdate` asks it to take over and reloads the page once it controls it.
 */
export async function registerServiceWorker(onWaiting: () => void): Promise<WorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  await afterLoad();
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', onWaiting);
  await workbox.register();
  const update = () => void workbox.update().catch(() => undefined);
  const first = window.setTimeout(update, FIRST_UPDATE_CHECK_MS);
  const every = window.setInterval(update, UPDATE_CHECK_INTERVAL_MS);
  return {
    activateUpdate: () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
    stop: () => {
      window.clearTimeout(first);
      window.clearInterval(every);
    },
  };
}

/** The PWA plugin is off: no worker of an earlier visit may keep serving the app. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/** The shell's view of this browser. */
export function browserShellEnvironment(): ShellEnvironment {
  const standalone = () =>
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasServiceWorker: 'serviceWorker' in navigator,
    isStandalone: standalone,
    cookies: browserCookies(),
    installedFlag: {
      get: () => {
        try {
          return window.localStorage.getItem(INSTALLED_KEY) === '1';
        } catch {
          return false;
        }
      },
      set: () => {
        try {
          window.localStorage.setItem(INSTALLED_KEY, '1');
        } catch {
          // No storage: the prompt may come back on the next visit.
        }
      },
    },
    registerWorker: registerServiceWorker,
    unregisterWorkers: unregisterServiceWorkers,
    now: () => new Date(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}
