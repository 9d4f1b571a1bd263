import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Device } from './device.entity.js';

/**
 * A terminal waiting to be paired (see docs/decisions/terminal.md): it shows `code`, an administrator
 * enters the code at a device, and the terminal, proving itself with the secret only it knows, collects a
 * fresh device key once. The key is created at collection, so it never rests in the database.
 */
@Entity({ name: 'device_pairing' })
@Index('ix_device_pairing_device', ['device'])
export class DevicePairing extends BaseEntity {
  /** What the terminal shows and the administrator types (8 characters without look-alikes). */
  @Index('uq_device_pairing_code', { unique: true })
  @Column({ type: 'varchar', length: 8 })
  code: string;

  /** sha256 of the terminal's secret. */
  @Column({ type: 'varchar', length: 64, select: false })
  secretHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Set when an administrator entered the code at this device. */
  @ManyToOne(() => Device, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_device_pairing_device' })
  device: Relation<Device> | null;
}
