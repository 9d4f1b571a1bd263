import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { DeliveryPolygon } from '@ordering/common';
import { money, numericTransformer, percent } from '../database/columns.js';
import { Branch } from './branch.entity.js';

/** An area a branch delivers to, with its fee, tax and order thresholds. */
@Entity({ name: 'delivery_area' })
@Index('ix_delivery_area_branch', ['branch'])
export class DeliveryArea {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @ManyToOne(() => Branch, (branch) => branch.deliveryAreas, {
    onDelete: 'CASCADE',
    orphanedRowAction: 'delete',
  })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_delivery_area_branch' })
  branch: Relation<Branch>;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'varchar', length: 200 })
  area: string;

  @Column(money({ default: '0' }))
  price: number;

  @Column(percent({ default: '0' }))
  tax: number;

  @Column({ type: 'boolean', default: false })
  free: boolean;

  @Column(money({ nullable: true }))
  freeFromOrderValue: number | null;

  @Column(money({ nullable: true }))
  minimumOrderValue: number | null;

  /** Postcodes and ranges served, as entered (`1070, 1080-1090`); see common's delivery-area.ts. */
  @Column({ type: 'varchar', length: 2000, default: '' })
  postcodes: string;

  /** Radius in km around the branch's coordinates; null: none. */
  @Column({ type: 'numeric', precision: 6, scale: 2, nullable: true, transformer: numericTransformer })
  radiusKm: number | null;

  /** A GeoJSON Polygon or MultiPolygon (WGS84); null: none. */
  @Column({ type: 'jsonb', nullable: true })
  polygon: DeliveryPolygon | null;
}
