import {
  hashPin,
  isBlockedKioskKey,
  isExitShortcut,
  KioskExitGuard,
  LOCK_MS,
  verifyPin,
} from './kiosk-exit.js';

describe('kiosk exit', () => {
  const hash = hashPin('2468');

  it('keeps only a salted hash of the PIN', () => {
    expect(hash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(hash).not.toContain('2468');
    expect(verifyPin('2468', hash)).toBe(true);
    expect(verifyPin('2469', hash)).toBe(false);
    expect(verifyPin('2468', 'kaputt')).toBe(false);
  });

  it('lets the right PIN out and locks for a minute after five wrong ones', () => {
    let now = 0;
    const guard = new KioskExitGuard(hash, () => now);
    expect(guard.attempt('2468')).toEqual({ ok: true });
    for (let i = 0; i < 5; i++)
      expect(guard.attempt('0000')).toEqual({ ok: false, message: 'Die PIN ist falsch.' });
    expect(guard.attempt('2468')).toEqual({
      ok: false,
      message: 'Zu viele falsche Eingaben. Bitte in 60 Sekunden erneut versuchen.',
    });
    now += LOCK_MS;
    expect(guard.attempt('2468')).toEqual({ ok: true });
    expect(guard.attempt({ pin: '2468' })).toMatchObject({ ok: false });
    expect(new KioskExitGuard(null).attempt('2468')).toEqual({
      ok: false,
      message: 'Für diesen Kiosk ist keine Admin-PIN eingerichtet.',
    });
  });

  it('knows the exit shortcut and the keys a kiosk swallows', () => {
    const key = (k: string, mods: Partial<Record<'control' | 'shift' | 'alt' | 'meta', boolean>> = {}) => ({
      type: 'keyDown',
      key: k,
      control: false,
      shift: false,
      alt: false,
      meta: false,
      ...mods,
    });
    expect(isExitShortcut(key('Q', { control: true, shift: true }))).toBe(true);
    expect(isExitShortcut(key('q', { control: true }))).toBe(false);
    expect(isBlockedKioskKey(key('F4', { alt: true }))).toBe(true);
    expect(isBlockedKioskKey(key('w', { control: true }))).toBe(true);
    expect(isBlockedKioskKey(key('F11'))).toBe(true);
    expect(isBlockedKioskKey(key('a'))).toBe(false);
  });
});
