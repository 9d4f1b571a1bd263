import {
  checkMinimumOrder,
  closedNotice,
  compareNatural,
  defaultPaymentMethod,
  deliveryHints,
  isBranchOpen,
  isCartItemValid,
  isDeliveryOpen,
  normalizePhone,
  offeredPaymentMethods,
  phoneWarning,
  postcodeOf,
  errorMessageIn,
  renderMessageIn,
  translator,
  requiredFields,
  sanitizePhoneInput,
  showAddressSection,
  showContactSection,
  submitBlocker,
  submitLabel,
  t,
  toOrderFormItems,
  validateCheckout,
  type ApiError,
  type Branch,
  type CreateOrderResult,
  type DeliveryArea,
  type OrderForm,
  type OrderChannel,
  type PaymentMethod,
  type SubmitLabelInput,
  type Table,
  type TerminalPayment,
  type TextLanguage,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import type { CartStore, CartStorage } from './CartStore';
import type { ClockStore } from './ClockStore';
import type { InitDataStore } from './InitDataStore';
import { texts } from '../texts';
import type { TableLinkStore } from './TableLinkStore';
import { AppointmentChoice } from './checkout/AppointmentChoice';
import { DonationChoice } from './checkout/DonationChoice';

/** The customer's details, kept in sessionStorage so "back" and a reload keep them. */
export interface CustomerDetails {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phone: string;
  street: string;
  zipCode: string;
  city: string;
  floor: string;
  stairway: string;
  door: string;
}

export type CustomerField = keyof CustomerDetails;

/** Session-storage key of the stored order form (customer details). */
export const CHECKOUT_FORM_KEY = 'asp.checkout';

/** Session-storage key of the chosen tables by branch id (a table's QR link survives reloads and "back"). */
export const CHECKOUT_TABLES_KEY = 'asp.checkout.tables';

const EMPTY_DETAILS: CustomerDetails = {
  firstName: '',
  lastName: '',
  company: '',
  email: '',
  phone: '',
  street: '',
  zipCode: '',
  city: '',
  floor: '',
  stairway: '',
  door: '',
};

/** What happened to a submit. */
export type SubmitOutcome =
  | { kind: 'status'; path: string }
  | { kind: 'redirect'; url: string }
  /** A kiosk's card order at its Mollie terminal: the kiosk follows the payment. */
  | { kind: 'terminal'; payment: TerminalPayment }
  | { kind: 'invalid' }
  | { kind: 'failed' };

/** A new idempotency key: a v4 uuid. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Server and client field names that mean the same form control. */
const FIELD_ALIASES: Record<string, string> = { 'deliveryArea.id': 'deliveryArea', 'table.id': 'table' };

/**
 * The checkout (spec sections 2, 4 and 5): the order form around the selected branch's cart, validated
 * with `common` before sending and by the server after, sent once per idempotency key.
 */
export class CheckoutStore {
  details: CustomerDetails;
  paymentMethod: PaymentMethod | null = null;
  /** Where the order is placed, for the statistics: the kiosk sets `kiosk`; else the app or the web. */
  channel: OrderChannel = browserChannel();
  /** The voucher code of `hydro-ag-voucher` (checked with the issuer by the server). */
  voucherCode = '';
  /** The chosen table of each branch (branch id → table id): from the dropdown or a table's QR code. */
  tableIds: Record<string, number> = {};
  legalInstructions = false;
  privacyPolicy = false;
  /** Inline errors show after the first submit attempt. */
  showErrors = false;
  isSubmitting = false;
  /**
   * The language of the form's messages: the kiosk's English face sets `en` (its own findings and the
   * server's answers by their codes); the website is German.
   */
  language: TextLanguage = 'de';
  serverErrors: ApiError[] = [];
  /** Kept across retries and double clicks until the server has definitely answered. */
  idempotencyKey: string | null = null;
  /** The address last sent to the delivery-area check (postcode, street, city). */
  private lastAddressCheck = '';
  /** The tables named by QR codes (the root's, shared with the store page); none in the kiosk and tests. */
  tableLinks: TableLinkStore | null = null;
  /** Date and time (the day chips and time buttons). */
  readonly slots: AppointmentChoice;
  /** The donation's recipient and its overlay. */
  readonly donation: DonationChoice;
  /** Told about every order placed, before the cart is emptied (the purchase event of tracking). */
  onOrderPlaced: ((order: { uid: string }, cart: CartStore) => void) | null = null;

  constructor(
    private readonly data: InitDataStore,
    private readonly cart: CartStore,
    private readonly clock: ClockStore,
    private readonly api: ApiClient,
    private readonly storage: CartStorage,
    private readonly createKey: () => string = newIdempotencyKey,
  ) {
    this.details = { ...EMPTY_DETAILS, ...this.readDetails() };
    this.tableIds = this.readTables();
    this.slots = new AppointmentChoice(
      data,
      cart,
      clock,
      api,
      () => this.closedNotice,
      () => this.clearServerError('appointmentDate'),
    );
    this.donation = new DonationChoice(data);
    makeAutoObservable<
      CheckoutStore,
      'data' | 'cart' | 'clock' | 'api' | 'storage' | 'createKey' | 'lastAddressCheck' | 'submitInput'
    >(
      this,
      {
        lastAddressCheck: false,
        // read inside computeds: an action would hide what it reads from them
        submitInput: false,
        data: false,
        cart: false,
        clock: false,
        api: false,
        storage: false,
        createKey: false,
        onOrderPlaced: false,
        tableLinks: false,
        slots: false,
        donation: false,
      },
      { autoBind: true },
    );
  }

  private readDetails(): Partial<CustomerDetails> {
    try {
      const value = JSON.parse(this.storage.getItem(CHECKOUT_FORM_KEY) ?? 'null') as unknown;
      if (!value || typeof value !== 'object') return {};
      const entries = Object.entries(value).filter(
        ([key, field]) => key in EMPTY_DETAILS && typeof field === 'string',
      );
      return Object.fromEntries(entries) as Partial<CustomerDetails>;
    } catch {
      return {};
    }
  }

  private readTables(): Record<string, number> {
    try {
      const value = JSON.parse(this.storage.getItem(CHECKOUT_TABLES_KEY) ?? 'null') as unknown;
      if (!value || typeof value !== 'object') return {};
      return Object.fromEntries(
        Object.entries(value).filter(([, id]) => typeof id === 'number' && Number.isInteger(id)),
      ) as Record<string, number>;
    } catch {
      return {};
    }
  }

  /** Saves the customer details (the back button, and every change). */
  saveForm(): void {
    try {
      this.storage.setItem(CHECKOUT_FORM_KEY, JSON.stringify(this.details));
    } catch {
      // Storage unavailable: the form still works on this page.
    }
  }

  get branch(): Branch | null {
    return this.cart.branch;
  }

  get orderType() {
    return this.cart.orderType;
  }

  // --- sections

  get closedNotice(): string[] {
    return this.branch ? closedNotice(this.branch, this.orderType, this.clock.now, this.language) : [];
  }

  get showsTableSelect(): boolean {
    return this.orderType === 'dineIn' && !!this.branch?.isTableSelectionEnabled;
  }

  /** The selected branch's tables in natural order ("1, 2, 10, 11"), as the pickers offer them. */
  get tables(): Table[] {
    const id = this.branch?.id;
    return this.data.tables
      .filter((table) => table.branch?.id === id)
      .sort((a, b) => compareNatural(a.identifier, b.identifier));
  }

  get showsContact(): boolean {
    return !!this.branch && showContactSection(this.branch, this.orderType);
  }

  get showsAddress(): boolean {
    return !!this.branch && showAddressSection(this.branch, this.orderType);
  }

  get required(): Set<string> {
    return new Set(this.branch ? requiredFields(this.branch, this.orderType) : []);
  }

  isRequired(field: string): boolean {
    return this.required.has(field);
  }

  setDetail(field: CustomerField, value: string): void {
    this.details = { ...this.details, [field]: field === 'phone' ? sanitizePhoneInput(value) : value };
    this.clearServerError(field);
    this.saveForm();
  }

  /** On leaving the phone field: a leading 00 becomes +, stray characters go. */
  normalizePhone(): void {
    this.details = { ...this.details, phone: normalizePhone(this.details.phone) };
    this.saveForm();
  }

  get phoneWarning(): string | null {
    return phoneWarning(this.details.phone, this.data.market.phoneExample);
  }

  /** The comment lives with the cart's order draft. */
  setComment(comment: string): void {
    this.cart.setComment(comment);
    this.clearServerError('comment');
  }

  /**
   * Delivery: asks the server again which area the address lies in, once the postcode (and, for a shop
   * with a geocoder, street and city) is entered — on leaving an address field. The store page's check
   * entered the postcode already; this one follows a change.
   */
  async checkAddress(): Promise<void> {
    if (this.orderType !== 'delivery') return;
    const { zipCode, street, city } = this.details;
    const postcode = postcodeOf(zipCode);
    if (!postcode) return;
    const key = [postcode, street.trim(), city.trim()].join('|');
    // Checked already: this very address, or the postcode on the store page while no street is known.
    if (key === this.lastAddressCheck) return;
    if (this.cart.deliveryPostcode === postcode && !street.trim()) return;
    this.lastAddressCheck = key;
    this.clearServerError('zipCode');
    await this.cart.checkDeliveryArea(zipCode, { street, city });
  }

  /** The postcode checked on the store page fills the empty postcode field of the checkout. */
  prefillPostcode(): void {
    const postcode = this.cart.deliveryPostcode;
    if (this.orderType !== 'delivery' || !postcode || this.details.zipCode.trim()) return;
    this.details = { ...this.details, zipCode: postcode };
    this.saveForm();
  }

  /**
   * The delivery area for the postcode in the form, as the server found it: the area, null when refused,
   * undefined while not checked for this postcode (the server decides on submit).
   */
  get derivedDeliveryArea(): DeliveryArea | null | undefined {
    const postcode = postcodeOf(this.details.zipCode);
    if (!postcode) return undefined;
    if (this.cart.areaRefusal && postcodeOf(this.cart.areaRefusal.postcode) === postcode) return null;
    return this.cart.deliveryPostcode === postcode ? this.cart.deliveryArea : undefined;
  }

  /** The selected branch's chosen table, while it is one of the branch's tables. */
  get tableId(): number | null {
    const branchId = this.branch?.id;
    if (branchId === undefined) return null;
    const id = this.tableIds[String(branchId)];
    return id !== undefined && this.tables.some((table) => table.id === id) ? id : null;
  }

  setTable(id: number | null): void {
    const branchId = this.branch?.id;
    if (branchId !== undefined) {
      const next = { ...this.tableIds };
      if (id === null) delete next[String(branchId)];
      else next[String(branchId)] = id;
      this.tableIds = next;
      try {
        this.storage.setItem(CHECKOUT_TABLES_KEY, JSON.stringify(next));
      } catch {
        // Storage unavailable: the choice still holds on this page.
      }
    }
    this.clearServerError('table');
  }

  /**
   * A table's QR code opened `/store/{identifier}?table=…` (the table's identifier, as the back office
   * encodes it; a table id is understood too): dine-in is chosen when the branch offers it, and the table
   * is preselected for the checkout's table dropdown. An unknown table still chooses dine-in — the guest
   * sits at a table — and leaves the dropdown to them. Returns whether a table matched.
   */
  applyTableLink(value: string): boolean {
    const wanted = value.trim();
    if (!wanted || !this.branch) return false;
    const folded = wanted.toLocaleLowerCase('de');
    const table =
      this.tables.find((candidate) => candidate.identifier === wanted) ??
      this.tables.find((candidate) => candidate.identifier.toLocaleLowerCase('de') === folded) ??
      (/^\d+$/.test(wanted) ? this.tables.find((candidate) => candidate.id === Number(wanted)) : undefined);
    if (this.cart.offeredOrderTypes.includes('dineIn')) this.cart.setOrderType('dineIn');
    if (table) this.setTable(table.id);
    this.tableLinks?.set(this.branch.id, table ?? null);
    return !!table;
  }

  /**
   * The table the guest's QR code named, while dine-in is chosen and that table is still the chosen one:
   * the checkout confirms it ("Tisch 7") and skips date and time.
   */
  get linkedTable(): Table | null {
    const link = this.tableLinks?.of(this.branch?.id);
    if (!link || this.orderType !== 'dineIn' || this.tableId !== link.id) return null;
    return this.tables.find((table) => table.id === link.id) ?? null;
  }

  /**
   * A guest at a linked table orders for now: no date and no time — unless the branch needs an appointment
   * or is closed (then only a time makes the order valid).
   */
  get skipsAppointment(): boolean {
    return !!this.linkedTable && this.slots.offersAsap;
  }

  // --- payment, legal

  get paymentMethods(): PaymentMethod[] {
    return this.branch && this.data.config ? offeredPaymentMethods(this.data.config, this.branch) : [];
  }

  /** The chosen method, else the default of section 4 (cash if allowed, else datatrans). */
  get selectedPaymentMethod(): PaymentMethod {
    if (this.paymentMethod && this.paymentMethods.includes(this.paymentMethod)) return this.paymentMethod;
    return this.branch ? defaultPaymentMethod(this.branch, this.data.config ?? undefined) : 'cash';
  }

  setPaymentMethod(method: PaymentMethod): void {
    this.paymentMethod = method;
  }

  /** Whether the voucher code field shows (the Hydro AG voucher is the chosen method). */
  get showsVoucherCode(): boolean {
    return this.selectedPaymentMethod === 'hydro-ag-voucher';
  }

  setVoucherCode(code: string): void {
    this.voucherCode = code;
    this.clearServerError('voucherCode');
  }

  setLegalInstructions(value: boolean): void {
    this.legalInstructions = value;
    this.clearServerError('legalInstructions');
  }

  setPrivacyPolicy(value: boolean): void {
    this.privacyPolicy = value;
    this.clearServerError('privacyPolicy');
  }

  // --- validation and submit

  /** The order form as it is sent (fields of hidden sections left empty). */
  /** The kiosk's checkout says so (the statistics split orders by channel). */
  setLanguage(language: TextLanguage): void {
    this.language = language;
  }

  setChannel(channel: OrderChannel): void {
    this.channel = channel;
  }

  get form(): OrderForm {
    const branch = this.branch;
    const d = this.details;
    const contact = this.showsContact;
    const address = this.showsAddress;
    const text = (value: string, shown: boolean) => (shown && value.trim() ? value.trim() : null);
    return {
      firstName: contact ? d.firstName.trim() : '',
      lastName: contact ? d.lastName.trim() : '',
      company: text(d.company, contact),
      email: text(d.email, contact),
      phone: text(d.phone, contact),
      street: text(d.street, address),
      zipCode: text(d.zipCode, address),
      city: text(d.city, address),
      floor: text(d.floor, address),
      stairway: text(d.stairway, address),
      door: text(d.door, address),
      deliveryArea:
        this.orderType === 'delivery' && this.cart.deliveryArea ? { id: this.cart.deliveryArea.id } : null,
      appointmentDate: this.skipsAppointment ? null : this.cart.appointmentDate,
      comment: this.cart.comment.trim() || null,
      paymentMethod: this.selectedPaymentMethod,
      channel: this.channel,
      ...(this.showsVoucherCode ? { voucherCode: this.voucherCode.replace(/\s+/g, '') || null } : {}),
      legalInstructions: this.legalInstructions,
      privacyPolicy: this.privacyPolicy,
      branch: { id: branch?.id ?? 0 },
      table: this.showsTableSelect && this.tableId !== null ? { id: this.tableId } : null,
      donatee: this.donation.formValue,
      isDelivery: this.orderType === 'delivery',
      isDineIn: this.orderType === 'dineIn',
      items: toOrderFormItems(this.cart.items),
    };
  }

  /** `common`'s findings, rendered in German (empty when the form may be sent). */
  get clientErrors(): ApiError[] {
    const branch = this.branch;
    if (!branch || !this.data.config) return [];
    const issues = validateCheckout(this.form, {
      branch,
      config: this.data.config,
      now: this.clock.now,
      itemsGross: this.cart.totals.items.gross,
      products: this.slots.cartProducts,
      tableIds: this.tables.map((table) => table.id),
      itemsValid: this.cart.items.every((item) => {
        const product = this.cart.productOf(item);
        return !!product && isCartItemValid(item, product);
      }),
      currency: this.data.currency,
      deliveryArea: this.orderType === 'delivery' ? this.derivedDeliveryArea : undefined,
    });
    const errors: ApiError[] = issues.map((issue) =>
      issue.field
        ? { message: renderMessageIn(issue, this.language), field: issue.field }
        : { message: renderMessageIn(issue, this.language) },
    );
    return [...errors, ...this.voucherErrors];
  }

  /** The voucher code's own check (the issuer's answer comes from the server). */
  private get voucherErrors(): ApiError[] {
    if (!this.showsVoucherCode) return [];
    const code = this.voucherCode.replace(/\s+/g, '');
    if (!code) return [{ field: 'voucherCode', message: texts.voucherRequired }];
    if (!/^[A-Za-z0-9-]{4,64}$/.test(code)) return [{ field: 'voucherCode', message: texts.voucherInvalid }];
    return [];
  }

  /** The message shown at a field: the server's after a failed submit, else the client's once shown. */
  errorFor(field: string): string | undefined {
    const server = this.serverErrors.find(
      (error) => error.field && (FIELD_ALIASES[error.field] ?? error.field) === field,
    );
    if (server) return errorMessageIn(server, this.language);
    // An address outside every area is said at once, not only after a submit.
    const refusal = this.cart.areaRefusal;
    if (
      field === 'zipCode' &&
      this.orderType === 'delivery' &&
      refusal &&
      postcodeOf(refusal.postcode) === postcodeOf(this.details.zipCode)
    )
      return refusal.message;
    if (!this.showErrors) return undefined;
    return this.clientErrors.find((error) => error.field === field)?.message;
  }

  /** Errors without a field (or for fields not on the page), shown at the top. */
  get generalErrors(): string[] {
    const onPage = (field?: string) => !!field && FIELD_CONTROLS.has(FIELD_ALIASES[field] ?? field);
    const server = this.serverErrors
      .filter((error) => !onPage(error.field))
      .map((error) => errorMessageIn(error, this.language));
    const client = this.showErrors
      ? this.clientErrors.filter((error) => !onPage(error.field)).map((error) => error.message)
      : [];
    return [...new Set([...server, ...client])];
  }

  private clearServerError(field: string): void {
    if (this.serverErrors.length === 0) return;
    this.serverErrors = this.serverErrors.filter(
      (error) => (FIELD_ALIASES[error.field ?? ''] ?? error.field) !== field,
    );
  }

  /** The minimum-order lines and the free-delivery hint of a delivery order (section 5). */
  get deliveryHints(): { minimumOrder: string[]; freeDelivery: string | null } {
    if (this.orderType !== 'delivery' || !this.cart.deliveryArea)
      return { minimumOrder: [], freeDelivery: null };
    return deliveryHints(this.cart.deliveryArea, this.cart.totals.items.gross, this.data.currency);
  }

  /** "Angebotsanfrage abschicken", "Zahlungspflichtig bestellen", "Zahlungspflichtig vorbestellen" or none. */
  get submitLabel(): string | null {
    const branch = this.branch;
    // A branch that is not public yet takes no orders.
    if (!branch?.isPublic) return null;
    const key = submitLabel(this.submitInput(branch));
    return key ? t(key) : null;
  }

  /**
   * Why the order cannot be sent yet, said next to the disabled button (issue 25): "Bitte Lieferadresse
   * angeben.", "Mindestbestellwert 15,00 € – es fehlen noch 3,50 €." …; null while it can be sent.
   */
  get submitBlocker(): string | null {
    const branch = this.branch;
    if (!branch) return null;
    if (!branch.isPublic) return texts.notPublic;
    const area = this.cart.deliveryArea;
    return submitBlocker({
      ...this.submitInput(branch),
      hasDeliveryArea: !!area,
      minimumOrder: checkMinimumOrder(area, this.cart.totals.items.gross),
      currency: this.data.currency,
    });
  }

  private submitInput(branch: Branch): SubmitLabelInput {
    const now = this.clock.now;
    const area = this.cart.deliveryArea;
    return {
      hasItems: !this.cart.isEmpty,
      isLoading: false,
      isQuotationRequired: branch.isQuotationRequired,
      isDelivery: this.orderType === 'delivery',
      isOpen: isBranchOpen(branch, now),
      isDeliveryOpen: isDeliveryOpen(branch, now),
      isDeliveryValid: !!area && checkMinimumOrder(area, this.cart.totals.items.gross).isReached,
      isPreorderEnabled: branch.isPreorderEnabled,
    };
  }

  /**
   * Sends the order once: validates with `common` first; the idempotency key survives double clicks and
   * retries after a network or server error, and is renewed only after the server refused the form.
   * (docs/decisions/orders.md, "Idempotency").
   */
  /**
   * Sends the order. `via` is the kiosk's own checkout (`/api/devices/me/orders` with its device key),
   * where a card order may go to the kiosk's Mollie terminal.
   */
  async submit(via?: { path: string; headers: Record<string, string> }): Promise<SubmitOutcome> {
    if (this.isSubmitting) return { kind: 'failed' };
    this.showErrors = true;
    this.serverErrors = [];
    if (this.clientErrors.length > 0 || !this.submitLabel) return { kind: 'invalid' };
    this.isSubmitting = true;
    this.idempotencyKey ??= this.createKey();
    try {
      const result = await this.api.post<CreateOrderResult>(via?.path ?? '/api/orders', this.form, {
        headers: { ...via?.headers, 'Idempotency-Key': this.idempotencyKey },
        redirectOnUnauthorized: false,
      });
      return runInAction(() => this.succeeded(result));
    } catch (error) {
      return runInAction(() => {
        this.isSubmitting = false;
        const apiError =
          error instanceof ApiRequestError
            ? error
            : new ApiRequestError(0, [{ message: translator(this.language)('general.unknownError') }]);
        // Refused (400) or the key already used for another body (422): nothing was created, so the next
        // attempt is a new request. A 409 means the first attempt is still running: keep the key.
        if (apiError.status === 400 || apiError.status === 422) this.idempotencyKey = null;
        this.serverErrors = apiError.errors;
        return apiError.status === 400 ? { kind: 'invalid' } : { kind: 'failed' };
      });
    }
  }

  private succeeded(result: CreateOrderResult): SubmitOutcome {
    if (result?.paymentRedirectUrl) {
      // The customer comes back to the status page or to /checkout/error; the key stays for a retry.
      return { kind: 'redirect', url: result.paymentRedirectUrl };
    }
    if (result?.terminalPayment) {
      // The order exists (waiting for the card): the cart is done, a retry is a new attempt, not an order.
      this.isSubmitting = false;
      this.idempotencyKey = null;
      this.showErrors = false;
      this.cart.clear();
      return { kind: 'terminal', payment: result.terminalPayment };
    }
    const order = result?.order;
    this.isSubmitting = false;
    if (!order?.uid || !order.hash) {
      this.serverErrors = [{ message: translator(this.language)('general.unknownError') }];
      return { kind: 'failed' };
    }
    this.idempotencyKey = null;
    this.onOrderPlaced?.(order, this.cart);
    this.showErrors = false;
    this.legalInstructions = false;
    this.privacyPolicy = false;
    this.cart.clear();
    return {
      kind: 'status',
      path: `/status/${encodeURIComponent(order.uid)}/${encodeURIComponent(order.hash)}`,
    };
  }
}

/** The form fields that have a control on the page (server errors for others go to the top). */
const FIELD_CONTROLS = new Set([
  ...Object.keys(EMPTY_DETAILS),
  'deliveryArea',
  'table',
  'appointmentDate',
  'comment',
  'paymentMethod',
  'voucherCode',
  'legalInstructions',
  'privacyPolicy',
]);

/**
 * `app` when the storefront runs installed (home-screen app, display-mode standalone, or inside the
 * desktop shell, which exposes `window.ordering`), else `web`. Outside a browser (tests): `web`.
 */
export function browserChannel(): OrderChannel {
  if (typeof window === 'undefined') return 'web';
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || 'ordering' in window ? 'app' : 'web';
}
