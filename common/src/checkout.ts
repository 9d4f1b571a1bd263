/**
 * Checkout rules (spec sections 2, 4 and 5): order types offered, required fields, contact and address
 * sections, phone normalisation, payment methods, the submit label, the closed notices, and one validation
 * of the whole order form that the backend runs for its 400 and the web app runs before sending.
 *
 * @packageDocumentation
 */
import type { ApiError } from './contract/api.js';
import type { Branch } from './contract/branch.js';
import type { Config } from './contract/content.js';
import type { OrderForm, OrderType, PaymentMethod } from './contract/order.js';
import { PAYMENT_METHODS } from './contract/order.js';
import { hoursForOrderType, validateAppointment, type LeadTimeProduct } from './appointments.js';
import { renderMessage, t, type Message } from './i18n/de.js';
import { translator, type TextLanguage } from './i18n/en.js';
import { DEFAULT_MARKET, marketProfile } from './market.js';
import { formatMoney, type Cents } from './money.js';
import { isOpenAt, nextOpening, reopeningText } from './opening-hours.js';
import { pauseMessage, pauseNotice, refusingPause } from './ordering-pause.js';
import { checkMinimumOrder, freeDeliveryMissing } from './pricing.js';
import { formatDate, formatTime } from './zoned-time.js';

/** A validation finding: a catalogue message, optionally for a form field. */
export interface ValidationIssue extends Message {
  /** The form field (`email`, `deliveryArea` …), absent for form-level issues. */
  field?: string;
}

/** Renders issues as the API's error list (German messages), the first one shown by the UI. */
export function toApiErrors(issues: readonly ValidationIssue[]): ApiError[] {
  return issues.map((issue) =>
    issue.field ? { message: renderMessage(issue), field: issue.field } : { message: renderMessage(issue) },
  );
}

/** The order types a branch offers, in the selector's order. */
export function offeredOrderTypes(
  branch: Pick<Branch, 'isTakeawayEnabled' | 'isDeliveryEnabled' | 'isDineInEnabled'>,
): OrderType[] {
  const types: OrderType[] = [];
  if (branch.isTakeawayEnabled) types.push('takeaway');
  if (branch.isDeliveryEnabled) types.push('delivery');
  if (branch.isDineInEnabled) types.push('dineIn');
  return types;
}

/**
 * The order type on first load (spec section 4): a saved choice when still offered; else the settings'
 * default when the branch offers it; else the first offered type.
 */
export function initialOrderType(
  branch: Pick<Branch, 'isTakeawayEnabled' | 'isDeliveryEnabled' | 'isDineInEnabled'>,
  defaultMethod: OrderType | null | undefined,
  saved: OrderType | null | undefined,
): OrderType | null {
  const offered = offeredOrderTypes(branch);
  if (saved && offered.includes(saved)) return saved;
  if (defaultMethod && offered.includes(defaultMethod)) return defaultMethod;
  return offered[0] ?? null;
}

type RequirementBranch = Pick<
  Branch,
  | 'isDeliveryEmailRequired'
  | 'isDineInEmailRequired'
  | 'isTakeawayEmailRequired'
  | 'isDeliveryPhoneRequired'
  | 'isDineInPhoneRequired'
  | 'isTakeawayPhoneRequired'
  | 'isDeliveryAddressRequired'
  | 'isDineInAddressRequired'
  | 'isTakeawayAddressRequired'
  | 'isTableSelectionEnabled'
>;

const PREFIX: Record<OrderType, 'Delivery' | 'DineIn' | 'Takeaway'> = {
  delivery: 'Delivery',
  dineIn: 'DineIn',
  takeaway: 'Takeaway',
};

/** Whether the branch requires e-mail, phone and address for an order type. */
export function requirements(
  branch: RequirementBranch,
  type: OrderType,
): { email: boolean; phone: boolean; address: boolean } {
  const prefix = PREFIX[type];
  return {
    email: branch[`is${prefix}EmailRequired`],
    phone: branch[`is${prefix}PhoneRequired`],
    address: type === 'delivery' || branch[`is${prefix}AddressRequired`],
  };
}

/** The contact section shows, except for dine-in with table selection unless e-mail or phone is required. */
export function showContactSection(branch: RequirementBranch, type: OrderType): boolean {
  if (type !== 'dineIn' || !branch.isTableSelectionEnabled) return true;
  const { email, phone } = requirements(branch, type);
  return email || phone;
}

/** The address section shows when the order type needs an address (always for delivery). */
export function showAddressSection(branch: RequirementBranch, type: OrderType): boolean {
  return requirements(branch, type).address;
}

/**
 * The required form fields (spec section 5): firstName and lastName whenever the contact section shows;
 * email and phone per branch flags; street and city when an address is required; zipCode for delivery;
 * table for dine-in with table selection.
 */
export function requiredFields(branch: RequirementBranch, type: OrderType): (keyof OrderForm)[] {
  const fields: (keyof OrderForm)[] = [];
  const needs = requirements(branch, type);
  if (showContactSection(branch, type)) fields.push('firstName', 'lastName');
  if (needs.email) fields.push('email');
  if (needs.phone) fields.push('phone');
  if (needs.address) fields.push('street', 'city');
  // The server derives the area from the address (delivery-area.ts): the postcode is what it needs.
  if (type === 'delivery') fields.push('zipCode');
  if (type === 'dineIn' && branch.isTableSelectionEnabled) fields.push('table');
  return fields;
}

/** The example format in the phone warning when no market says otherwise (the default market's). */
export const PHONE_FORMAT_EXAMPLE = marketProfile(DEFAULT_MARKET).phoneExample;

/** While typing: keeps only digits, plus and spaces. */
export function sanitizePhoneInput(input: string): string {
  return input.replace(/[^\d+ ]/g, '');
}

/**
 * On change (spec section 5): keeps digits, spaces and one leading plus; a leading `00` becomes `+`; spaces
 * are collapsed and trimmed. `"0043 (664) 12-34"` → `"+43 664 1234"`.
 */
export function normalizePhone(input: string): string {
  let value = input.trim().replace(/[^\d+ ]/g, '');
  const hasPlus = value.startsWith('+');
  value = value.replace(/\+/g, '');
  value = value.replace(/\s+/g, ' ').trim();
  if (hasPlus) return `+${value}`;
  if (value.startsWith('00')) return `+${value.slice(2).trimStart()}`;
  return value;
}

/** The warning when a phone number does not start with `+`; null when fine or empty. */
export function phoneWarning(
  phone: string | null | undefined,
  example: string = PHONE_FORMAT_EXAMPLE,
): string | null {
  const value = (phone ?? '').trim();
  if (value === '' || value.startsWith('+')) return null;
  return t('checkout.phoneFormat', { phone: example });
}

/** A pragmatic e-mail check (one @, a dot in the domain, no spaces). */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

type PaymentConfig = Pick<
  Config,
  | 'enableCash'
  | 'enableATMCard'
  | 'enableHydroAGVoucher'
  | 'enableMollie'
  | 'enableDatatrans'
  | 'enablePluginCardPayments'
  | 'enablePluginVoucherPayments'
  | 'enablePluginOnlinePayments'
>;
type PaymentBranch = Pick<
  Branch,
  'isCashEnabled' | 'isATMCardEnabled' | 'isHydroAGVoucherEnabled' | 'isMollieEnabled' | 'isDatatransEnabled'
>;

const PAYMENT_FLAGS: Record<PaymentMethod, [keyof PaymentConfig, keyof PaymentBranch]> = {
  cash: ['enableCash', 'isCashEnabled'],
  'atm-card': ['enableATMCard', 'isATMCardEnabled'],
  'hydro-ag-voucher': ['enableHydroAGVoucher', 'isHydroAGVoucherEnabled'],
  mollie: ['enableMollie', 'isMollieEnabled'],
  datatrans: ['enableDatatrans', 'isDatatransEnabled'],
};

/** The plugin flag that switches a payment method on at all (spec: "matching enablePlugin* flags"). */
const PAYMENT_PLUGINS: Partial<Record<PaymentMethod, keyof PaymentConfig>> = {
  'atm-card': 'enablePluginCardPayments',
  'hydro-ag-voucher': 'enablePluginVoucherPayments',
  mollie: 'enablePluginOnlinePayments',
  datatrans: 'enablePluginOnlinePayments',
};

/**
 * Payment methods offered: the method's plugin flag (card, voucher, online; cash has none), the global
 * config flag and the branch flag set (spec section 5). The server refuses any other method with the
 * same rule.
 */
export function offeredPaymentMethods(config: PaymentConfig, branch: PaymentBranch): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    const plugin = PAYMENT_PLUGINS[method];
    return (
      (!plugin || config[plugin] === true) &&
      config[PAYMENT_FLAGS[method][0]] &&
      branch[PAYMENT_FLAGS[method][1]]
    );
  });
}

/**
 * The default payment method (spec section 4): cash if the branch allows it, otherwise datatrans if the branch
 * allows it; when a config is given these must also be offered, and the first offered method is the fallback.
 * `cash` when nothing is offered (the spec's default).
 */
export function defaultPaymentMethod(branch: PaymentBranch, config?: PaymentConfig): PaymentMethod {
  const offered = config
    ? offeredPaymentMethods(config, branch)
    : PAYMENT_METHODS.filter((method) => branch[PAYMENT_FLAGS[method][1]]);
  if (offered.includes('cash')) return 'cash';
  if (offered.includes('datatrans')) return 'datatrans';
  return offered[0] ?? 'cash';
}

/** What the submit button depends on. */
export interface SubmitLabelInput {
  /** The cart has items. */
  hasItems: boolean;
  /** An order is being sent. */
  isLoading: boolean;
  /** The branch takes quotation requests. */
  isQuotationRequired: boolean;
  /** Delivery order. */
  isDelivery: boolean;
  /** The branch is open (opening hours). */
  isOpen: boolean;
  /** Delivery is open (delivery hours when enabled). */
  isDeliveryOpen: boolean;
  /** Delivery is valid: an area is chosen and its minimum order value reached. */
  isDeliveryValid: boolean;
  /** The branch takes pre-orders while closed. */
  isPreorderEnabled: boolean;
}

/**
 * The submit button's label key (spec section 5), or null when there is no button: quotation →
 * "Angebotsanfrage abschicken"; open (for delivery: delivery open and valid) → "Zahlungspflichtig bestellen";
 * closed with pre-orders (delivery still valid) → "Zahlungspflichtig vorbestellen". The spec's "Bestellung
 * abschicken" gives way to §312j (3) BGB / §8 (2) FAGG (docs/decisions/legal.md).
 */
export function submitLabel(
  input: SubmitLabelInput,
): 'checkout.submitQuotation' | 'checkout.submitOrder' | 'checkout.submitPreorder' | null {
  if (!input.hasItems || input.isLoading) return null;
  if (input.isQuotationRequired) return 'checkout.submitQuotation';
  if (input.isDelivery && !input.isDeliveryValid) return null;
  const isOpen = input.isDelivery ? input.isDeliveryOpen : input.isOpen;
  if (isOpen) return 'checkout.submitOrder';
  if (input.isPreorderEnabled) return 'checkout.submitPreorder';
  return null;
}

/** What {@link submitBlocker} needs beyond {@link SubmitLabelInput}. */
export interface SubmitBlockerInput extends SubmitLabelInput {
  /** Delivery: an area was found for the customer's address. */
  hasDeliveryArea: boolean;
  /** Delivery: the minimum order value and what is still missing to it, in cents. */
  minimumOrder: { minimum: Cents; missing: Cents };
  /** The shop's currency. */
  currency: string;
}

/**
 * Why the order cannot be sent yet, for the submit area (issue 25): said next to the (disabled) button
 * rather than the button disappearing. Null when {@link submitLabel} offers a button. In order: empty cart,
 * delivery without an address, below the minimum order value ("Mindestbestellwert 15,00 € – es fehlen noch
 * 3,50 €"), closed without pre-orders.
 */
export function submitBlocker(input: SubmitBlockerInput): string | null {
  if (submitLabel(input) !== null || input.isLoading) return null;
  if (!input.hasItems) return t('cart.empty');
  if (input.isDelivery && !input.hasDeliveryArea) return t('checkout.addressMissing');
  if (input.isDelivery && input.minimumOrder.missing > 0)
    return t('checkout.minimumOrderMissing', {
      amount: formatMoney(input.minimumOrder.minimum, input.currency),
      diff: formatMoney(input.minimumOrder.missing, input.currency),
    });
  return input.isDelivery ? t('branch.deliveryClosedCheckout') : t('branch.closedNow');
}

type HoursBranch = Pick<Branch, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled' | 'timeZone'>;

/**
 * The checkout banner lines when the branch or its delivery is closed (spec sections 2 and 8); empty when
 * open. Delivery: "Derzeit bieten wir leider keine Lieferung an." and when delivery resumes; otherwise
 * "Derzeit haben wir leider geschlossen." and the reopening; plus the pre-order hint when pre-orders are on.
 * While staff pause ordering for the type, the pause's lines instead (`pauseNotice`).
 */
export function closedNotice(
  branch: HoursBranch & Pick<Branch, 'isPreorderEnabled' | 'orderingPause'>,
  type: OrderType,
  now: Date,
  language: TextLanguage = 'de',
): string[] {
  const paused = pauseNotice(branch, type, now, language);
  if (paused.length > 0) return paused;
  const hours = hoursForOrderType(branch, type);
  if (isOpenAt(hours, now)) return [];
  const say = translator(language);
  const lines = [type === 'delivery' ? say('branch.deliveryClosedCheckout') : say('branch.closedNow')];
  const reopening = reopeningText(
    nextOpening(hours, now),
    now,
    hours.timeZone,
    type === 'delivery' ? 'delivery' : 'opening',
    language,
  );
  if (reopening) lines.push(reopening);
  if (branch.isPreorderEnabled) lines.push(say('branch.preorderLater'));
  return lines;
}

/** The delivery hints under the totals: minimum order not reached (two lines) and free delivery from. */
export function deliveryHints(
  area: Parameters<typeof checkMinimumOrder>[0],
  itemsGross: Cents,
  currency = 'EUR',
): { minimumOrder: string[]; freeDelivery: string | null } {
  const check = checkMinimumOrder(area, itemsGross);
  const minimumOrder = check.isReached
    ? []
    : [
        t('checkout.minimumOrderNotReached', { amount: formatMoney(check.minimum, currency) }),
        t('checkout.minimumOrderAdd', { diff: formatMoney(check.missing, currency) }),
      ];
  const missing = area ? freeDeliveryMissing(area, itemsGross) : null;
  const freeDelivery =
    area && missing !== null
      ? t('checkout.freeDeliveryFrom', { amount: formatMoney(itemsGross + missing, currency) })
      : null;
  return { minimumOrder, freeDelivery };
}

/** Everything {@link validateCheckout} checks against. */
export interface CheckoutContext {
  /** The branch ordered from. */
  branch: Branch;
  /** The shop configuration (payment flags). */
  config: PaymentConfig;
  /** The current time. */
  now: Date;
  /** Items' gross in cents, as priced by `priceCart` (for the minimum order). */
  itemsGross: Cents;
  /** The ordered products (lead times). */
  products?: readonly LeadTimeProduct[];
  /** The branch's table ids (checks the chosen table when given). */
  tableIds?: readonly number[];
  /** Every item is valid (parts complete); checked by the caller with `isCartItemValid`. */
  itemsValid?: boolean;
  /** Currency for the minimum-order message. */
  currency?: string;
  /**
   * The delivery area derived from the address (`deliveryAreaFor`): null when the address lies outside
   * every area (`checkout.outsideDeliveryArea` at `zipCode`), undefined when not derived yet (not checked).
   * The form's own `deliveryArea` is not trusted.
   */
  deliveryArea?: Parameters<typeof checkMinimumOrder>[0] | null;
}

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object') return typeof (value as { id?: unknown }).id !== 'number';
  return false;
}

/**
 * Validates an order form for a branch (spec section 5); an empty list means it may be submitted. Checks, in
 * the order the UI shows them: items, order type, required fields, e-mail, delivery area and minimum order,
 * table, open/pre-order/orderableFrom, appointment, payment method, legal checkboxes.
 */
export function validateCheckout(form: OrderForm, context: CheckoutContext): ValidationIssue[] {
  const { branch, now } = context;
  const issues: ValidationIssue[] = [];
  const type: OrderType = form.isDelivery ? 'delivery' : form.isDineIn ? 'dineIn' : 'takeaway';

  // A pause comes first: it is the one sentence that explains why nothing else matters now.
  const requested = form.appointmentDate ? new Date(form.appointmentDate) : null;
  const pause = refusingPause(
    branch,
    type,
    now,
    requested && !Number.isNaN(requested.getTime()) ? requested : null,
  );
  if (pause) issues.push(pauseMessage(pause, now, branch.timeZone));
  if (form.items.length === 0) issues.push({ key: 'cart.empty' });
  if (context.itemsValid === false) issues.push({ key: 'validation.invalid', field: 'items' });
  // Both flags at once is no order type (a client that sends it means something we cannot know).
  if (form.isDelivery && form.isDineIn)
    issues.push({ key: 'checkout.orderTypeContradictory', field: 'isDineIn' });
  else if (!offeredOrderTypes(branch).includes(type)) issues.push({ key: 'checkout.orderTypeUnavailable' });

  for (const field of requiredFields(branch, type)) {
    if (isBlank(form[field])) issues.push({ key: 'validation.blank', field });
  }
  if (!isBlank(form.email) && !isValidEmail(form.email as string))
    issues.push({ key: 'validation.email', field: 'email' });

  if (type === 'delivery' && !isBlank(form.zipCode) && context.deliveryArea !== undefined) {
    const area = context.deliveryArea;
    if (!area) {
      issues.push({ key: 'checkout.outsideDeliveryArea', field: 'zipCode' });
    } else {
      const check = checkMinimumOrder(area, context.itemsGross);
      if (!check.isReached) {
        issues.push({
          key: 'checkout.minimumOrderNotReached',
          params: { amount: formatMoney(check.minimum, context.currency) },
        });
      }
    }
  }
  if (
    type === 'dineIn' &&
    branch.isTableSelectionEnabled &&
    form.table &&
    context.tableIds &&
    !context.tableIds.includes(form.table.id)
  ) {
    issues.push({ key: 'checkout.tableInvalid', field: 'table' });
  }

  const appointment = form.appointmentDate ? new Date(form.appointmentDate) : null;
  if (appointment && Number.isNaN(appointment.getTime())) {
    issues.push({ key: 'validation.dateTime', field: 'appointmentDate' });
  } else {
    if (!branch.isQuotationRequired && !branch.isPreorderEnabled) {
      const orderableFrom = branch.orderableFrom ? new Date(branch.orderableFrom) : null;
      if (orderableFrom && orderableFrom > now) {
        const zone = branch.timeZone;
        issues.push({
          key: 'checkout.notOrderableYet',
          params: { date: formatDate(orderableFrom, zone), time: formatTime(orderableFrom, zone) },
        });
      } else if (!isOpenAt(hoursForOrderType(branch, type), now)) {
        issues.push({ key: 'checkout.closed' });
      }
    }
    const appointmentIssue = validateAppointment({
      branch,
      orderType: type,
      appointment,
      now,
      products: context.products,
    });
    if (appointmentIssue) issues.push({ ...appointmentIssue, field: 'appointmentDate' });
  }

  if (!offeredPaymentMethods(context.config, branch).includes(form.paymentMethod)) {
    issues.push({ key: 'checkout.paymentMethodUnavailable', field: 'paymentMethod' });
  }
  // A purchase at the kiosk is made on the premises, not at a distance: no boxes to tick there
  // (docs/decisions/kiosk.md). Everywhere else both stay required.
  if (form.channel !== 'kiosk') {
    if (form.legalInstructions !== true)
      issues.push({ key: 'checkout.legalInstructionsRequired', field: 'legalInstructions' });
    if (form.privacyPolicy !== true)
      issues.push({ key: 'checkout.privacyPolicyRequired', field: 'privacyPolicy' });
  }
  return issues;
}
