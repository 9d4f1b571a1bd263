import { SEGMENT_TYPES } from '@ordering/common/schemas';
import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../../database/base.entity.js';
import { Image } from '../../media/image.entity.js';
import { ImageTemplate } from '../../media/image-template.entity.js';
import { Upload } from '../../media/upload.entity.js';
import { Product } from '../../catalog/product.entity.js';
import { Branch } from '../../branches/branch.entity.js';

export { SEGMENT_TYPES };
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** A digital-signage segment (Filmsequenz): one image, video or rendered image template shown for a duration. */
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

  /** An image template (type template), rendered with the product, branch and text below. */
  @ManyToOne(() => ImageTemplate, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'template_id', foreignKeyConstraintName: 'fk_digital_signage_segment_template' })
  template: Relation<ImageTemplate> | null;

  /** The product for `{product.name}` and `{product.price}`. */
  @ManyToOne(() => Product, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({
    name: 'template_product_id',
    foreignKeyConstraintName: 'fk_digital_signage_segment_template_product',
  })
  templateProduct: Relation<Product> | null;

  /** The branch for `{branch.name}`. */
  @ManyToOne(() => Branch, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({
    name: 'template_branch_id',
    foreignKeyConstraintName: 'fk_digital_signage_segment_template_branch',
  })
  templateBranch: Relation<Branch> | null;

  /** The free text for `{text}`. */
  @Column({ type: 'varchar', length: 500, default: '' })
  templateText: string;

  /** Seconds on screen; required for images and templates, videos play to their end when null. */
  @Column({ type: 'integer', nullable: true })
  duration: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  validFrom: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  validUntil: Date | null;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;
}
