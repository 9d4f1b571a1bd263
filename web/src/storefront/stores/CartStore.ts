import {
  addOneTap,
  canDecrease,
  canIncrease,
  cartCount,
  cartStorageKey,
  clearCart,
  emptyCart,
  migrateCart,
  offeredOrderTypes,
  orderTypeFlags,
  orderTypeOf,
  initialOrderType,
  isOneTapProduct,
  isOrderWithdrawable,
  isProductWithdrawalExempt,
  priceCart,
  quantityRules,
  removeItem,
  saveItem,
  stepItem,
  t,
  totalsDisplay,
  type Branch,
  type CartItem,
  type CartState,
  type CartTotals,
  type DeliveryArea,
  type DeliveryAreaCheck,
  type OrderType,
  type PricingLineInput,
  type Product,
  type TotalsDisplay,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import type { BranchStore } from './BranchStore';
import type { CatalogStore } from './CatalogStore';
import type { InitDataStore } from './InitDataStore';
import { ProductEditor, type FileUploader } from './ProductEditor';

/** What the cart needs of `sessionStorage`. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** How long the "added" notification stays. */
export const NOTIFICATION_MS = 3500;

/** How long the one-tap toast offers its undo: long enough to read it and reach the button. */
export const UNDO_MS = 6000;

/** A storage that keeps nothing (server rendering, tests that do not care). */
export const noStorage: CartStorage = { getItem: () => null, setItem: () => undefined };

function parseCart(text: string | null): CartState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CartState> | null;
    if (!value || !Array.isArray(value.items)) return null;
    return {
      ...emptyCart(),
      ...value,
      items: value.items.filter(
        (item): item is CartItem =>
          !!item && typeof item.amount === 'number' && !!item.product && Array.isArray(item.parts),
      ),
      order: { ...emptyCart().order, ...(value.order ?? {}) },
    };
  } catch {
    return null;
  }
}

/**
 * The carts, one per branch (spec section 4): kept in sessionStorage under `asp.{branch identifier}`,
 * priced with `common`, migrated after every data load; plus the cart panel, the notification and the
 * product modal's editor.
 */
export class CartStore {
  /** Carts read or changed in this session, by branch identifier. */
  carts = new Map<string, CartState>();
  isPanelOpen = false;
  notification: string | null = null;
  /** The cart before the last one-tap add, while its toast offers "Rückgängig" (with the branch's key). */
  undo: { identifier: string; items: CartItem[] } | null = null;
  editor: ProductEditor | null = null;
  /**
   * The last product the guest added as a new line (one tap or the dialog), with a count that rises on
   * every add: the kiosk's upsell step reacts to it. Changing a line does not count.
   */
  lastAdded: { productId: number; count: number } | null = null;
  /** A delivery-area check is on its way. */
  isCheckingArea = false;
  /** The refusal of the last check ("An diese Adresse liefern wir leider nicht …") and its postcode. */
  areaRefusal: { postcode: string; message: string } | null = null;

  private notificationTimer: ReturnType<typeof setTimeout> | null = null;
  private areaCheckSequence = 0;

  constructor(
    private readonly data: InitDataStore,
    private readonly branches: BranchStore,
    private readonly catalog: CatalogStore,
    private readonly storage: CartStorage,
    private readonly uploader?: FileUploader,
    private readonly api?: ApiClient,
  ) {
    makeAutoObservable<
      CartStore,
      | 'data'
      | 'branches'
      | 'catalog'
      | 'storage'
      | 'uploader'
      | 'api'
      | 'notificationTimer'
      | 'areaCheckSequence'
    >(
      this,
      {
        data: false,
        branches: false,
        catalog: false,
        storage: false,
        uploader: false,
        api: false,
        notificationTimer: false,
        areaCheckSequence: false,
        // queries read in render: as actions they would hide what they read from the observer
        isAtMinimum: false,
        canIncrease: false,
      },
      { autoBind: true },
    );
  }

  get branch(): Branch | null {
    return this.branches.selected;
  }

  /** The selected branch's cart (empty until {@link CartStore.open} read it). */
  get state(): CartState {
    const key = this.branch?.identifier;
    return (key && this.carts.get(key)) || emptyCart();
  }

  /**
   * Reads the branch's stored cart. Without a stored cart the settings' default order type is applied when
   * the branch offers it (else its first type). No delivery area is preselected: the address decides.
   */
  open(branch: Branch): void {
    if (this.carts.has(branch.identifier)) return;
    const stored = parseCart(this.storage.getItem(cartStorageKey(branch.identifier)));
    let state = stored ?? emptyCart();
    if (!stored) {
      const type = initialOrderType(branch, this.data.config?.defaultDeliveryMethod, null);
      state = { ...state, ...orderTypeFlags(type ?? 'takeaway') };
    }
    this.carts.set(branch.identifier, this.normalise(branch, state));
    this.migrate(branch);
    if (!stored) this.save(branch.identifier);
  }

  /**
   * Keeps the order type among the offered ones, and the checked delivery area while it still exists
   * with a postcode it was checked for (a cart from before the address decided has none: checked again).
   */
  private normalise(branch: Branch, state: CartState): CartState {
    const offered = offeredOrderTypes(branch);
    let type = orderTypeOf(state);
    if (!offered.includes(type))
      type = initialOrderType(branch, this.data.config?.defaultDeliveryMethod, null) ?? type;
    const areas = branch.deliveryAreas ?? [];
    const area = state.deliveryPostcode
      ? areas.find((candidate) => candidate.id === state.deliveryArea?.id)
      : undefined;
    return {
      ...state,
      ...orderTypeFlags(type),
      deliveryArea: area ? { id: area.id } : null,
      deliveryPostcode: area ? (state.deliveryPostcode ?? null) : null,
    };
  }

  private update(change: (state: CartState) => CartState): void {
    const branch = this.branch;
    if (!branch) return;
    this.carts.set(branch.identifier, change(this.state));
    this.save(branch.identifier);
  }

  private save(identifier: string): void {
    const state = this.carts.get(identifier);
    if (!state) return;
    try {
      this.storage.setItem(cartStorageKey(identifier), JSON.stringify(state));
    } catch {
      // Storage full or disabled (private mode): the cart still works for this page view.
    }
  }

  get items(): CartItem[] {
    return this.state.items;
  }

  get isEmpty(): boolean {
    return this.items.length === 0;
  }

  /** Badge count (spec section 9): piece, pair and person items by amount, others 1 each. */
  get count(): number {
    return cartCount(this.items);
  }

  get offeredOrderTypes(): OrderType[] {
    return this.branch ? offeredOrderTypes(this.branch) : [];
  }

  get orderType(): OrderType {
    return orderTypeOf(this.state);
  }

  setOrderType(type: OrderType): void {
    if (!this.offeredOrderTypes.includes(type)) return;
    this.update((state) => ({ ...state, ...orderTypeFlags(type) }));
  }

  get deliveryAreas(): DeliveryArea[] {
    return this.branch?.deliveryAreas ?? [];
  }

  get deliveryArea(): DeliveryArea | null {
    const id = this.state.deliveryArea?.id;
    return this.deliveryAreas.find((area) => area.id === id) ?? null;
  }

  /** The postcode the delivery area was found for (null until a check succeeded). */
  get deliveryPostcode(): string | null {
    return this.deliveryArea ? (this.state.deliveryPostcode ?? null) : null;
  }

  /**
   * Asks the server which delivery area the address lies in (`GET /api/branches/{id}/delivery-area`, the
   * same rule as at order creation): the area is kept with the cart, or the German refusal is kept for the
   * postcode field. With street and city the shop's geocoder can decide radius and polygon areas.
   */
  async checkDeliveryArea(postcode: string, address: { street?: string; city?: string } = {}): Promise<void> {
    const branch = this.branch;
    if (!branch || !this.api) return;
    const query = new URLSearchParams({ postcode: postcode.trim() });
    if (address.street?.trim()) query.set('street', address.street.trim());
    if (address.city?.trim()) query.set('city', address.city.trim());
    this.isCheckingArea = true;
    // Only the latest check counts: an address changed while an earlier answer was on its way.
    const sequence = ++this.areaCheckSequence;
    try {
      const answer = await this.api.get<DeliveryAreaCheck>(
        `/api/branches/${branch.id}/delivery-area?${query.toString()}`,
        { redirectOnUnauthorized: false },
      );
      if (sequence !== this.areaCheckSequence) return;
      runInAction(() => {
        this.areaRefusal = null;
        this.update((state) => ({
          ...state,
          deliveryArea: { id: answer.area.id },
          deliveryPostcode: answer.postcode,
        }));
      });
    } catch (error) {
      if (sequence !== this.areaCheckSequence) return;
      runInAction(() => {
        const refused = error instanceof ApiRequestError && error.status === 400;
        this.areaRefusal = {
          postcode: postcode.trim(),
          message: refused ? (error.messageFor('zipCode') ?? error.message) : t('deliveryCheck.unavailable'),
        };
        if (refused) this.update((state) => ({ ...state, deliveryArea: null, deliveryPostcode: null }));
      });
    } finally {
      if (sequence === this.areaCheckSequence) runInAction(() => (this.isCheckingArea = false));
    }
  }

  /** Forgets the checked area (the customer wants to enter another postcode). */
  resetDeliveryArea(): void {
    this.areaRefusal = null;
    this.update((state) => ({ ...state, deliveryArea: null, deliveryPostcode: null }));
  }

  /** The items with their current products, as pricing reads them (items of vanished products left out). */
  get lines(): PricingLineInput[] {
    return this.items.flatMap((item) => {
      const product = this.catalog.productById(item.product.id);
      return product ? [{ product, amount: item.amount, unit: item.unit, parts: item.parts }] : [];
    });
  }

  /** The current product of a cart line (undefined while its catalogue is not loaded, or when it is gone). */
  productOf(item: Pick<CartItem, 'product'>): Product | undefined {
    return this.catalog.productById(item.product.id);
  }

  get totals(): CartTotals {
    return priceCart({ items: this.lines, orderType: this.orderType, deliveryArea: this.deliveryArea });
  }

  /**
   * Whether the order would carry a right of withdrawal: some item's product, or a category it is sold in
   * within the branch's active menu, is not "vom Widerruf ausgenommen" (the server decides the same way).
   */
  get isWithdrawable(): boolean {
    const branch = this.branch;
    if (!branch) return false;
    const catalog = this.catalog.catalogFor(branch);
    const entries = catalog?.menu.catalog ?? [];
    const allCategories = catalog?.categories ?? [];
    return isOrderWithdrawable(
      this.items.map((item) => {
        const product = this.catalog.productById(item.product.id);
        if (!product) return true;
        const categories = entries
          .filter((entry) => entry.products.some((p) => p.id === product.id))
          .flatMap((entry) => allCategories.filter((category) => category.id === entry.id));
        return isProductWithdrawalExempt(product, categories);
      }),
    );
  }

  /** Whether the total is hidden (approximate, minimum or hidden prices) and the prefix of shown amounts. */
  get display(): TotalsDisplay {
    return totalsDisplay(this.totals.lines);
  }

  /** The panel shows only when opened and not empty; removing the last item hides it. */
  get isPanelVisible(): boolean {
    return this.isPanelOpen && !this.isEmpty;
  }

  showPanel(): void {
    this.isPanelOpen = true;
  }

  hidePanel(): void {
    this.isPanelOpen = false;
  }

  togglePanel(): void {
    this.isPanelOpen = !this.isPanelOpen;
  }

  /** Starts the modal for a product: its starting quantity and unit, empty parts. */
  startProduct(product: Product): void {
    this.editor = new ProductEditor(product, { orderType: this.orderType, uploader: this.uploader });
  }

  /**
   * A tap on a product card: a product without options goes into the cart at once, with a toast that can
   * undo it (issue 25); one with options opens the dialog.
   */
  addProduct(product: Product): void {
    const branch = this.branch;
    if (!branch || !isOneTapProduct(product)) {
      this.startProduct(product);
      return;
    }
    const before = this.items;
    this.update((state) => ({ ...state, items: addOneTap(state.items, product) }));
    this.notify(`${t('cart.added')}: ${product.name}`, UNDO_MS);
    this.undo = { identifier: branch.identifier, items: before };
    this.markAdded(product.id);
  }

  /** "Rückgängig" in the toast: the cart as it was before the one-tap add. */
  undoAdd(): void {
    const undo = this.undo;
    if (!undo || undo.identifier !== this.branch?.identifier) return;
    this.update((state) => ({ ...state, items: undo.items }));
    this.dismissNotification();
  }

  /** The cart's +/– on a line (the product's quantity rules; "–" at the minimum removes the line). */
  stepItem(index: number, direction: 'up' | 'down'): void {
    const item = this.items[index];
    const product = item && this.catalog.productById(item.product.id);
    if (!item || !product) return;
    this.update((state) => ({ ...state, items: stepItem(state.items, index, product, direction) }));
  }

  /** Whether a line is at its minimum (the cart shows a bin instead of "–"). */
  isAtMinimum(index: number): boolean {
    const item = this.items[index];
    const product = item && this.catalog.productById(item.product.id);
    return !!item && !!product && !canDecrease(item.amount, quantityRules(product, item.unit));
  }

  /** Whether a line can grow (below its maximum). */
  canIncrease(index: number): boolean {
    const item = this.items[index];
    const product = item && this.catalog.productById(item.product.id);
    return !!item && !!product && canIncrease(item.amount, quantityRules(product, item.unit));
  }

  /** Opens the modal for an item of the cart. */
  editItem(index: number): void {
    const item = this.items[index];
    const product = item && this.catalog.productById(item.product.id);
    if (!item || !product) return;
    this.editor = new ProductEditor(product, {
      item,
      editIndex: index,
      orderType: this.orderType,
      uploader: this.uploader,
    });
  }

  /** Saving adds a new item or replaces the edited one, then shows the notification. */
  saveEditor(): boolean {
    const editor = this.editor;
    if (!editor || !editor.isValid) return false;
    this.update((state) => ({ ...state, items: saveItem(state.items, editor.item, editor.editIndex) }));
    this.editor = null;
    if (!editor.isEditing) {
      this.notify(t('cart.productAdded'));
      this.markAdded(editor.product.id);
    }
    return true;
  }

  private markAdded(productId: number): void {
    this.lastAdded = { productId, count: (this.lastAdded?.count ?? 0) + 1 };
  }

  cancelEditor(): void {
    this.editor = null;
  }

  removeItem(index: number): void {
    this.update((state) => ({ ...state, items: removeItem(state.items, index) }));
  }

  /** The order draft kept with the cart: the chosen appointment (ISO 8601) or null for "as soon as possible". */
  get appointmentDate(): string | null {
    return this.state.order.appointmentDate ?? null;
  }

  setAppointmentDate(iso: string | null): void {
    this.update((state) => ({ ...state, order: { ...state.order, appointmentDate: iso } }));
  }

  get comment(): string {
    return this.state.order.comment ?? '';
  }

  setComment(comment: string): void {
    this.update((state) => ({ ...state, order: { ...state.order, comment } }));
  }

  /** Empties the items and resets appointment and comment (after an order). */
  clear(): void {
    this.update(clearCart);
  }

  /**
   * Empties the cart of a branch that is not the selected one (the status page after an online payment:
   * the customer ordered it, the cart waited in case the payment failed).
   */
  clearFor(branch: Branch): void {
    this.open(branch);
    this.carts.set(branch.identifier, clearCart(this.carts.get(branch.identifier)!));
    this.save(branch.identifier);
  }

  notify(message: string, duration = NOTIFICATION_MS): void {
    this.notification = message;
    this.undo = null;
    if (this.notificationTimer) clearTimeout(this.notificationTimer);
    this.notificationTimer = setTimeout(this.dismissNotification, duration);
  }

  dismissNotification(): void {
    this.notification = null;
    this.undo = null;
    if (this.notificationTimer) clearTimeout(this.notificationTimer);
    this.notificationTimer = null;
  }

  /** After a data load: items whose product changed or is no longer orderable are removed (spec section 4). */
  migrate(branch: Branch): void {
    const state = this.carts.get(branch.identifier);
    if (!state || !this.data.isLoaded) return;
    // Until the branch's catalogue has arrived nothing is known to be gone: the cart stays as it was.
    const orderable = this.catalog.orderableProductsFor(branch);
    if (!orderable) return;
    const items = migrateCart(state.items, orderable);
    if (items.length === state.items.length) return;
    this.carts.set(branch.identifier, { ...state, items });
    this.save(branch.identifier);
  }

  /** Migrates every cart read in this session (called after each data load). */
  migrateAll(): void {
    for (const identifier of this.carts.keys()) {
      const branch = this.branches.byIdentifier(identifier);
      if (branch) this.migrate(branch);
    }
  }
}
