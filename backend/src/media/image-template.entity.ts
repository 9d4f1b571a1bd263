import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Font } from './font.entity.js';
import { Image } from './image.entity.js';

/** An image template (Bildvorlage): a canvas with layers of text, pictures and shapes, e.g. for signage. */
@Entity({ name: 'image_template' })
export class ImageTemplate extends BaseEntity {
  @Index('uq_image_template_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** CSS colour of the canvas. */
  @Column({ type: 'varchar', length: 50, default: '#ffffff' })
  background: string;

  /** Published: anybody may fetch its renders (signage players have no sign-in); else staff only. */
  @Column({ type: 'boolean', default: false })
  isPublished: boolean;

  /** The layers, bottom first (`position`). Named apart from the JSON key `layers`, which the service builds. */
  @OneToMany(() => ImageTemplateLayer, (layer) => layer.imageTemplate, { cascade: ['insert', 'update'] })
  layerRows: Relation<ImageTemplateLayer>[];
}

/** One layer of an image template. */
@Entity({ name: 'image_template_layer' })
export class ImageTemplateLayer extends BaseEntity {
  @ManyToOne(() => ImageTemplate, (template) => template.layerRows, {
    nullable: false,
    onDelete: 'CASCADE',
    orphanedRowAction: 'delete',
  })
  @JoinColumn({
    name: 'image_template_id',
    foreignKeyConstraintName: 'fk_image_template_layer_image_template',
  })
  @Index('ix_image_template_layer_image_template')
  imageTemplate: Relation<ImageTemplate>;

  /** Stacking order, 0 at the bottom. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  /** `text`, `image` or `shape` (a filled rectangle). */
  @Column({ type: 'varchar', length: 10 })
  type: 'text' | 'image' | 'shape';

  @Column({ type: 'integer', default: 0 })
  x: number;

  @Column({ type: 'integer', default: 0 })
  y: number;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** Degrees clockwise around the layer's centre. */
  @Column({ type: 'real', default: 0 })
  rotation: number;

  /** 0 (invisible) to 1. */
  @Column({ type: 'real', default: 1 })
  opacity: number;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @Column({ type: 'integer', name: 'font_id', nullable: true })
  fontId: number | null;

  @ManyToOne(() => Font, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'font_id', foreignKeyConstraintName: 'fk_image_template_layer_font' })
  font: Relation<Font> | null;

  @Column({ type: 'integer', nullable: true })
  fontSize: number | null;

  /** left, center or right. */
  @Column({ type: 'varchar', length: 10, default: 'left' })
  textAlign: 'left' | 'center' | 'right';

  /** CSS colour of text or shape. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  color: string | null;

  @Column({ type: 'integer', name: 'image_id', nullable: true })
  imageId: number | null;

  @ManyToOne(() => Image, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_image_template_layer_image' })
  image: Relation<Image> | null;

  /** Locked in the editor: not moved or resized by the pointer or the arrow keys. */
  @Column({ type: 'boolean', default: false })
  locked: boolean;
}
