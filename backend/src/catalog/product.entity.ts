import type {
  AllergenCode,
  AlternativeUnit,
  CalculationModel,
  ConfigurablePart,
  LeadTimeType,
  ProductType,
  Schedule,
  UnitCode,
} from '@ordering/common';
import { Column, Entity, Index, JoinTable, ManyToMany, type Relation } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { money, percent } from '../database/columns.js';
import { Image } from '../media/image.entity.js';
import { Tag } from '../tags/tag.entity.js';
import { quantity } from './columns.js';

/**
 * A product of the catalogue with its units, quantities, prices, taxes per order type, availability, lead
 * time and configurable parts. Alternative units and parts are value lists owned by the product (jsonb,
 * validated strictly on the way in); cart items address parts by index, so they need no table of their own.
 */
@Entity({ name: 'product' })
@Index('ix_product_position', ['position'])
export class Product extends BaseEntity {
  /** Stable uuid: cart items and orders keep it across edits. */
  @Index('uq_product_uid', { unique: true })
  @Column({ type: 'uuid' })
  uid: string;

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

  /** The EU allergens it contains, as Austrian letter codes in legend order (common's `ALLERGENS`). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  allergenCodes: AllergenCode[];

  /** Further allergen notes in free text ("Spuren von Nüssen"); what older free text did not map to codes. */
  @Column({ type: 'varchar', length: 500, default: '' })
  allergens: string;

  @ManyToMany(() => Image)
  @JoinTable({
    name: 'product_image',
    joinColumn: { name: 'product_id', foreignKeyConstraintName: 'fk_product_image_product' },
    inverseJoinColumn: { name: 'image_id', foreignKeyConstraintName: 'fk_product_image_image' },
  })
  images: Relation<Image>[];

  /** Display order of {@link Product.images} (image ids; a join table has no order of its own). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  imageOrder: number[];

  @Column({ type: 'varchar', length: 20, default: 'simple' })
  type: ProductType;

  /** Gross price per {@link Product.unit}. */
  @Column(money({ default: '0' }))
  price: number;

  @Column({ type: 'boolean', default: false })
  isPriceHidden: boolean;

  @Column({ type: 'varchar', length: 10, default: 'piece' })
  unit: UnitCode;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  alternativeUnits: AlternativeUnit[];

  @Column(quantity({ nullable: true }))
  minimumQuantity: number | null;

  @Column(quantity({ nullable: true }))
  maximumQuantity: number | null;

  @Column(quantity({ nullable: true }))
  quantityStepSize: number | null;

  @Column(quantity({ nullable: true }))
  defaultQuantity: number | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  defaultUnit: UnitCode | null;

  /** `base`: the price is a base price (Grundpreis); `unit` or null: an ordinary unit price. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  pricing: 'unit' | 'base' | null;

  /** Net quantity ("Füllmenge") of one product unit, for the PAngV unit price (common's `basePrice`). */
  @Column(quantity({ nullable: true }))
  netQuantity: number | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  netQuantityUnit: UnitCode | null;

  @Column({ type: 'varchar', length: 20, default: 'fixed' })
  calculationModel: CalculationModel;

  /** Tax rate in percent for delivery. */
  @Column(percent({ default: '0' }))
  tax: number;

  @Column(percent({ default: '0' }))
  takeawayTax: number;

  @Column(percent({ default: '0' }))
  dineInTax: number;

  @Column({ type: 'boolean', default: true })
  isEnabled: boolean;

  /** Opening-hour style rules (null: always), as common's `isWithinSchedule` reads them. */
  @Column({ type: 'jsonb', nullable: true })
  schedule: Schedule;

  @Column({ type: 'boolean', default: false })
  isVisibleWhenUnavailable: boolean;

  @Column({ type: 'boolean', default: false })
  isStepByStep: boolean;

  /** "Vom Widerruf ausgenommen" (§312g (2) BGB); on by default (food). common's isProductWithdrawalExempt. */
  @Column({ type: 'boolean', default: true })
  isWithdrawalExempt: boolean;

  @Column({ type: 'boolean', default: false })
  isLeadTimeEnabled: boolean;

  @Column({ type: 'varchar', length: 10, nullable: true })
  leadTimeType: LeadTimeType | null;

  @Column({ type: 'integer', nullable: true })
  leadTimeValue: number | null;

  /** Configurable parts with their options (ids are unique within the product). */
  @Column({ type: 'jsonb', default: () => `'{"parts": []}'` })
  config: { parts: ConfigurablePart[] };

  @ManyToMany(() => Tag)
  @JoinTable({
    name: 'product_tag',
    joinColumn: { name: 'product_id', foreignKeyConstraintName: 'fk_product_tag_product' },
    inverseJoinColumn: { name: 'tag_id', foreignKeyConstraintName: 'fk_product_tag_tag' },
  })
  tags: Relation<Tag>[];

  /** Sort order in the back office (menus have their own order). */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
