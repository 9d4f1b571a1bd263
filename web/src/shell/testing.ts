import type { ShellEnvironment, WorkerRegistration } from './ShellStore';

/** A browser for the shell's tests: cookies in a map, timers the test fires, a worker it can count. */
export function fakeShellEnvironment(overrides: Partial<ShellEnvironment> = {}) {
  const cookies = new Map<string, { value: string; expires: Date }>();
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const worker = {
    registered: 0,
    unregistered: 0,
    activated: 0,
    stopped: 0,
    onWaiting: null as (() => void) | null,
  };
  let installed = false;
  let current = new Date('2026-03-02T11:00:00Z');
  const env: ShellEnvironment = {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    maxTouchPoints: 5,
    hasServiceWorker: true,
    isStandalone: () => false,
    cookies: {
      get: (name) => {
        const cookie = cookies.get(name);
        return cookie && cookie.expires > current ? cookie.value : undefined;
      },
      set: (name, value, expires) => void cookies.set(name, { value, expires }),
    },
    installedFlag: { get: () => installed, set: () => void (installed = true) },
    registerWorker: (onWaiting) => {
      worker.registered += 1;
      worker.onWaiting = onWaiting;
      const registration: WorkerRegistration = {
        activateUpdate: () => void (worker.activated += 1),
        stop: () => void (worker.stopped += 1),
      };
      return Promise.resolve(registration);
    },
    unregisterWorkers: () => {
      worker.unregistered += 1;
      return Promise.resolve();
    },
    now: () => current,
    setTimeout: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    ...overrides,
  };
  return {
    env,
    cookies,
    timers,
    worker,
    /** Fires the pending timers set for exactly `ms`. */
    fire(ms: number) {
      for (const timer of timers.filter((t) => t.ms === ms && !t.cleared)) {
        timer.cleared = true;
        timer.callback();
      }
    },
    setNow(iso: string) {
      current = new Date(iso);
    },
  };
}
