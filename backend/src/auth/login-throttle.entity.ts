import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/**
 * Sign-in attempts not yet cleared by a success, per key: an account (`user:<id>`, whichever of its
 * names was typed), a typed name that belongs to nobody (`name:<sha256>`, so the lock does not reveal
 * accounts) or a client address (`ip:<address>`). See {@link ACCOUNT_RULE} and {@link ADDRESS_RULE}.
 */
@Entity({ name: 'auth_login_throttle' })
export class LoginThrottle extends BaseEntity {
  @Index('uq_auth_login_throttle_key', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  key: string;

  /** Attempts since the last success or lock (older ones than the window are forgotten). */
  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastFailureAt: Date | null;

  /** Sign-in with this key is refused until then, even with the right password. */
  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;
}

/** How many attempts a key has within a window, and how long it stays locked after the last one allowed. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
  lockMs: number;
}

/** Five failed sign-ins for one account within 15 minutes lock it for 15 minutes (password only). */
export const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 };
/** 20 failed sign-ins from one address within 15 minutes stop that address for 15 minutes. */
export const ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 };
/** Across all addresses, one process accepts at most 100 failed sign-ins a minute. */
export const GLOBAL_FAILURES_PER_WINDOW = 100;
export const GLOBAL_WINDOW_MS = 60 * 1000;

/**
 * A throttle whose wait grows with the attempts instead of one long lock (the time clock's, see
 * docs/decisions/time-tracking.md): the n-th attempt in the window makes the next one wait `waitAfter(n)`
 * ms (0: no wait). The window runs from its first attempt (`fixed`) or from the last one (sliding).
 */
export interface SteppedRule {
  windowMs: number;
  fixed: boolean;
  /** The wait after the n-th counted attempt; `windowLeftMs`: how long the window still runs. */
  waitAfter: (attempt: number, windowLeftMs: number) => number;
}
