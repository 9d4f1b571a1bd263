import { EventEmitter } from 'node:events';
import { HANG_GRACE_MS, NETWORK_CHECK_MS, setupWatchdog } from './watchdog.js';

/** Timers run by hand; a window whose events the test fires. */
function setup() {
  let now = 0;
  const timers: Array<{ at: number; fn: () => void; every?: number; id: number }> = [];
  let nextId = 1;
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = due.at;
      if (due.every) due.at += due.every;
      else timers.splice(timers.indexOf(due), 1);
      due.fn();
    }
    now = until;
  };
  const win = Object.assign(new EventEmitter(), {
    webContents: Object.assign(new EventEmitter(), { reloads: 0, reload: () => win.webContents.reloads++ }),
    isDestroyed: () => false,
  });
  const log: string[] = [];
  let online = true;
  let recreated = 0;
  const stop = setupWatchdog(win as never, {
    recreate: () => recreated++,
    isOnline: () => online,
    log: (m) => log.push(m),
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, id: nextId++ };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => timers.splice(timers.indexOf(h as never), 1),
    setInterval: (fn, ms) => {
      const t = { at: now + ms, fn, every: ms, id: nextId++ };
      timers.push(t);
      return t;
    },
    clearInterval: (h) => timers.splice(timers.indexOf(h as never), 1),
    retryMs: 1000,
  });
  return {
    win,
    advance,
    log,
    stop,
    setOnline: (v: boolean) => (online = v),
    recreated: () => recreated,
    pending: () => timers.length,
  };
}

describe(setupWatchdog.name, () => {
  it('replaces a crashed renderer at once', () => {
    const s = setup();
    s.win.webContents.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(s.recreated()).toBe(1);
    expect(s.log[0]).toContain('Renderer beendet (crashed)');
    expect(s.pending()).toBe(0); // the old window's watch ended with it
  });

  it('replaces a hung renderer within 5 seconds, and leaves one that recovers', () => {
    const s = setup();
    s.win.emit('unresponsive');
    s.advance(1000);
    s.win.emit('responsive');
    s.advance(HANG_GRACE_MS * 2);
    expect(s.recreated()).toBe(0);
    s.win.emit('unresponsive');
    s.advance(HANG_GRACE_MS);
    expect(s.recreated()).toBe(1);
    expect(HANG_GRACE_MS).toBeLessThan(5000);
  });

  it('reloads after a failed load and when the network comes back', () => {
    const s = setup();
    s.win.webContents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', 'http://x/', true);
    s.advance(2000);
    expect(s.win.webContents.reloads).toBe(0);
    s.win.webContents.emit('did-fail-load', {}, -106, 'ERR_INTERNET_DISCONNECTED', 'http://x/', true);
    s.advance(1000);
    expect(s.win.webContents.reloads).toBe(1);
    s.setOnline(false);
    s.advance(NETWORK_CHECK_MS);
    expect(s.win.webContents.reloads).toBe(1);
    s.setOnline(true);
    s.advance(NETWORK_CHECK_MS);
    expect(s.win.webContents.reloads).toBe(2);
    expect(s.log.at(-1)).toBe('Seite wird neu geladen: Netzwerk wieder da');
  });
});
