import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Device } from './device.entity.js';

/**
 * A device's logs: a row is written when staff ask for them (`POST /api/devices/{id}/request-device-logs`,
 * `createdAt` is the request) and filled when the terminal uploads its recent lines.
 */
@Entity({ name: 'device_log' })
@Index('ix_device_log_device', ['device', 'id'])
export class DeviceLog extends BaseEntity {
  @ManyToOne(() => Device, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_device_log_device' })
  device: Relation<Device>;

  /** When staff asked (from the Clock); null for an upload nobody asked for. */
  @Column({ type: 'timestamptz', nullable: true })
  requestedAt: Date | null;

  /** When the terminal uploaded; null while the request waits. */
  @Column({ type: 'timestamptz', nullable: true })
  uploadedAt: Date | null;

  /** The uploaded lines (JSON lines, oldest first); null while the request waits. */
  @Column({ type: 'text', nullable: true })
  lines: string | null;
}
