import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Upload } from './upload.entity.js';

/** A font of image templates: a family in one variant, optionally with a self-hosted font file. */
@Entity({ name: 'font' })
@Index('uq_font_family_variant', ['family', 'variant'], { unique: true })
export class Font extends BaseEntity {
  @Column({ type: 'varchar', length: 100 })
  family: string;

  /** `regular`, `italic`, `700`, `700italic` … (the Google Fonts naming). */
  @Column({ type: 'varchar', length: 30, default: 'regular' })
  variant: string;

  /** The font file (woff2, ttf …) when the font is not a system or web font. */
  @ManyToOne(() => Upload, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'upload_id', foreignKeyConstraintName: 'fk_font_upload' })
  upload: Relation<Upload> | null;
}
