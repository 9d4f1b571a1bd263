import { HashPool } from './hash-pool.js';

// The password rule is shared with the back office's user form (common/src/schemas/organisation.ts).
export { PASSWORD_MIN_LENGTH, passwordSchema } from '@ordering/common/schemas';

/**
 * Hashes and checks passwords with bcrypt, on worker threads ({@link HashPool}) so that the server's
 * event loop keeps answering while a hash is computed. Checking against a missing hash still runs one
 * bcrypt comparison (against a dummy hash of the same cost), so that an unknown user name takes as long
 * as a wrong password.
 */
export class PasswordHasher {
  private dummy?: Promise<string>;
  /** Thread of the last finished job (0 would be the main thread): lets a test prove where hashing runs. */
  lastThreadId?: number;

  /**
   * @param cost bcrypt cost factor (12 in production).
   * @param pool the worker threads; one of its own by default.
   */
  constructor(
    readonly cost: number,
    private readonly pool = new HashPool(),
  ) {}

  /** @throws HashPoolBusy when too many hashes wait already (the caller answers 429). */
  async hash(password: string): Promise<string> {
    const answer = await this.pool.run<string>({ op: 'hash', password, cost: this.cost });
    this.lastThreadId = answer.threadId;
    return answer.result;
  }

  /** @throws HashPoolBusy when too many hashes wait already (the caller answers 429). */
  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    if (!hash) {
      await this.compare(password, await this.dummyHash());
      return false;
    }
    return this.compare(password, hash);
  }

  /** Prepares the dummy hash ahead of the first unknown user name (so that one is not slower either). */
  dummyHash(): Promise<string> {
    this.dummy ??= this.hash('kein-passwort-' + Math.random());
    // A refused or failed attempt must not stick: the next caller tries again.
    this.dummy.catch(() => (this.dummy = undefined));
    return this.dummy;
  }

  /** Stops the worker threads (at application shutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }

  private async compare(password: string, hash: string): Promise<boolean> {
    const answer = await this.pool.run<boolean>({ op: 'compare', password, hash });
    this.lastThreadId = answer.threadId;
    return answer.result;
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
