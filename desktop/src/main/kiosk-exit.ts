// Leaving a kiosk: only with the administrator's PIN. The PIN is configured as a scrypt hash
// (`npm run kiosk-pin` prints one), compared in constant time; five wrong PINs lock the prompt for a minute.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export const MAX_ATTEMPTS = 5;
export const LOCK_MS = 60_000;

/** `scrypt$<salt hex>$<hash hex>` of a PIN. */
export function hashPin(pin: string, salt = randomBytes(16)): string {
  return `scrypt$${salt.toString('hex')}$${scryptSync(pin, salt, 32).toString('hex')}`;
}

export function verifyPin(pin: string, stored: string): boolean {
  const [kind, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(pin, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

export type ExitAnswer = { ok: true } | { ok: false; message: string };

/** Checks PINs; after {@link MAX_ATTEMPTS} wrong ones it refuses every PIN for {@link LOCK_MS}. */
export class KioskExitGuard {
  private failures = 0;
  private lockedUntil = 0;

  constructor(
    /** The configured hash; without one the kiosk cannot be left from the screen at all. */
    private readonly pinHash: string | null,
    private readonly now: () => number = Date.now,
  ) {}

  attempt(pin: unknown): ExitAnswer {
    if (!this.pinHash) return { ok: false, message: 'Für diesen Kiosk ist keine Admin-PIN eingerichtet.' };
    const now = this.now();
    if (now < this.lockedUntil) {
      const seconds = Math.ceil((this.lockedUntil - now) / 1000);
      return {
        ok: false,
        message: `Zu viele falsche Eingaben. Bitte in ${seconds} Sekunden erneut versuchen.`,
      };
    }
    if (typeof pin === 'string' && /^\d{4,12}$/.test(pin) && verifyPin(pin, this.pinHash)) {
      this.failures = 0;
      return { ok: true };
    }
    this.failures++;
    if (this.failures >= MAX_ATTEMPTS) {
      this.failures = 0;
      this.lockedUntil = now + LOCK_MS;
    }
    return { ok: false, message: 'Die PIN ist falsch.' };
  }
}

/** The key combination that opens the PIN prompt in a kiosk (everything else that would leave is blocked). */
export function isExitShortcut(input: {
  type: string;
  key: string;
  control: boolean;
  shift: boolean;
  alt: boolean;
}) {
  return (
    input.type === 'keyDown' && input.control && input.shift && !input.alt && input.key.toLowerCase() === 'q'
  );
}

/** Keys a kiosk swallows: closing, reloading with devtools, leaving full screen. */
export function isBlockedKioskKey(input: {
  type: string;
  key: string;
  control: boolean;
  alt: boolean;
  meta: boolean;
}) {
  if (input.type !== 'keyDown') return false;
  const key = input.key.toLowerCase();
  return (
    (input.alt && key === 'f4') ||
    key === 'f11' ||
    key === 'f12' ||
    ((input.control || input.meta) && ['w', 'q', 'r', 'n', 't'].includes(key)) ||
    ((input.control || input.meta) && input.key === 'I')
  );
}
