import type { BusyMode, OpeningHourRuleType, OrderingPause, SoldOutEntry } from '@ordering/common';
import {
  Column,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  type Relation,
} from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { numericTransformer } from '../database/columns.js';
import { Division } from '../divisions/division.entity.js';
import { Image } from '../media/image.entity.js';
import { Tag } from '../tags/tag.entity.js';
import { DeliveryArea } from './delivery-area.entity.js';

/** One opening-hour rule as the specification shows it (stored as jsonb on the branch). */
export interface OpeningHourRuleJson {
  type: OpeningHourRuleType;
  date?: string | null;
  isClosed: boolean;
  from: string;
  to: string;
}

/** A shop location: where customers order, with its hours, order types, requirements and payment flags. */
@Entity({ name: 'branch' })
export class Branch extends BaseEntity {
  @Index('uq_branch_identifier', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  identifier: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @ManyToOne(() => Division, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'division_id', foreignKeyConstraintName: 'fk_branch_division' })
  division: Relation<Division> | null;

  @Column({ type: 'varchar', length: 200, default: '' })
  street: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  zipCode: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  email: string;

  @Column({ type: 'numeric', precision: 10, scale: 7, nullable: true, transformer: numericTransformer })
  longitude: number | null;

  @Column({ type: 'numeric', precision: 10, scale: 7, nullable: true, transformer: numericTransformer })
  latitude: number | null;

  @Column({ type: 'text', default: '' })
  keywords: string;

  @Column({ type: 'boolean', default: true })
  isPublic: boolean;

  @ManyToMany(() => Tag)
  @JoinTable({
    name: 'branch_tag',
    joinColumn: { name: 'branch_id', foreignKeyConstraintName: 'fk_branch_tag_branch' },
    inverseJoinColumn: { name: 'tag_id', foreignKeyConstraintName: 'fk_branch_tag_tag' },
  })
  tags: Relation<Tag>[];

  /** Header images of the branch card and store page. */
  @ManyToMany(() => Image)
  @JoinTable({
    name: 'branch_image',
    joinColumn: { name: 'branch_id', foreignKeyConstraintName: 'fk_branch_image_branch' },
    inverseJoinColumn: { name: 'image_id', foreignKeyConstraintName: 'fk_branch_image_image' },
  })
  images: Relation<Image>[];

  @ManyToOne(() => Image, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'logo_id', foreignKeyConstraintName: 'fk_branch_logo' })
  logo: Relation<Image> | null;

  /** IANA time zone in which the opening hours are meant. */
  @Column({ type: 'varchar', length: 64, default: 'Europe/Vienna' })
  timeZone: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  openingHours: OpeningHourRuleJson[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  deliveryHours: OpeningHourRuleJson[];

  @Column({ type: 'boolean', default: false })
  isDeliveryHoursEnabled: boolean;

  @Column({ type: 'boolean', default: true })
  isTakeawayEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  isDeliveryEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  isDineInEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  isTableSelectionEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  isPreorderEnabled: boolean;

  @Column({ type: 'boolean', default: false })
  isAppointmentRequired: boolean;

  @Column({ type: 'boolean', default: false })
  isQuotationRequired: boolean;

  /** Orders are accepted only from this moment on (a branch that opens soon). */
  @Column({ type: 'timestamptz', nullable: true })
  orderableFrom: Date | null;

  @Column({ type: 'text', default: '' })
  closedMessage: string;

  @OneToMany(() => DeliveryArea, (area) => area.branch, { cascade: true, eager: true })
  deliveryAreas: Relation<DeliveryArea>[];

  @Column({ type: 'boolean', default: false })
  isDeliveryEmailRequired: boolean;
  @Column({ type: 'boolean', default: false })
  isDineInEmailRequired: boolean;
  @Column({ type: 'boolean', default: false })
  isTakeawayEmailRequired: boolean;
  @Column({ type: 'boolean', default: true })
  isDeliveryPhoneRequired: boolean;
  @Column({ type: 'boolean', default: false })
  isDineInPhoneRequired: boolean;
  @Column({ type: 'boolean', default: false })
  isTakeawayPhoneRequired: boolean;
  @Column({ type: 'boolean', default: true })
  isDeliveryAddressRequired: boolean;
  @Column({ type: 'boolean', default: false })
  isDineInAddressRequired: boolean;
  @Column({ type: 'boolean', default: false })
  isTakeawayAddressRequired: boolean;

  @Column({ type: 'boolean', default: true })
  isCashEnabled: boolean;
  @Column({ name: 'is_atm_card_enabled', type: 'boolean', default: false })
  isATMCardEnabled: boolean;
  @Column({ name: 'is_hydro_ag_voucher_enabled', type: 'boolean', default: false })
  isHydroAGVoucherEnabled: boolean;
  @Column({ type: 'boolean', default: false })
  isMollieEnabled: boolean;
  @Column({ type: 'boolean', default: false })
  isDatatransEnabled: boolean;

  /** Length of a capacity slot in minutes (see common's `slot-capacity.ts`). */
  @Column({ type: 'smallint', default: 15 })
  slotMinutes: number;

  /** Takeaway and dine-in orders per slot; null: no limit. */
  @Column({ type: 'integer', nullable: true })
  slotCapacity: number | null;

  /** Delivery orders per slot; null: no limit. */
  @Column({ type: 'integer', nullable: true })
  deliverySlotCapacity: number | null;

  /** Minutes a new order needs at least when accepted without a chosen time; null: none. */
  @Column({ type: 'smallint', nullable: true })
  defaultPreparationMinutes: number | null;

  /** New orders are confirmed automatically with the default preparation time (a job, see orders.md). */
  @Column({ type: 'boolean', default: false })
  isAutoAcceptEnabled: boolean;

  /** Online ordering paused by staff until a moment (ends by itself; see common's `ordering-pause.ts`). */
  @Column({ type: 'jsonb', nullable: true })
  orderingPause: OrderingPause | null;

  /** "Viel los": extra preparation minutes for new orders until a moment. */
  @Column({ type: 'jsonb', nullable: true })
  busyMode: BusyMode | null;

  /** Sold-out marks set by staff (common's `sold-out.ts` decides which count; kitchen.md "Ausverkauft"). */
  @Column({ type: 'jsonb', nullable: true })
  soldOut: SoldOutEntry[] | null;

  /** Secret of the branch's front-desk and back-office order lists (path parameter). Never public. */
  @Column({ type: 'varchar', length: 64, select: true })
  apiKey: string;
}
