import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../database/base.entity.js';
import { money } from '../database/columns.js';

/** The payment methods with a record here: the online providers and the voucher (its code). */
export type RecordedMethod = 'mollie' | 'datatrans' | 'hydro-ag-voucher';

/**
 * Our state of a payment, normalised over the providers: `created` (no provider reference yet), `open`
 * (the customer is at the provider), `paid`, `failed`, `canceled`, `expired`, `refunded`.
 */
export type PaymentState = 'created' | 'open' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded';

/**
 * One payment of an order at a provider (Mollie payment `tr_…`, Datatrans transaction) or the voucher a
 * customer entered. `order_id` is deliberately no foreign key: a payment is a financial record that
 * outlives a deleted order, and the orders group has its own migrations (see docs/decisions/payments.md).
 */
@Entity({ name: 'order_payment' })
@Index('ix_order_payment_order', ['orderId'])
// A provider's id belongs to one payment; voucher codes may come again (a failed order, a second order).
@Index('uq_order_payment_reference', ['method', 'reference'], {
  unique: true,
  where: `method <> 'hydro-ag-voucher'`,
})
@Index('ix_order_payment_state', ['state'])
export class OrderPayment extends BaseEntity {
  @Column({ type: 'integer' })
  orderId: number;

  @Column({ type: 'uuid' })
  orderUid: string;

  @Column({ type: 'varchar', length: 30 })
  method: RecordedMethod;

  /** The provider's id (`tr_…`, Datatrans transactionId) or the voucher code; null until the provider answered. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  reference: string | null;

  @Column({ type: 'varchar', length: 20, default: 'created' })
  state: PaymentState;

  /** The provider's own status word as last read (`open`, `paid`, `authorized`, `settled` …). */
  @Column({ type: 'varchar', length: 30, nullable: true })
  providerStatus: string | null;

  /** `test` or `live` (Mollie: by the key's prefix; Datatrans: by the API host). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  mode: string | null;

  /** Amount sent to the provider: the order's server-side total. */
  @Column(money())
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** Where the browser completes the payment. */
  @Column({ type: 'text', nullable: true })
  checkoutUrl: string | null;

  /** The provider's id of the refund (Mollie `re_…`, Datatrans credit transaction). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  refundReference: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  refundedAt: Date | null;

  /**
   * The Mollie point-of-sale terminal (`term_…`) of a card payment at a kiosk; null for online payments.
   * Such a payment failing leaves its order waiting: the guest may try again or pay at the counter.
   */
  @Column({ type: 'varchar', length: 40, nullable: true })
  terminalId: string | null;

  /** Last time the provider was asked (webhook, poll job, staff re-check). */
  @Column({ type: 'timestamptz', nullable: true })
  checkedAt: Date | null;
}
