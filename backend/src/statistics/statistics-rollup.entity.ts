import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/*
 * The daily roll-ups of the order statistics (docs/decisions/statistics.md, "A year of orders"). Each row
 * sums the orders of one branch's business day; `branch_key` is the branch's id, 0 for orders whose branch
 * was deleted (a key column cannot be null). They are derived data: `StatisticsRollup` recomputes a day
 * from `customer_order` whenever the day is in `statistics_dirty_day`, which triggers on `customer_order`
 * (and on a branch's time zone) fill. No foreign keys: a deleted branch's days are recomputed empty.
 */

/** Orders, revenue and line amounts per branch, day and state. */
@Entity({ name: 'statistics_order_day' })
export class StatisticsOrderDay {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'pk_statistics_order_day' })
  businessDate: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_statistics_order_day' })
  branchKey: number;

  /** `counted` (served), `canceled` or `rejected`; other orders are in no roll-up. */
  @PrimaryColumn({ type: 'varchar', length: 10, primaryKeyConstraintName: 'pk_statistics_order_day' })
  state: string;

  @Column({ type: 'integer' })
  orders: number;

  /** `SUM(total_gross)`, exact. */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  revenue: string;

  /** The sum of the line amounts (unconstrained numeric: weights and areas keep their decimals). */
  @Column({ type: 'numeric' })
  items: string;
}

/** The counted orders per branch and day, split by type, by payment method and by channel. */
@Entity({ name: 'statistics_split_day' })
export class StatisticsSplitDay {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'pk_statistics_split_day' })
  businessDate: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_statistics_split_day' })
  branchKey: number;

  /** `type`, `payment` or `channel`: each counted order is in one part of each. */
  @PrimaryColumn({ type: 'varchar', length: 10, primaryKeyConstraintName: 'pk_statistics_split_day' })
  split: string;

  /** `takeaway`/`delivery`/`dineIn`; the payment method; the channel, `unknown` for none. */
  @PrimaryColumn({ type: 'varchar', length: 30, primaryKeyConstraintName: 'pk_statistics_split_day' })
  part: string;

  @Column({ type: 'integer' })
  orders: number;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  revenue: string;
}

/** The counted orders' lines per branch, day, product and unit (the best sellers). */
@Entity({ name: 'statistics_item_day' })
export class StatisticsItemDay {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'pk_statistics_item_day' })
  businessDate: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_statistics_item_day' })
  branchKey: number;

  /** The product's id as the line stored it (text), '' for a line without one. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pk_statistics_item_day' })
  productKey: string;

  /** The line's unit, '' for none. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pk_statistics_item_day' })
  unit: string;

  @Column({ type: 'numeric', nullable: true })
  quantity: string | null;

  /** Orders with the product (an order belongs to one branch and day, so the days' counts add up). */
  @Column({ type: 'integer' })
  orders: number;

  @Column({ type: 'numeric' })
  revenue: string;

  /** The name of the day's latest line, with its order's arrival and id (the latest over a range wins). */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'timestamptz' })
  nameAt: Date;

  @Column({ type: 'integer' })
  nameOrderId: number;
}

/** The counted orders per branch, day and arrival hour (ISO weekday and hour in the branch's zone). */
@Entity({ name: 'statistics_hour_day' })
export class StatisticsHourDay {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'pk_statistics_hour_day' })
  businessDate: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'pk_statistics_hour_day' })
  branchKey: number;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'pk_statistics_hour_day' })
  dow: number;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'pk_statistics_hour_day' })
  hour: number;

  @Column({ type: 'integer' })
  orders: number;
}

/**
 * Branch days whose orders changed since their roll-ups were computed: appended by triggers in the
 * statement that changes the order (no extra round trip, no lock another order waits for), consumed by
 * the next statistics read.
 */
@Entity({ name: 'statistics_dirty_day' })
export class StatisticsDirtyDay {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_statistics_dirty_day' })
  id: string;

  @Column({ type: 'integer' })
  branchKey: number;

  @Column({ type: 'date' })
  businessDate: string;
}
