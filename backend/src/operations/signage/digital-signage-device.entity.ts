import type { SignagePlayerState } from '@ordering/common';
import { ORIENTATIONS } from '@ordering/common/schemas';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { Branch } from '../../branches/branch.entity.js';
import { BaseEntity } from '../../database/base.entity.js';
import { DigitalSignageStream } from './digital-signage-stream.entity.js';

export { ORIENTATIONS };
export type Orientation = (typeof ORIENTATIONS)[number];

/** A signage player (TV) and the stream it plays. */
@Entity({ name: 'digital_signage_device' })
@Index('ix_digital_signage_device_branch', ['branch'])
@Index('ix_digital_signage_device_stream', ['stream'])
export class DigitalSignageDevice extends BaseEntity {
  @Index('uq_digital_signage_device_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  name: string;

  @ManyToOne(() => Branch, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_digital_signage_device_branch' })
  branch: Relation<Branch> | null;

  @ManyToOne(() => DigitalSignageStream, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'stream_id', foreignKeyConstraintName: 'fk_digital_signage_device_stream' })
  stream: Relation<DigitalSignageStream> | null;

  @Column({ type: 'varchar', length: 10, default: 'landscape' })
  orientation: Orientation;

  /** Pixels, `WIDTHxHEIGHT`. */
  @Column({ type: 'varchar', length: 20, default: '1920x1080' })
  resolution: string;

  /** When the player last fetched its stream (set by the player routes, never by the API). */
  @Column({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null;

  /**
   * sha256 of the player key (`POST /api/digital-signage-devices/{id}/api-key`); the key itself is shown
   * once, inside the player URL `/signage/{identifier}/{key}`. A new key replaces the old one.
   */
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  apiKeyHash: string | null;

  /** The key's last four characters, so staff can tell keys apart. */
  @Column({ type: 'varchar', length: 4, nullable: true })
  apiKeyHint: string | null;

  /** What the player reported with its last heartbeat (current segment, cache, errors). */
  @Column({ type: 'jsonb', nullable: true })
  playerState: SignagePlayerState | null;

  /**
   * When the back office asked for a screenshot; the heartbeat's answer tells the player until its
   * screenshot arrives, which clears it (docs/decisions/signage.md).
   */
  @Column({ type: 'timestamptz', nullable: true })
  screenshotRequestedAt: Date | null;

  /** When the newest screenshot arrived (server clock); only the newest is kept. */
  @Column({ type: 'timestamptz', nullable: true })
  screenshotTakenAt: Date | null;

  /** `image/jpeg` or `image/png`, as the content showed. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  screenshotType: string | null;

  /** The newest screenshot's bytes (at most 1 MB; read only by the screenshot route). */
  @Column({ type: 'bytea', nullable: true, select: false })
  screenshot: Buffer | null;
}
