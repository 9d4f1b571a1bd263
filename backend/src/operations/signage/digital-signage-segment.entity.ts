import { SEGMENT_TYPES } from '@ordering/common/schemas';
import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../../database/base.entity.js';
import { Image } from '../../media/image.entity.js';
import { Upload } from '../../media/upload.entity.js';

export { SEGMENT_TYPES };
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** A digital-signage segment (Filmsequenz): one image or video shown for a duration. */
@Entity({ name: 'digital_signage_segment' })
export class DigitalSignageSegment extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  type: SegmentType;

  @ManyToOne(() => Image, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_digital_signage_segment_image' })
  image: Relation<Image> | null;

  /** A video upload (mime type video/*). */
  @ManyToOne(() => Upload, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'video_id', foreignKeyConstraintName: 'fk_digital_signage_segment_video' })
  video: Relation<Upload> | null;

  /** Seconds on screen; required for images, videos play to their end when null. */
  @Column({ type: 'integer', nullable: true })
  duration: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  validFrom: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  validUntil: Date | null;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;
}
