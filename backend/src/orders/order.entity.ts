import type {
  OrderChannel,
  OrderItem,
  PaymentMethod,
  PricingResult,
  Questionnaire,
  StaffOrderState,
  OrderOffer,
  OrderWithdrawal,
} from '@ordering/common';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { BaseEntity } from '../database/base.entity.js';
import { money } from '../database/columns.js';
import type { PENDING_PAYMENT } from './order-payment.js';

/** The delivery area as it was when the order was placed (the area may change or go later). */
export interface DeliveryAreaSnapshot {
  id: number;
  area: string;
  price: number;
  tax: number;
  free: boolean;
  freeFromOrderValue: number | null;
  minimumOrderValue: number | null;
}

/** A stored item: the priced form item with the product's id and uid as they were. */
export type StoredOrderItem = OrderItem;

/**
 * An order or quotation request. Everything it shows later is a snapshot taken at order time (items with
 * names, prices and taxes; delivery area; table identifier; donatee name), so that editing or deleting a
 * product, area, table or donatee never changes or breaks an order. Only the branch is a foreign key.
 */
@Entity({ name: 'customer_order' })
@Index('ix_customer_order_branch_created', ['branch', 'createdAt'])
// The branches' average ratings (backend/src/orders/branch-ratings.ts) read only the reviewed orders.
@Index('ix_customer_order_branch_rating', ['branch', 'questionnaireRating'], {
  where: 'questionnaire_rating IS NOT NULL',
})
@Index('ix_customer_order_status', ['status'])
@Index('uq_customer_order_branch_ticket', ['branch', 'businessDate', 'ticketNumber'], { unique: true })
export class Order extends BaseEntity {
  /** Public id of the status page. */
  @Index('uq_customer_order_uid', { unique: true })
  @Column({ type: 'uuid' })
  uid: string;

  /** Secret of the status page (192 random bits, base64url); compared in constant time. */
  @Column({ type: 'varchar', length: 64 })
  hash: string;

  /**
   * Staff state derived from the flags with common's `staffState` (kept for filtering), or
   * `pendingPayment` while an online payment is open (see order-payment.ts).
   */
  @Column({ type: 'varchar', length: 20, default: 'unconfirmed' })
  status: StaffOrderState | typeof PENDING_PAYMENT;

  @ManyToOne(() => Branch, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_customer_order_branch' })
  branch: Relation<Branch> | null;

  @Column({ type: 'integer', nullable: true })
  branchId: number | null;

  /** Branch name at order time (the order outlives a deleted branch). */
  @Column({ type: 'varchar', length: 200, default: '' })
  branchName: string;

  /** Ticket number of the branch's business day (null for quotations or with tickets disabled). */
  @Column({ type: 'integer', nullable: true })
  ticketNumber: number | null;

  /** The branch's local date when the order arrived (the ticket numbers' day). */
  @Column({ type: 'date' })
  businessDate: string;

  @Column({ type: 'boolean', default: false })
  isQuotation: boolean;

  @Column({ type: 'boolean', default: false }) isDelivery: boolean;
  @Column({ type: 'boolean', default: false }) isDineIn: boolean;
  @Column({ type: 'boolean', default: false }) isConfirmed: boolean;
  @Column({ type: 'boolean', default: false }) isRejected: boolean;
  @Column({ type: 'boolean', default: false }) isCanceled: boolean;
  @Column({ type: 'boolean', default: false }) isCompleted: boolean;
  @Column({ type: 'boolean', default: false }) isInDelivery: boolean;
  @Column({ type: 'boolean', default: false }) isDelivered: boolean;
  @Column({ type: 'boolean', default: false }) isFailed: boolean;
  @Column({ type: 'boolean', default: false }) isPaid: boolean;
  @Column({ type: 'boolean', default: false }) isRefunded: boolean;

  @Column({ type: 'varchar', length: 50, nullable: true })
  tableIdentifier: string | null;

  @Column({ type: 'jsonb', nullable: true })
  deliveryArea: DeliveryAreaSnapshot | null;

  /** Requested appointment; null: as soon as possible. */
  @Column({ type: 'timestamptz', nullable: true })
  appointmentDate: Date | null;

  /** Appointment confirmed by staff. */
  @Column({ type: 'timestamptz', nullable: true })
  appointment: Date | null;

  /** Staff's counter-offer, waiting for the customer's answer. */
  @Column({ type: 'timestamptz', nullable: true })
  counterAppointment: Date | null;

  @Column({ type: 'text', nullable: true })
  rejectionMessage: string | null;

  @Column({ type: 'text', default: '' })
  comment: string;

  @Column({ type: 'varchar', length: 200, default: '' }) name: string;
  @Column({ type: 'varchar', length: 100, default: '' }) firstName: string;
  @Column({ type: 'varchar', length: 100, default: '' }) lastName: string;
  @Column({ type: 'varchar', length: 200, default: '' }) company: string;
  @Column({ type: 'varchar', length: 200, default: '' }) street: string;
  @Column({ type: 'varchar', length: 100, default: '' }) city: string;
  @Column({ type: 'varchar', length: 20, default: '' }) zipCode: string;
  @Column({ type: 'varchar', length: 50, default: '' }) floor: string;
  @Column({ type: 'varchar', length: 50, default: '' }) stairway: string;
  @Column({ type: 'varchar', length: 50, default: '' }) door: string;
  @Column({ type: 'varchar', length: 50, default: '' }) phone: string;
  @Column({ type: 'varchar', length: 200, default: '' }) email: string;

  @Column({ type: 'varchar', length: 30, default: 'cash' })
  paymentMethod: PaymentMethod;

  /** Where it was placed (`web`, `app`, `kiosk`, as the client said); null for orders from before. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  channel: OrderChannel | null;

  /** Donation recipient at order time. */
  @Column({ type: 'jsonb', nullable: true })
  donatee: { id: number; name: string } | null;

  /** The priced items, addressed by index. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  items: StoredOrderItem[];

  /** Totals as the server computed them. */
  @Column({ type: 'jsonb' })
  pricing: PricingResult;

  /** Grand total gross (copy of `pricing.totalGross` for sorting and statistics). */
  @Column(money({ default: '0' }))
  totalGross: number;

  @Column({ type: 'jsonb', nullable: true })
  questionnaire: Questionnaire | null;

  /** When the customer's personal data was anonymised (DSGVO erasure or retention period); null: never. */
  @Column({ type: 'timestamptz', nullable: true })
  anonymisedAt: Date | null;

  @Column({ type: 'smallint', nullable: true })
  questionnaireRating: number | null;

  /** Staff's priced offer for a quotation request, with the customer's answer (docs/decisions/orders.md). */
  @Column({ type: 'jsonb', nullable: true })
  offer: OrderOffer | null;

  /** Every line was exempt from withdrawal when the order was placed (§312g (2) BGB). */
  @Column({ type: 'boolean', default: true })
  isWithdrawalExempt: boolean;

  /** The customer's declaration of withdrawal (§356a BGB); null when none. docs/decisions/legal.md. */
  @Column({ type: 'jsonb', nullable: true })
  withdrawal: OrderWithdrawal | null;
}

/**
 * The last ticket number handed out per branch and business day. Incremented with
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` inside the order's transaction: the row lock serialises
 * concurrent orders of one branch, and a rolled-back order rolls its number back, so numbers stay gapless.
 */
@Entity({ name: 'order_ticket_counter' })
export class OrderTicketCounter {
  @PrimaryColumn({ type: 'integer' })
  branchId: number;

  @PrimaryColumn({ type: 'date' })
  businessDate: string;

  @Column({ type: 'integer' })
  last: number;

  @ManyToOne(() => Branch, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'branch_id', foreignKeyConstraintName: 'fk_order_ticket_counter_branch' })
  branch: Relation<Branch>;
}

/**
 * An `Idempotency-Key` of `POST /api/orders`: the request's hash, whether it is still in flight, and the
 * answer it got, so a repeated request receives the same answer instead of a second order.
 */
@Entity({ name: 'idempotency_key' })
@Index('ix_idempotency_key_created', ['createdAt'])
export class IdempotencyKey {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** SHA-256 of the canonical JSON of the body. */
  @Column({ type: 'varchar', length: 64 })
  requestHash: string;

  @Column({ type: 'varchar', length: 10 })
  status: 'in_flight' | 'done';

  @Column({ type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ type: 'jsonb', nullable: true })
  response: unknown;

  /** Set from the application clock (claim time). */
  @Column({ type: 'timestamptz' })
  createdAt: Date;
}
