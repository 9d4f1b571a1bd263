import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One analytics record of the storefront (`POST /api/analytics-log`): a page view, an event or a commerce
 * event, sent only with the visitor's cookie consent. Kept for the statistics (page views, pages, events,
 * unique visitors, visitor times). Written once, never changed, so there is no `updated_at`.
 */
@Entity({ name: 'analytics_log' })
@Index('ix_analytics_log_occurred_at', ['occurredAt'])
@Index('ix_analytics_log_type_occurred_at', ['type', 'occurredAt'])
export class AnalyticsLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** When the server received it (the injectable clock). */
  @Column({ type: 'timestamptz', name: 'occurred_at' })
  occurredAt: Date;

  /** `pageview`, `event` or `commerce`. */
  @Column({ type: 'varchar', length: 30 })
  type: string;

  /** What happened (`view`, `purchase`, `add_to_cart` …). */
  @Column({ type: 'varchar', length: 100 })
  action: string;

  /** Grouping of events (`content`, `checkout` …); empty when none. */
  @Column({ type: 'varchar', length: 100, default: '' })
  category: string;

  /** The page path (without query), when sent. */
  @Column({ type: 'varchar', length: 500, default: '' })
  path: string;

  /** Free JSON of the event (items, value, currency …), at most 8 KB. */
  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  /**
   * Counts unique visitors without a cookie and without storing the address: a hash of the address and
   * browser with a salt that changes every day and is never stored (see docs/decisions/content.md).
   */
  @Column({ type: 'varchar', length: 32, name: 'visitor_hash' })
  visitorHash: string;
}
