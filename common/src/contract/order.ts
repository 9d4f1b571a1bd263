import type { Entity, IsoDate, IsoDateTime, MoneyAmount, Ref, TaxRatePercent } from './base.js';
import type { CalculationModel, UnitCode } from './catalog.js';
import type { OrderWithdrawal } from './withdrawal.js';

/**
 * The payment state the status page and the boards show: `pending` while an online payment is open,
 * `paid`, `refunded`, `failed` (online payment failed or expired), `unpaid` (paid at the counter later).
 */
export const ORDER_PAYMENT_STATES = ['pending', 'paid', 'refunded', 'failed', 'unpaid'] as const;

/** An order's payment state. */
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/** The payment line of an order: its state and the German text for it ("Warten auf Zahlung" …). */
export interface OrderPaymentLine {
  state: OrderPaymentState;
  text: string;
}

/** Payment method codes (spec section 9); the default is `cash`. */
export const PAYMENT_METHODS = ['cash', 'atm-card', 'hydro-ag-voucher', 'mollie', 'datatrans'] as const;

/** A payment method code. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Where an order was placed (docs/decisions/statistics.md, "Splits"): `web` the website in a browser,
 * `app` the installed app (home-screen PWA or the desktop shell), `kiosk` the self-service kiosk. The
 * client says it with the form; the server stores it (default `web`), orders from before have none.
 */
export const ORDER_CHANNELS = ['web', 'app', 'kiosk'] as const;

/** An order channel. */
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Order type (mode). */
export type OrderType = 'takeaway' | 'delivery' | 'dineIn';

/**
 * Staff status actions: `POST /api/orders/{id}/status/{action}`. `delivered` is for delivery orders only,
 * from "in Zustellung" and before completion.
 */
export const ORDER_STATUS_ACTIONS = [
  'cancel',
  'confirm',
  'reject',
  'in-delivery',
  'delivered',
  'completed',
] as const;

/** A staff status action. */
export type OrderStatusAction = (typeof ORDER_STATUS_ACTIONS)[number];

/**
 * A file reference inside a part value: an upload by id. In an order form it carries the upload's
 * `secret` (given only to the uploader by `POST /api/uploads/public`) as proof of ownership; a stored
 * order keeps the id only.
 */
export type PartFileValue = Ref & { secret?: string };

/**
 * The value of one configurable part in a cart or order item, by part type:
 * - `select`: the chosen option's index in `part.options`, or `null`;
 * - `multiselect`: the chosen option indices;
 * - `text`, `textarea`: the text;
 * - `image`, `images`, `file`, `files`: the uploads (at most one for the singular types).
 */
export type PartValue = number | null | number[] | string | PartFileValue[];

/** An item as the checkout sends it (prices are recomputed by the server). */
export interface OrderFormItem {
  /** The product by id and uid. */
  product: { id: number; uid: string };
  /** Quantity in {@link OrderFormItem.unit} (> 0). */
  amount: number;
  /** The unit the quantity is in (the product unit or an alternative unit). */
  unit: UnitCode;
  /** One value per configurable part, in part order. */
  parts: PartValue[];
}

/** A stored order item: the form item plus what was priced. */
export interface OrderItem extends OrderFormItem {
  /** Product name at order time. */
  name: string;
  /** Gross unit price (per {@link OrderFormItem.unit}, modifiers applied) in major units. */
  unitPrice: MoneyAmount;
  /** Gross line price in major units. */
  price: MoneyAmount;
  /** Tax rate applied (by order type). */
  tax: TaxRatePercent;
  /** Calculation model at order time. */
  calculationModel: CalculationModel;
  /** The price was hidden from the customer. */
  isPriceHidden: boolean;
  /** Part values rendered as text for receipts (`Extra Käse`, file names …). */
  partLabels?: string[];
}

/** The review questionnaire (each rating 1 to 5). */
export interface Questionnaire {
  /** Overall rating 1-5. */
  rating: number;
  /** Food rating 1-5. */
  foodRating: number;
  /** Service rating 1-5. */
  serviceRating: number;
  /** Process rating 1-5. */
  processRating: number;
  /** Free comment. */
  comment?: string | null;
}

/**
 * The customers' review answers of one branch in a period (`GET /api/orders/review-averages`): how many,
 * and the average of each of the four ratings (1 to 5, one decimal; null without a review).
 */
export interface ReviewAverage {
  /** The branch; null for the sum over every branch (`overall`). */
  branch: Ref | null;
  /** The branch's name (its name at the time of the orders when it no longer exists). */
  branchName: string;
  /** Number of reviews. */
  count: number;
  /** Overall rating. */
  rating: number | null;
  foodRating: number | null;
  serviceRating: number | null;
  processRating: number | null;
}

/** Answer of `GET /api/orders/review-averages?from&to&branch`: per branch, and over all of them. */
export interface ReviewAverages {
  /** First business day counted (null: from the beginning). */
  from: IsoDate | null;
  /** Last business day counted (null: up to today). */
  to: IsoDate | null;
  /** Branches with at least one review, by name. */
  branches: ReviewAverage[];
  /** All reviewed orders in scope together. */
  overall: ReviewAverage;
}

/** The form sent at checkout (`POST` create order). */
export interface OrderForm {
  /** Full name (optional; firstName/lastName are the required parts). */
  name?: string | null;
  /** First name. */
  firstName: string;
  /** Last name. */
  lastName: string;
  /** Company. */
  company?: string | null;
  /** Street and number. */
  street?: string | null;
  /** Postcode and city. */
  city?: string | null;
  /** Postcode, when entered separately. */
  zipCode?: string | null;
  /** Chosen delivery area (delivery only). */
  deliveryArea?: Ref | null;
  /** Floor. */
  floor?: string | null;
  /** Stairway. */
  stairway?: string | null;
  /** Door. */
  door?: string | null;
  /** Phone (normalised: digits, plus and spaces). */
  phone?: string | null;
  /** E-mail. */
  email?: string | null;
  /** Chosen appointment (ISO 8601) or null for "as soon as possible". */
  appointmentDate?: IsoDateTime | null;
  /** Notes, remarks, allergies. */
  comment?: string | null;
  /** Payment method (default `cash`). */
  paymentMethod: PaymentMethod;
  /** Where the order is placed (default `web`); for the statistics only. */
  channel?: OrderChannel;
  /** Voucher code (payment method `hydro-ag-voucher`), checked with the issuer before the order is written. */
  voucherCode?: string | null;
  /** Terms accepted. */
  legalInstructions: boolean;
  /** Privacy policy accepted. */
  privacyPolicy: boolean;
  /** The branch ordered from. */
  branch: Ref;
  /** Chosen table (dine-in with table selection). */
  table?: Ref | null;
  /** Chosen donation recipient. */
  donatee?: Ref | null;
  /** Delivery order. */
  isDelivery: boolean;
  /** Dine-in order (neither flag: takeaway). */
  isDineIn: boolean;
  /** The cart items. */
  items: OrderFormItem[];
}

/** Status flags of an order (the status machine is in `order-status.ts`). */
export interface OrderFlags {
  /** Rejected by staff. */
  isRejected: boolean;
  /** Completed. */
  isCompleted: boolean;
  /** Confirmed by staff. */
  isConfirmed: boolean;
  /** Delivery order. */
  isDelivery: boolean;
  /** Dine-in order. */
  isDineIn: boolean;
  /** Out for delivery, or ready for pickup for takeaway/dine-in. */
  isInDelivery: boolean;
  /** Delivered (delivery only). */
  isDelivered: boolean;
  /** Cancelled (by staff or by the customer rejecting a counter-offer). */
  isCanceled: boolean;
  /** Failed (e.g. online payment failed or expired). */
  isFailed: boolean;
  /** Paid online. */
  isPaid: boolean;
  /** Refunded. */
  isRefunded: boolean;
}

/** An order as staff and (via uid and hash) the customer see it. */
export interface Order extends Entity, OrderFlags {
  /** Public uuid. */
  uid: string;
  /** Access secret of the public status page. */
  hash: string;
  /** Ticket number of the branch (null when tickets are disabled). */
  ticketNumber?: number | null;
  /** Table identifier for dine-in. */
  tableIdentifier?: string | null;
  /** The branch. */
  branch: Ref;
  /** Items, addressed by index (`PUT /api/orders/{id}/items/{itemIndex}`). */
  items: OrderItem[];
  /** Requested appointment (ISO 8601) or null for "as soon as possible". */
  appointmentDate?: IsoDateTime | null;
  /** The appointment as confirmed by staff (ISO 8601). */
  appointment?: IsoDateTime | null;
  /** Staff counter-offer for the appointment (ISO 8601). */
  counterAppointment?: IsoDateTime | null;
  /** Reason given on rejection. */
  rejectionMessage?: string | null;
  /** Customer comment. */
  comment?: string | null;
  /** Payment method. */
  paymentMethod: PaymentMethod;
  /** Overall rating once the questionnaire was sent. */
  questionnaireRating?: number | null;
  /** Customer data as entered at checkout. */
  firstName?: string | null;
  /** Customer last name. */
  lastName?: string | null;
  /** Company. */
  company?: string | null;
  /** Street. */
  street?: string | null;
  /** City. */
  city?: string | null;
  /** Postcode. */
  zipCode?: string | null;
  /** Delivery area name at order time. */
  deliveryArea?: string | null;
  /** Floor. */
  floor?: string | null;
  /** Stairway. */
  stairway?: string | null;
  /** Door. */
  door?: string | null;
  /** Phone. */
  phone?: string | null;
  /** E-mail. */
  email?: string | null;
  /** Donation recipient. */
  donatee?: Ref | null;
  /** Totals as computed by the server. */
  pricing?: PricingResult;
  /** A quotation request (branch with `isQuotationRequired`), not an order to fulfil. */
  isQuotation?: boolean;
  /** Staff's priced offer for a quotation request (null until one is sent). */
  offer?: OrderOffer | null;
  /**
   * Every line was exempt from the right of withdrawal when the order was placed (§312g (2) BGB: food and
   * other goods whose product and categories are marked "vom Widerruf ausgenommen").
   */
  isWithdrawalExempt?: boolean;
  /** Staff view: the customer's withdrawal (§356a BGB), null when none was declared. */
  withdrawal?: OrderWithdrawal | null;
  /**
   * Staff view only: when the customer's personal data was erased (DSGVO Art. 17 or the retention
   * period; ISO 8601), null while it is kept.
   */
  anonymisedAt?: IsoDateTime | null;
}

/** The staff-side state of an order, derived from its flags (`staffState` in `order-status.ts`). */
export type StaffOrderState =
  'unconfirmed' | 'confirmed' | 'inDelivery' | 'delivered' | 'completed' | 'rejected' | 'canceled' | 'failed';

/** The six customer-facing states (spec section 4; `customerStatus` in `order-status.ts`). */
export type CustomerOrderStatus =
  'waiting' | 'confirmed' | 'inDelivery' | 'delivered' | 'completed' | 'canceled';

/**
 * The staff view of an order: what `GET /api/orders/{id}`, the order lists and boards answer, and the `order`
 * of every order event. Everything, including the customer's contact data and the status page secret, plus
 * the state and the actions the transition table allows now.
 */
export interface StaffOrder extends Order {
  /** The staff state, or `pendingPayment` while an online payment is open. */
  status: StaffOrderState | 'pendingPayment';
  /** The status actions allowed now (none while an online payment is open). */
  allowedActions: OrderStatusAction[];
  /** The payment line. */
  payment: OrderPaymentLine;
  /** The customer-facing state. */
  customerStatus: CustomerOrderStatus;
  /** The branch's business day the order counts to (`YYYY-MM-DD`). */
  businessDate: IsoDate;
  /** The branch's name at order time. */
  branchName: string;
  /** The delivery area's id at order time (null: none). */
  deliveryAreaId: number | null;
  /** Full name as entered. */
  name?: string | null;
  /** The donation recipient as it was at order time. */
  donatee?: (Ref & { name: string }) | null;
  /** The customer's review answers (four ratings and a comment), once sent on the status page. */
  questionnaire?: Questionnaire | null;
}

/** A line of a priced offer: a text, an amount in a unit and a gross unit price (major units). */
export interface OfferLine {
  /** What is offered (`Estrichverlegung CT-C25, 6,5 cm`). */
  name: string;
  /** Amount in {@link OfferLine.unit}. */
  amount: number;
  /** Unit of the amount. */
  unit: UnitCode;
  /** Gross price per unit in major units. */
  unitPrice: number;
  /** Tax rate included in the price. */
  tax: TaxRatePercent;
}

/**
 * Staff's priced answer to a quotation request (`POST /api/orders/{id}/offer`). The customer accepts or
 * declines it on the status page until the end of `validUntil` in the branch's time zone; accepted, the
 * request becomes an order with these lines.
 */
export interface OrderOffer {
  lines: OfferLine[];
  /** The totals of the lines (as the order's `pricing` would be). */
  pricing: PricingResult;
  /** Last day the offer can be accepted (inclusive, branch's calendar). */
  validUntil: IsoDate;
  /** Staff's message to the customer. */
  message: string;
  sentAt: IsoDateTime;
  /** The customer's answer; null while open. */
  answer: 'accepted' | 'declined' | null;
  answeredAt: IsoDateTime | null;
}

/**
 * What the public status page (`GET /api/orders/public/{uid}/{hash}`) receives: the order's progress, its
 * items and totals, but none of the customer's contact or address data and nothing internal, so a leaked
 * link reveals no personal data.
 */
export type PublicOrder = Pick<
  Order,
  | keyof OrderFlags
  | 'uid'
  | 'hash'
  | 'ticketNumber'
  | 'tableIdentifier'
  | 'branch'
  | 'items'
  | 'appointmentDate'
  | 'appointment'
  | 'counterAppointment'
  | 'rejectionMessage'
  | 'paymentMethod'
  | 'questionnaireRating'
  | 'deliveryArea'
  | 'pricing'
  | 'offer'
  | 'createdAt'
  | 'isWithdrawalExempt'
> & {
  /** When the customer withdrew (the declaration's details stay with staff), null when not. */
  withdrawnAt?: IsoDateTime | null;
  /** A quotation request rather than an order. */
  isQuotation: boolean;
  /** The payment line ("Warten auf Zahlung" while an online payment is open); the server always sends it. */
  payment?: OrderPaymentLine;
  /** The customer-facing status text; the server always sends it. */
  statusText?: string;
};

/**
 * Totals of a cart or order in major units, as JSON carries them.
 * `gross` is the items' gross; `totalNet`/`totalGross` include delivery; `taxes` maps a rate (percent, as
 * string key, e.g. `"10"`) to its tax amount over items and delivery. For every total, net + taxes = gross.
 */
export interface PricingResult {
  /** Items' gross. */
  gross: MoneyAmount;
  /** Items' net. */
  net?: MoneyAmount;
  /** Delivery fee gross (0 when free or not delivery). */
  deliveryGross: MoneyAmount;
  /** Delivery fee net. */
  deliveryNet?: MoneyAmount;
  /** Grand total net. */
  totalNet: MoneyAmount;
  /** Grand total gross. */
  totalGross: MoneyAmount;
  /** Tax amount per rate in percent (key `"10"`, `"20"`, `"5.5"`). */
  taxes: Record<string, MoneyAmount>;
}

/**
 * A kiosk's card payment at its Mollie terminal as the kiosk follows it (`POST /api/devices/me/orders`,
 * `GET …/orders/{uid}/terminal-payment`): `waiting` for the card, `paid` (the order is confirmed),
 * `failed` (declined, cancelled or timed out at the terminal: try again or pay at the counter), `counter`
 * (switched to paying at the counter), `expired` (the order ran out unpaid).
 */
export interface TerminalPayment {
  state: 'waiting' | 'paid' | 'failed' | 'counter' | 'expired';
  /** Mollie's status word of the last attempt. */
  providerStatus: string | null;
  /** Exact amount, two decimals ("12.50"). */
  amount: string;
  currency: string;
  order: { uid: string; hash: string; ticketNumber: number | null };
}

/** Response of the create-order call: either a payment redirect or the created order. */
export interface CreateOrderResult {
  /** Online payment: where the browser goes next. */
  paymentRedirectUrl?: string;
  /** A kiosk's card order at its Mollie terminal: the payment to follow. */
  terminalPayment?: TerminalPayment;
  /** The created order (with uid and hash for the status page). */
  order?: Order;
}

/**
 * What staff print from an order (`POST /api/orders/{id}/print`): the customer receipt, the kitchen
 * ticket (no prices) or one label per item.
 */
export const PRINT_KINDS = ['receipt', 'kitchen', 'labels'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** The body of `POST /api/orders/{id}/print`; empty: the receipt on any printing device of the branch. */
export interface PrintRequest {
  kind?: PrintKind;
  /** One paired printing device of the order's branch; omitted: whichever of the branch's prints first. */
  device?: { id: number } | null;
}
