import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { User } from './user.entity.js';

/**
 * A signed-in browser. The cookie carries a random token; only its sha256 is stored, so a copy of the
 * database does not let anybody sign in. Ends after {@link SESSION_IDLE_MS} without a request, and in any
 * case {@link SESSION_ABSOLUTE_MS} after sign-in.
 */
@Entity({ name: 'auth_session' })
export class AuthSession extends BaseEntity {
  /** sha256 (hex) of the cookie's token. */
  @Index('uq_auth_session_token_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @Index('ix_auth_session_user')
  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_auth_session_user' })
  user: Relation<User>;

  /** Writes made with the cookie must send this in `X-CSRF-Token`. */
  @Column({ type: 'varchar', length: 64 })
  csrfToken: string;

  /** Sign-in time (from the application clock). */
  @Column({ type: 'timestamptz' })
  startedAt: Date;

  /** Last request seen (updated at most once a minute). */
  @Column({ type: 'timestamptz' })
  lastSeenAt: Date;

  /** Idle limit: moves forward with every request, never past {@link absoluteExpiresAt}. */
  @Index('ix_auth_session_expires_at')
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Hard limit after sign-in, however active the session is. */
  @Column({ type: 'timestamptz' })
  absoluteExpiresAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;
}

/** A session ends after 12 hours without a request ... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ... and 30 days after sign-in at the latest. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
