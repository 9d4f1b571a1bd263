import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/**
 * Failed sign-ins per lower-cased user name or e-mail address as typed (whether or not such a user
 * exists, so the lock does not reveal accounts). {@link MAX_FAILURES} failures within
 * {@link THROTTLE_WINDOW_MS} lock sign-in for {@link LOCK_MS}.
 */
@Entity({ name: 'auth_login_throttle' })
export class LoginThrottle extends BaseEntity {
  @Index('uq_auth_login_throttle_key', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  key: string;

  /** Failures since the last success or lock (older ones than the window are forgotten). */
  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastFailureAt: Date | null;

  /** Sign-in with this name is refused until then, even with the right password. */
  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;
}

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
