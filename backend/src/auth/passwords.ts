import bcrypt from 'bcryptjs';
import { z } from 'zod';

/** Shortest password an account may get. */
export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt reads at most 72 bytes; longer passwords would be silently cut. */
const PASSWORD_MAX_BYTES = 72;

/** A new password: 10 characters at least, at most 72 bytes (German messages). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .refine((v) => Buffer.byteLength(v, 'utf8') <= PASSWORD_MAX_BYTES, {
    message: `Das Passwort darf höchstens ${PASSWORD_MAX_BYTES} Byte lang sein.`,
  });

/**
 * Hashes and checks passwords with bcrypt. Checking against a missing hash still runs one bcrypt
 * comparison (against a dummy hash of the same cost), so that an unknown user name takes as long as a
 * wrong password.
 */
export class PasswordHasher {
  private dummy?: Promise<string>;

  /** @param cost bcrypt cost factor (12 in production). */
  constructor(readonly cost: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    if (!hash) {
      await bcrypt.compare(password, await this.dummyHash());
      return false;
    }
    return bcrypt.compare(password, hash);
  }

  /** Prepares the dummy hash ahead of the first unknown user name (so that one is not slower either). */
  dummyHash(): Promise<string> {
    this.dummy ??= bcrypt.hash('kein-passwort-' + Math.random(), this.cost);
    return this.dummy;
  }
}

/** A readable random password for the operator CLI (16 characters, no look-alikes like l/1/O/0). */
export function generatePassword(random: (n: number) => Buffer): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = random(32);
  let out = '';
  for (const b of bytes) {
    if (b >= 256 - (256 % alphabet.length)) continue; // no modulo bias
    out += alphabet[b % alphabet.length];
    if (out.length === 16) break;
  }
  return out.length === 16 ? out : generatePassword(random);
}
