import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';

/**
 * Sign-in attempts not yet cleared by a success, per key: an account from one client address
 * (`user:<id>@ip:<address>`, whichever of its names was typed), an account from addresses it never signed
 * in from (`user:<id>`), a typed name that belongs to nobody (`name:<sha256>`, `name:<sha256>@ip:…`, so a
 * lock does not reveal accounts) or a client address (`ip:<address>`); and the addresses an account
 * signed in from (`known:<id>@ip:<address>`, no attempts). See {@link ACCOUNT_ADDRESS_RULE},
 * {@link UNFAMILIAR_ACCOUNT_RULE} and {@link ADDRESS_RULE}.
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

/**
 * Five sign-ins for one account from one address within 15 minutes lock the account *for that address* for
 * 15 minutes (even with the right password): a guesser elsewhere cannot lock its owner out.
 */
export const ACCOUNT_ADDRESS_RULE: ThrottleRule = {
  limit: 5,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
};
/**
 * Ten sign-ins for one account within 15 minutes from addresses it has not signed in from lock it for
 * every such address for 15 minutes: a guess spread over many addresses gets ten tries, while the owner
 * at a familiar address ({@link FAMILIAR_MS}) still signs in.
 */
export const UNFAMILIAR_ACCOUNT_RULE: ThrottleRule = {
  limit: 10,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
};
/** An address is familiar to an account for 30 days after a successful sign-in from it. */
export const FAMILIAR_MS = 30 * 24 * 60 * 60 * 1000;
/** 20 failed sign-ins from one address within 15 minutes stop that address for 15 minutes. */
export const ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 };
/**
 * Across all addresses, after 100 failed sign-ins in a minute, the process refuses sign-ins from
 * addresses unfamiliar to their account until the minute is over (familiar ones are not braked).
 */
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
