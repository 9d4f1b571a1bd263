/**
 * The cart (spec sections 3, 4 and 5): item and part validity, upload types, starting and saving items,
 * step-by-step configuration, and cart migration after the catalogue reloads.
 *
 * @packageDocumentation
 */
import type { Ref } from './contract/base.js';
import type { ConfigurablePart, PartType, Product, UnitCode } from './contract/catalog.js';
import type { OrderFormItem, PartFileValue, PartValue } from './contract/order.js';
import { toCents } from './money.js';
import { COUNT_BY_AMOUNT_TYPES, unitType } from './units.js';
import {
  canDecrease,
  decreaseAmount,
  increaseAmount,
  quantityRules,
  startingQuantity,
  type QuantityProduct,
} from './quantity.js';

/** What a cart item keeps of its product (enough to migrate and to show it). */
export interface CartProductSnapshot {
  /** Product id. */
  id: number;
  /** Product uid. */
  uid: string;
  /** Name when added. */
  name: string;
  /** Description when added. */
  description?: string | null;
  /** Price when added (major units). */
  price: number;
  /** Price hidden. */
  isPriceHidden: boolean;
}

/** One item in the cart. */
export interface CartItem {
  /** The product as it was when added. */
  product: CartProductSnapshot;
  /** Amount in {@link CartItem.unit}. */
  amount: number;
  /** Unit ordered in. */
  unit: UnitCode;
  /** One value per configurable part. */
  parts: PartValue[];
}

/** The persisted cart of one branch (session storage, spec section 4). */
export interface CartState {
  /** Items. */
  items: CartItem[];
  /** Delivery chosen. */
  isDelivery: boolean;
  /** Dine-in chosen. */
  isDineIn: boolean;
  /** The delivery area the server found for {@link CartState.deliveryPostcode} (never picked by hand). */
  deliveryArea?: Ref | null;
  /** The postcode the delivery area was checked for (`GET /api/branches/{id}/delivery-area`). */
  deliveryPostcode?: string | null;
  /** Order draft. */
  order: { appointmentDate?: string | null; comment?: string | null };
}

/** Prefix of the cart's session-storage keys (spec section 9). */
export const CART_STORAGE_PREFIX = 'asp.';

/** The session-storage key of a cart: `asp.` plus the key (the branch identifier). */
export function cartStorageKey(key: string): string {
  return `${CART_STORAGE_PREFIX}${key}`;
}

/** An empty cart. */
export function emptyCart(): CartState {
  return {
    items: [],
    isDelivery: false,
    isDineIn: false,
    deliveryArea: null,
    deliveryPostcode: null,
    order: { appointmentDate: null, comment: null },
  };
}

/** Clearing empties the items and resets appointment and comment; the order type and area stay. */
export function clearCart(cart: CartState): CartState {
  return { ...cart, items: [], order: { ...cart.order, appointmentDate: null, comment: null } };
}

/** The delivery method counts as chosen when delivery or dine-in is stored (spec section 4). */
export function isDeliveryMethodChosen(cart: Pick<CartState, 'isDelivery' | 'isDineIn'>): boolean {
  return cart.isDelivery || cart.isDineIn;
}

/** Default upload extensions (spec section 5). */
export const DEFAULT_UPLOAD_EXTENSIONS = [
  'txt',
  'csv',
  'gif',
  'jpg',
  'jpeg',
  'png',
  'svg',
  'mp4',
  'mpeg',
  'webm',
  'zip',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
] as const;

/** Font files (the shop's heading and body fonts, `/api/fonts`): staff uploads only, never a customer's. */
export const FONT_UPLOAD_EXTENSIONS = ['woff2', 'woff', 'ttf', 'otf'] as const;

/** What the back office may upload: the default list and the font files. */
export const STAFF_UPLOAD_EXTENSIONS: readonly string[] = [
  ...DEFAULT_UPLOAD_EXTENSIONS,
  ...FONT_UPLOAD_EXTENSIONS,
];

/** Extensions accepted by image parts (spec section 5). */
export const IMAGE_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

/** The file part types. */
export const FILE_PART_TYPES: readonly PartType[] = ['image', 'images', 'file', 'files'];

/** Whether a part type takes files. */
export function isFilePart(type: PartType): boolean {
  return FILE_PART_TYPES.includes(type);
}

/** The extensions a file part accepts: jpg, jpeg, png, gif for image parts, the default list otherwise. */
export function uploadExtensions(type: PartType): readonly string[] {
  return type === 'image' || type === 'images' ? IMAGE_UPLOAD_EXTENSIONS : DEFAULT_UPLOAD_EXTENSIONS;
}

/** The `accept` attribute of a file input: `.jpg,.jpeg,.png,.gif`. */
export function uploadAcceptAttribute(type: PartType): string {
  return uploadExtensions(type)
    .map((extension) => `.${extension}`)
    .join(',');
}

/** Several files only for the plural types `images` and `files`. */
export function allowsMultipleFiles(type: PartType): boolean {
  return type === 'images' || type === 'files';
}

/** Whether a file name's extension is accepted by a part type (case-insensitive). */
export function isAcceptedFileName(type: PartType, fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return uploadExtensions(type).includes(fileName.slice(dot + 1).toLowerCase());
}

function isOptionIndex(part: ConfigurablePart, value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < part.options.length;
}

function isFileList(value: unknown): value is PartFileValue[] {
  return (
    Array.isArray(value) &&
    value.every((entry) => typeof entry === 'object' && entry !== null && typeof entry.id === 'number') &&
    new Set(value.map((entry: PartFileValue) => entry.id)).size === value.length
  );
}

/** No entry twice: an option is chosen or not, a file attached or not (a repeat is never meant). */
function isDistinct(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}

function isEmptyValue(value: PartValue | undefined): boolean {
  return (
    value === null ||
    value === undefined ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'string' && value.trim() === '')
  );
}

/** The number of options a multiselect takes: at least `min` (when chosen or required), at most `max`. */
export function choiceLimits(part: Pick<ConfigurablePart, 'optional' | 'minChoices' | 'maxChoices'>): {
  min: number;
  max: number | null;
} {
  return { min: Math.max(part.minChoices ?? 0, part.optional ? 0 : 1), max: part.maxChoices ?? null };
}

/** The customer's hint of a multiselect with limits: "Bis zu 2 wählen", "Genau 2 wählen", "2 bis 3 wählen". */
export function choiceHint(
  part: Pick<ConfigurablePart, 'optional' | 'minChoices' | 'maxChoices'>,
): string | null {
  const { min, max } = choiceLimits(part);
  if (part.minChoices == null && part.maxChoices == null) return null;
  if (max === null) return min > 1 ? `Mindestens ${min} wählen` : null;
  if (min === max) return `Genau ${max} wählen`;
  if (min <= 1) return `Bis zu ${max} wählen`;
  return `${min} bis ${max} wählen`;
}

/**
 * Why a multiselect's choice breaks its min/max (German, for the field), or null. An optional part left
 * empty is fine whatever its minimum.
 */
export function choiceCountProblem(part: ConfigurablePart, value: PartValue | undefined): string | null {
  if (part.type !== 'multiselect' || !Array.isArray(value)) return null;
  const count = value.length;
  if (count === 0 && part.optional) return null;
  const { min, max } = choiceLimits(part);
  if (max !== null && count > max)
    return `Bei „${part.name}“ ${max === 1 ? 'ist höchstens 1 Option' : `sind höchstens ${max} Optionen`} möglich.`;
  if (count < min)
    return `Bei „${part.name}“ ${min === 1 ? 'ist mindestens 1 Option' : `sind mindestens ${min} Optionen`} zu wählen.`;
  return null;
}

/**
 * Whether one part's value is valid (spec section 5). Required parts: select needs a selection; multiselect,
 * image(s) and file(s) at least one entry; text and textarea a non-empty value. Optional parts may be empty.
 * A non-empty value must fit its type (option indices in range, at most one file for `image` and `file`)
 * and name no option or file twice.
 */
export function isPartValueValid(part: ConfigurablePart, value: PartValue | undefined): boolean {
  if (isEmptyValue(value)) return part.optional;
  switch (part.type) {
    case 'select':
      return isOptionIndex(part, value);
    case 'multiselect':
      return (
        Array.isArray(value) &&
        value.every((entry) => isOptionIndex(part, entry)) &&
        isDistinct(value) &&
        choiceCountProblem(part, value) === null
      );
    case 'text':
    case 'textarea':
      return typeof value === 'string';
    case 'image':
    case 'file':
      return isFileList(value) && value.length === 1;
    case 'images':
    case 'files':
      return isFileList(value);
  }
}

/** Whether an item is valid: amount > 0 and every configurable part valid. */
export function isCartItemValid(
  item: Pick<CartItem, 'amount' | 'parts'>,
  product: Pick<Product, 'config'>,
): boolean {
  if (!(item.amount > 0)) return false;
  return (product.config?.parts ?? []).every((part, index) => isPartValueValid(part, item.parts[index]));
}

/** The empty value of a part: null for select, '' for texts, [] otherwise. */
export function emptyPartValue(type: PartType): PartValue {
  if (type === 'select') return null;
  if (type === 'text' || type === 'textarea') return '';
  return [];
}

/** The snapshot a cart item keeps of a product. */
export function productSnapshot(
  product: Pick<Product, 'id' | 'uid' | 'name' | 'description' | 'price' | 'isPriceHidden'>,
): CartProductSnapshot {
  return {
    id: product.id,
    uid: product.uid,
    name: product.name,
    description: product.description ?? null,
    price: product.price,
    isPriceHidden: product.isPriceHidden,
  };
}

/** The item a product click starts (spec section 4): starting quantity and unit, empty parts. */
export function startItem(
  product: QuantityProduct &
    Pick<Product, 'id' | 'uid' | 'name' | 'description' | 'price' | 'isPriceHidden' | 'config'>,
): CartItem {
  const { amount, unit } = startingQuantity(product);
  return {
    product: productSnapshot(product),
    amount,
    unit,
    parts: (product.config?.parts ?? []).map((part) => emptyPartValue(part.type)),
  };
}

/** Clicking a select option: selects it; clicking the selected one again deselects it only for optional parts. */
export function toggleSelectOption(
  part: Pick<ConfigurablePart, 'optional'>,
  current: PartValue | undefined,
  clicked: number,
): number | null {
  if (current === clicked) return part.optional ? null : clicked;
  return clicked;
}

/**
 * Clicking a multiselect option: adds or removes it (kept sorted). With a maximum reached a further option
 * is not added (the storefront shows it disabled).
 */
export function toggleMultiselectOption(
  current: PartValue | undefined,
  clicked: number,
  max: number | null = null,
): number[] {
  const values = Array.isArray(current)
    ? current.filter((entry): entry is number => typeof entry === 'number')
    : [];
  if (values.includes(clicked)) return values.filter((value) => value !== clicked);
  if (max !== null && values.length >= max) return values;
  return [...values, clicked].sort((a, b) => a - b);
}

/** Adds a new item (`editIndex` null) or replaces the edited one. */
export function saveItem(
  items: readonly CartItem[],
  item: CartItem,
  editIndex: number | null = null,
): CartItem[] {
  if (editIndex === null || editIndex < 0 || editIndex >= items.length) return [...items, item];
  return items.map((existing, index) => (index === editIndex ? item : existing));
}

/**
 * A product added by one tap, without the dialog (issue 25): nothing to choose — no parts, one unit, and a
 * unit counted in pieces (a product sold by m² or kg needs its amount typed).
 */
export function isOneTapProduct(product: Pick<Product, 'config' | 'alternativeUnits' | 'unit'>): boolean {
  return (
    (product.config?.parts ?? []).length === 0 &&
    (product.alternativeUnits ?? []).length === 0 &&
    COUNT_BY_AMOUNT_TYPES.includes(unitType(product.unit))
  );
}

/**
 * One tap on a product without options: a line of the same product in its starting unit gets one step more
 * (up to its maximum), otherwise the product's starting item is appended.
 */
export function addOneTap(
  items: readonly CartItem[],
  product: QuantityProduct &
    Pick<Product, 'id' | 'uid' | 'name' | 'description' | 'price' | 'isPriceHidden' | 'config'>,
): CartItem[] {
  const start = startItem(product);
  const index = items.findIndex(
    (item) => item.product.id === product.id && item.unit === start.unit && item.parts.length === 0,
  );
  if (index < 0) return [...items, start];
  return stepItem(items, index, product, 'up');
}

/**
 * The cart's +/– on a line, by the product's quantity rules in the line's unit: one step up (not past the
 * maximum) or down; "down" at the minimum removes the line (the cart shows a bin there).
 */
export function stepItem(
  items: readonly CartItem[],
  index: number,
  product: QuantityProduct,
  direction: 'up' | 'down',
): CartItem[] {
  const item = items[index];
  if (!item) return [...items];
  const rules = quantityRules(product, item.unit);
  if (direction === 'down' && !canDecrease(item.amount, rules)) return removeItem(items, index);
  const amount = direction === 'up' ? increaseAmount(item.amount, rules) : decreaseAmount(item.amount, rules);
  return items.map((existing, i) => (i === index ? { ...existing, amount } : existing));
}

/** Removes the item at an index. */
export function removeItem(items: readonly CartItem[], index: number): CartItem[] {
  return items.filter((_, i) => i !== index);
}

/** Navigation of a step-by-step configurable product. */
export interface StepNavigation {
  /** Forward is offered: the current step is valid and not the last. */
  canForward: boolean;
  /** Back is offered: not the first step. */
  canBack: boolean;
  /** Save is offered: the whole item is valid. */
  canSave: boolean;
}

/** Forward, back and save of a step-by-step product at a step (one step per part; spec section 4). */
export function stepNavigation(
  product: Pick<Product, 'config'>,
  item: Pick<CartItem, 'amount' | 'parts'>,
  step: number,
): StepNavigation {
  const parts = product.config?.parts ?? [];
  const stepValid = parts[step] ? isPartValueValid(parts[step], item.parts[step]) : true;
  return {
    canForward: stepValid && step < parts.length - 1,
    canBack: step > 0,
    canSave: isCartItemValid(item, product),
  };
}

/**
 * Cart migration after data loads (spec section 4): keeps only items whose product still matches an active
 * product with the same id, name, description and price.
 */
export function migrateCart(
  items: readonly CartItem[],
  activeProducts: readonly Pick<Product, 'id' | 'name' | 'description' | 'price'>[],
): CartItem[] {
  return items.filter((item) =>
    activeProducts.some(
      (product) =>
        product.id === item.product.id &&
        product.name === item.product.name &&
        (product.description ?? null) === (item.product.description ?? null) &&
        toCents(product.price) === toCents(item.product.price),
    ),
  );
}

/** The items as the order form sends them. */
export function toOrderFormItems(items: readonly CartItem[]): OrderFormItem[] {
  return items.map((item) => ({
    product: { id: item.product.id, uid: item.product.uid },
    amount: item.amount,
    unit: item.unit,
    parts: item.parts,
  }));
}
