import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { BaseEntity } from '../database/base.entity.js';
import { Order } from '../orders/order.entity.js';
import { PreparationStation } from './preparation-station.entity.js';

/**
 * One order's state at one station: its stage and the items marked done. Written on the first tap; an
 * order without a row is at the first stage with nothing done.
 */
@Entity({ name: 'kitchen_ticket' })
@Index('uq_kitchen_ticket_order_station', ['order', 'station'], { unique: true })
@Index('ix_kitchen_ticket_station_bumped', ['station', 'bumpedAt'])
export class KitchenTicketState extends BaseEntity {
  @ManyToOne(() => Order, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'fk_kitchen_ticket_order' })
  order: Relation<Order>;

  @Column({ type: 'integer' })
  orderId: number;

  @ManyToOne(() => PreparationStation, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'station_id', foreignKeyConstraintName: 'fk_kitchen_ticket_station' })
  station: Relation<PreparationStation>;

  @Column({ type: 'integer' })
  stationId: number;

  @Column({ type: 'smallint', default: 0 })
  stage: number;

  /** Indices of the order's items marked done at this station. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  doneItems: number[];

  /** When the ticket last moved a stage (recall lists the newest). */
  @Column({ type: 'timestamptz', nullable: true })
  bumpedAt: Date | null;

  /**
   * Moved back by "Zurückholen" and not finished since: the ticket shows even when the order is already
   * "Abholbereit"/"In Zustellung" (the kitchen took it back).
   */
  @Column({ type: 'boolean', default: false })
  recalled: boolean;
}

/** A branch's kitchen settings (stages, colour thresholds, ready when done); defaults without a row. */
@Entity({ name: 'kitchen_settings' })
export class KitchenSettingsRow {
  @PrimaryColumn({ type: 'integer' })
  branchId: number;

  @ManyToOne(() => Branch, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_kitchen_settings_branch' })
  branch: Relation<Branch>;

  @Column({ type: 'jsonb' })
  stages: string[];

  @Column({ type: 'smallint' })
  warnMinutes: number;

  @Column({ type: 'smallint' })
  lateMinutes: number;

  @Column({ type: 'boolean', default: false })
  readyWhenDone: boolean;
}
