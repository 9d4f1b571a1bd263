import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { BaseEntity } from '../../database/base.entity.js';
import { DigitalSignageSegment } from './digital-signage-segment.entity.js';

/** A digital-signage stream: segments in play order. */
@Entity({ name: 'digital_signage_stream' })
export class DigitalSignageStream extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Index('uq_digital_signage_stream_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  /** Starts again after the last segment. */
  @Column({ type: 'boolean', default: true })
  loop: boolean;

  /** The play list; serialised as `segments: [{ id }]` in order. */
  @OneToMany(() => DigitalSignageStreamItem, (item) => item.stream, { cascade: true })
  items: Relation<DigitalSignageStreamItem>[];
}

/** One place in a stream's play list (a segment may appear more than once). */
@Entity({ name: 'digital_signage_stream_item' })
@Index('ix_digital_signage_stream_item_stream', ['stream', 'position'])
@Index('ix_digital_signage_stream_item_segment', ['segment'])
export class DigitalSignageStreamItem {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @ManyToOne(() => DigitalSignageStream, (stream) => stream.items, {
    nullable: false,
    onDelete: 'CASCADE',
    orphanedRowAction: 'delete',
  })
  @JoinColumn({ name: 'stream_id', foreignKeyConstraintName: 'fk_digital_signage_stream_item_stream' })
  stream: Relation<DigitalSignageStream>;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @ManyToOne(() => DigitalSignageSegment, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'segment_id', foreignKeyConstraintName: 'fk_digital_signage_stream_item_segment' })
  segment: Relation<DigitalSignageSegment>;

  /** The segment's id without loading it. */
  @Column({ type: 'integer', name: 'segment_id' })
  segmentId: number;
}
