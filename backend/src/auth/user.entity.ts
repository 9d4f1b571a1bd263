import { Column, Entity, Index, JoinTable, ManyToMany, type Relation } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { BaseEntity } from '../database/base.entity.js';
import type { Role } from '../core/permissions.js';

/** A back-office account. Secrets (password hash, API token hash) never leave the server. */
@Entity({ name: 'app_user' })
export class User extends BaseEntity {
  @Index('uq_app_user_username', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Index('uq_app_user_email', { unique: true, where: 'email IS NOT NULL' })
  @Column({ type: 'varchar', length: 200, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 100, default: '' })
  firstName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  lastName: string;

  /** bcrypt hash; null for accounts that sign in by link or API token only. */
  @Column({ type: 'varchar', length: 100, nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'jsonb', default: () => `'["ROLE_EMPLOYEE"]'` })
  roles: Role[];

  @ManyToMany(() => Branch)
  @JoinTable({
    name: 'app_user_branch',
    joinColumn: { name: 'user_id', foreignKeyConstraintName: 'fk_app_user_branch_user' },
    inverseJoinColumn: { name: 'branch_id', foreignKeyConstraintName: 'fk_app_user_branch_branch' },
  })
  branches: Relation<Branch>[];

  /** Disabled accounts cannot sign in ("Konto deaktiviert"). */
  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  /** Locked by an administrator ("Konto gesperrt"). */
  @Column({ type: 'boolean', default: false })
  isLocked: boolean;

  /** After this moment the account cannot sign in ("Konto abgelaufen"). */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** sha256 of the personal API token (Authorization: Bearer ...), if one was issued. */
  @Index('uq_app_user_api_token_hash', { unique: true, where: 'api_token_hash IS NOT NULL' })
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  apiTokenHash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** bcrypt hash of the PIN for the staff time clock (Zeiterfassung); null: the user cannot clock in. */
  @Column({ type: 'varchar', length: 100, nullable: true, select: false })
  timeClockPinHash: string | null;
}
