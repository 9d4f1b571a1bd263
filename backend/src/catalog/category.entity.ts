import type { Schedule } from '@ordering/common';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { Image } from '../media/image.entity.js';

/** A product group of the catalogue (Vorspeisen, Estrich ...); menus place products into categories. */
@Entity({ name: 'category' })
@Index('ix_category_position', ['position'])
export class Category extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** English name for the kiosk's English face (docs/decisions/kiosk.md); empty: the German one. */
  @Column({ type: 'varchar', length: 200, default: '' })
  nameEn: string;

  /** English description; empty: the German one. */
  @Column({ type: 'text', default: '' })
  descriptionEn: string;

  @ManyToOne(() => Image, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_category_image' })
  image: Relation<Image> | null;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  /** Opening-hour style rules in the branch's time zone (null: always), as common's `isWithinSchedule` reads them. */
  @Column({ type: 'jsonb', nullable: true })
  schedule: Schedule;

  @Column({ type: 'boolean', default: false })
  isVisibleWhenUnavailable: boolean;

  /** Bundle categories (Mittagsmenü) are skipped by the category bar. */
  @Column({ type: 'boolean', default: false })
  isBundle: boolean;

  /** "Vom Widerruf ausgenommen" for the products sold in it (§312g (2) BGB); on by default (food). */
  @Column({ type: 'boolean', default: true })
  isWithdrawalExempt: boolean;

  /**
   * The kiosk's upsell step: products offered after a guest adds one of this category's products
   * (`[{ id }]` in order; ids of deleted products are skipped when read).
   */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  upsellProducts: Array<{ id: number }>;

  /** Sort order in the back office (menus have their own order). */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
