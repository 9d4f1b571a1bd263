import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { BaseEntity } from '../database/base.entity.js';
import type { DeviceSettings, DeviceType, PrinterState } from './device-settings.js';

/** A desktop device (Gerät) at a branch: front-desk terminal, kiosk, ticket screen, printer or back-office PC. */
@Entity({ name: 'device' })
@Index('ix_device_branch', ['branch'])
export class Device extends BaseEntity {
  /** Pairing name, unique. */
  @Index('uq_device_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  type: DeviceType;

  @ManyToOne(() => Branch, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_device_branch' })
  branch: Relation<Branch> | null;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  /** Type-specific settings (printer, kiosk timeouts …), validated per type. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings: DeviceSettings;

  /** When the device last reported to the server (set by the device routes, never by the API). */
  @Column({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null;

  /** sha256 of the device's API key; the key itself is shown once when it is issued. */
  @Index('uq_device_api_key_hash', { unique: true, where: 'api_key_hash IS NOT NULL' })
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  apiKeyHash: string | null;

  /** The key's last four characters, so staff can tell keys apart. */
  @Column({ type: 'varchar', length: 4, nullable: true })
  apiKeyHint: string | null;

  /**
   * The newest job id when the device was paired (or its key issued): older jobs are not printed here as
   * new (they print on request). Null: no bound (devices set up before this existed).
   */
  @Column({ type: 'bigint', nullable: true, select: false })
  printsAfterJob: string | null;

  /** The printer state the terminal last reported (ready, no paper, cover open, offline, jobs waiting). */
  @Column({ type: 'jsonb', nullable: true })
  printerState: PrinterState | null;

  /** When the terminal reported {@link printerState} (server clock). */
  @Column({ type: 'timestamptz', nullable: true })
  printerStateAt: Date | null;
}
