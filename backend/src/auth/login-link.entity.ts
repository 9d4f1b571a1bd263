import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { User } from './user.entity.js';

/** A one-time sign-in link sent by e-mail; only the sha256 of its token is stored. */
@Entity({ name: 'auth_login_link' })
export class LoginLink extends BaseEntity {
  @Index('uq_auth_login_link_token_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @Index('ix_auth_login_link_user')
  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_auth_login_link_user' })
  user: Relation<User>;

  /** Issue time (application clock). */
  @Column({ type: 'timestamptz' })
  issuedAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Set when the link was used: it works once. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}

/** A link works for 15 minutes. */
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;
/** A new link for the same user is sent at most once a minute (no mail bombing). */
export const LOGIN_LINK_RESEND_MS = 60 * 1000;
