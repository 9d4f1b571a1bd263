/**
 * The print job as a terminal fetches it (`GET /api/devices/me/jobs`) and the receipt order inside it:
 * everything a receipt, a kitchen ticket or a label prints. The backend builds them with `satisfies`
 * (backend/src/printing/), the desktop's receipt renders them (desktop/src/main/terminal/receipt.ts).
 *
 * @packageDocumentation
 */
import type { IsoDateTime, MoneyAmount, TaxRatePercent } from './base.js';
import type { OrderPaymentLine, PrintKind } from './order.js';

/** What a print job prints: staff's {@link PrintKind}, the "STORNIERT" slip, or a device's test page. */
export type PrintJobKind = PrintKind | 'cancellation' | 'test';

/** Why a print job exists: a new order, staff's request, a cancellation after printing, a test page. */
export const PRINT_JOB_REASONS = ['created', 'requested', 'cancelled', 'test'] as const;
export type PrintJobReason = (typeof PRINT_JOB_REASONS)[number];

/** One receipt line: an item of the staff view of an order (`items`). */
export interface ReceiptItem {
  name: string;
  /** Quantity in {@link ReceiptItem.unit}. */
  amount: number;
  /** A unit code (`piece`, `serving`, `kg` …); the receipt prints common's label of it. */
  unit: string;
  /** Gross unit price in major units. */
  unitPrice: MoneyAmount;
  /** Gross line price in major units. */
  price: MoneyAmount;
  tax: TaxRatePercent;
  /** The price was hidden from the customer: the receipt prints no price on this line. */
  isPriceHidden?: boolean;
  /** The chosen parts and options as text (`Extra Käse`), one line each under the item. */
  partLabels?: string[];
}

/** The totals of a receipt: items, delivery, grand total, its net and the tax per rate. */
export interface ReceiptPricing {
  gross: MoneyAmount;
  deliveryGross: MoneyAmount;
  totalNet: MoneyAmount;
  totalGross: MoneyAmount;
  /** Tax amount per rate in percent (key `"10"`, `"20"`). */
  taxes: Record<string, MoneyAmount>;
}

/** The staff view of an order (`GET /api/orders/{id}`) as far as a receipt reads it. */
export interface ReceiptOrder {
  id: number;
  uid: string;
  /** For the status page's QR code. */
  hash: string;
  ticketNumber?: number | null;
  branchName?: string | null;
  isDelivery: boolean;
  isDineIn: boolean;
  isPaid?: boolean;
  isQuotation?: boolean;
  isCanceled?: boolean;
  isRejected?: boolean;
  rejectionMessage?: string | null;
  tableIdentifier?: string | null;
  deliveryArea?: string | null;
  /** The time the customer wished (null: as soon as possible). */
  appointmentDate?: IsoDateTime | null;
  /** The time staff confirmed. */
  appointment?: IsoDateTime | null;
  comment?: string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  street?: string | null;
  zipCode?: string | null;
  city?: string | null;
  floor?: string | null;
  stairway?: string | null;
  door?: string | null;
  phone?: string | null;
  /** A payment method code (`PaymentMethod`; the terminal prints unknown ones as they are). */
  paymentMethod: string;
  payment?: Pick<OrderPaymentLine, 'state' | 'text'>;
  items: ReceiptItem[];
  pricing?: ReceiptPricing;
  createdAt?: IsoDateTime;
}

/** The branch header of a receipt. */
export interface PrintBranch {
  id: number;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  phone: string;
}

/** A print job as `GET /api/devices/me/jobs` hands it out: all a terminal needs to print it. */
export interface PrintJob {
  id: number;
  kind: PrintJobKind;
  reason: PrintJobReason;
  createdAt: IsoDateTime;
  /** How often the job was handed out (1 on the first). */
  attempts: number;
  /** Until when the job is this device's (no other device of the branch gets it meanwhile). */
  leasedUntil: IsoDateTime;
  /** For the QR code to the status page. */
  publicUrl: string;
  shop: { name: string };
  branch: PrintBranch | null;
  /** The order (null for a test page). */
  order: ReceiptOrder | null;
}
