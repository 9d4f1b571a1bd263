import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

const bigintNumber = {
  to: (v: number | undefined) => v,
  from: (v: string | null) => (v === null ? v : Number(v)),
};

/**
 * One event of the live stream, written in the transaction of the change it reports. Its id is the SSE
 * event id: a client reconnecting with `Last-Event-ID` gets every row after it (within its scope).
 */
@Entity({ name: 'event_log' })
@Index('ix_event_log_branch', ['branchId', 'id'])
@Index('ix_event_log_order_uid', ['orderUid', 'id'])
@Index('ix_event_log_created_at', ['createdAt'])
export class EventLog {
  @Generated('increment')
  @PrimaryColumn({ type: 'bigint', transformer: bigintNumber, primaryKeyConstraintName: 'pk_event_log' })
  id: number;

  /** `order.created`, `order.updated`, `order.status`, `print.job`. */
  @Column({ type: 'varchar', length: 50 })
  type: string;

  /** The branch whose staff and devices see it. */
  @Column({ type: 'integer', nullable: true })
  branchId: number | null;

  /** The order it is about (the customer's status page follows these). */
  @Column({ type: 'uuid', nullable: true })
  orderUid: string | null;

  /** What staff receive (the staff view of the order). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  payload: Record<string, unknown>;

  /** What the customer's status page receives (no internal fields), or null when it is staff-only. */
  @Column({ type: 'jsonb', nullable: true })
  publicPayload: Record<string, unknown> | null;

  @Column({ type: 'timestamptz' })
  createdAt: Date;
}
