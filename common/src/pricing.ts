/**
 * Prices of items and carts (spec sections 5 and 9): unit and line prices with alternative units and part
 * modifiers, taxes per order type, delivery fee, totals with per-rate taxes, minimum order value, and how
 * totals are shown under the calculation models.
 *
 * Rounding: the unit price is rounded to cents once; the line price is unit price × amount rounded once (so
 * what the customer sees multiplies out); taxes are extracted once per rate from the summed gross of that
 * rate. Every total satisfies `net + Σ taxes === gross` exactly.
 *
 * @packageDocumentation
 */
import type {
  CalculationModel,
  ConfigurablePart,
  PartOption,
  Product,
  UnitCode,
} from './contract/catalog.js';
import type { DeliveryArea } from './contract/branch.js';
import type { OrderType, PartValue, PricingResult } from './contract/order.js';
import { fromCents, multiplyCents, sumCents, toCents, type Cents } from './money.js';
import { calculationModelFor, unitRatio, type QuantityProduct } from './quantity.js';
import { rateKey, splitGross, taxRateFor, type TaxSplit } from './tax.js';
import type { TextLanguage } from './i18n/en.js';

/** The product fields pricing reads. */
export type PricedProduct = QuantityProduct &
  Pick<Product, 'price' | 'tax' | 'takeawayTax' | 'dineInTax' | 'isPriceHidden' | 'config'>;

/** One item to price: a product, an amount in a unit, and the part values. */
export interface PricingLineInput {
  /** The (current, server-side) product. */
  product: PricedProduct;
  /** Amount in {@link PricingLineInput.unit}. */
  amount: number;
  /** The unit ordered in. */
  unit: UnitCode;
  /** One value per configurable part (see {@link PartValue}). */
  parts?: readonly PartValue[];
}

/** The price of one item. */
export interface LinePricing {
  /** Gross price of one {@link PricingLineInput.unit}, modifiers applied, in cents. */
  unitPrice: Cents;
  /** Gross line price (unit price × amount) in cents. */
  gross: Cents;
  /** The line split at its rate (for display; totals split per rate, see {@link CartTotals}). */
  split: TaxSplit;
  /** Tax rate in percent applied by order type. */
  rate: number;
  /** Calculation model of the unit ordered in. */
  calculationModel: CalculationModel;
  /** The price is hidden from the customer. */
  isPriceHidden: boolean;
}

/** The delivery part of a cart's totals. */
export interface DeliveryPricing extends TaxSplit {
  /** Tax rate of the fee in percent. */
  rate: number;
  /** No fee because the area is free or the threshold is reached. */
  isFree: boolean;
}

/** Totals of a cart in cents. */
export interface CartTotals {
  /** Per item, in input order. */
  lines: LinePricing[];
  /** Items' net, tax and gross. */
  items: TaxSplit;
  /** Delivery fee (all zero unless a delivery order with an area). */
  delivery: DeliveryPricing;
  /** Grand total = items + delivery. */
  total: TaxSplit;
  /** Tax per rate over items and delivery, keyed by {@link rateKey} (`"10"`). */
  taxes: Record<string, Cents>;
  /** Tax per rate over items only. */
  itemTaxes: Record<string, Cents>;
}

/** The delivery area fields pricing reads. */
export type PricedDeliveryArea = Pick<
  DeliveryArea,
  'price' | 'tax' | 'free' | 'freeFromOrderValue' | 'minimumOrderValue'
>;

/**
 * The option indices a part's value selects, each at most once: the index of a select, the distinct indices
 * of a multiselect (an index sent twice counts once: a side is either chosen or not), nothing for other
 * types. Entries that are not whole numbers are dropped; ranges are checked by the caller.
 */
export function chosenIndices(part: Pick<ConfigurablePart, 'type'>, value: PartValue | undefined): number[] {
  if (part.type === 'select') return Number.isInteger(value) ? [value as number] : [];
  if (part.type !== 'multiselect' || !Array.isArray(value)) return [];
  return [...new Set(value.filter((entry): entry is number => Number.isInteger(entry)))];
}

/**
 * The selected options of the select and multiselect parts, each option of a part at most once (indices out
 * of range are ignored).
 */
export function selectedOptions(
  product: Pick<Product, 'config'>,
  parts: readonly PartValue[] = [],
): PartOption[] {
  const selected: PartOption[] = [];
  (product.config?.parts ?? []).forEach((part, index) => {
    for (const optionIndex of chosenIndices(part, parts[index])) {
      const option = part.options[optionIndex];
      if (option) selected.push(option);
    }
  });
  return selected;
}

/**
 * The lowest gross price in cents one unit of the product's own unit can reach with any choice of its
 * options: the lowest of the base and the overwrites, minus every subtracting option once, never below 0.
 * {@link unitPrice} never goes below it whatever a client sends (the pricing rule of `docs/decisions/orders.md`).
 */
export function lowestBasePrice(product: Pick<Product, 'price' | 'config'>): Cents {
  const options = (product.config?.parts ?? []).flatMap((part) =>
    part.type === 'select' || part.type === 'multiselect' ? part.options : [],
  );
  const floor = Math.min(
    toCents(product.price),
    ...options.filter((option) => option.modifier === 'overwrite').map((option) => toCents(option.value)),
  );
  const discounts = sumCents(
    options.filter((option) => option.modifier === 'subtract').map((option) => toCents(option.value)),
  );
  return Math.max(0, floor - discounts);
}

/**
 * Applies option modifiers to a base price in cents: the last `overwrite` replaces the base, then every
 * `add` and `subtract` applies (so order in the list does not matter); never below 0.
 */
export function applyModifiers(base: Cents, options: readonly PartOption[]): Cents {
  let price = base;
  for (const option of options) if (option.modifier === 'overwrite') price = toCents(option.value);
  for (const option of options) {
    if (option.modifier === 'add') price += toCents(option.value);
    if (option.modifier === 'subtract') price -= toCents(option.value);
  }
  return Math.max(0, price);
}

/**
 * Gross price of one `unit` of the product in cents: base price with modifiers, × the unit's ratio
 * (alternative unit ratio, or factor quotient for another unit of the same type), rounded to cents.
 */
export function unitPrice(product: PricedProduct, unit: UnitCode, parts: readonly PartValue[] = []): Cents {
  const base = applyModifiers(toCents(product.price), selectedOptions(product, parts));
  return multiplyCents(base, unitRatio(product, unit));
}

/** Prices one item for an order type. */
export function priceLine(line: PricingLineInput, orderType: OrderType): LinePricing {
  const unit = unitPrice(line.product, line.unit, line.parts);
  const gross = multiplyCents(unit, line.amount);
  const rate = taxRateFor(line.product, orderType);
  return {
    unitPrice: unit,
    gross,
    split: splitGross(gross, rate),
    rate,
    calculationModel: calculationModelFor(line.product, line.unit),
    isPriceHidden: line.product.isPriceHidden,
  };
}

/** A threshold in cents, or null when unset or not positive. */
function threshold(value: number | null | undefined): Cents | null {
  return typeof value === 'number' && value > 0 ? toCents(value) : null;
}

/**
 * Whether delivery is free: the area is flagged free, or the items' gross reaches its `freeFromOrderValue`.
 * "Reaches" (≥) rather than "exceeds" (>): the customer is told "Kostenlose Lieferung ab {amount}", and "ab"
 * includes the amount itself.
 */
export function isDeliveryFree(area: PricedDeliveryArea, itemsGross: Cents): boolean {
  if (area.free) return true;
  const freeFrom = threshold(area.freeFromOrderValue);
  return freeFrom !== null && itemsGross >= freeFrom;
}

/** The delivery fee split at the area's tax rate (all zero when free). */
export function deliveryPricing(area: PricedDeliveryArea, itemsGross: Cents): DeliveryPricing {
  const isFree = isDeliveryFree(area, itemsGross);
  const gross = isFree ? 0 : toCents(area.price);
  return { ...splitGross(gross, area.tax), rate: area.tax, isFree };
}

/** The amount still missing for free delivery, or null when delivery is already free or has no threshold. */
export function freeDeliveryMissing(area: PricedDeliveryArea, itemsGross: Cents): Cents | null {
  const freeFrom = threshold(area.freeFromOrderValue);
  if (area.free || freeFrom === null || itemsGross >= freeFrom) return null;
  return freeFrom - itemsGross;
}

/** Result of the minimum order value check. */
export interface MinimumOrderCheck {
  /** The items' gross reaches the minimum (or there is none). */
  isReached: boolean;
  /** The minimum in cents (0 when none). */
  minimum: Cents;
  /** What is missing in cents (0 when reached). */
  missing: Cents;
}

/** Checks the area's minimum order value against the items' gross (delivery only, spec section 5). */
export function checkMinimumOrder(
  area: PricedDeliveryArea | null | undefined,
  itemsGross: Cents,
): MinimumOrderCheck {
  const minimum = threshold(area?.minimumOrderValue) ?? 0;
  const missing = Math.max(0, minimum - itemsGross);
  return { isReached: missing === 0, minimum, missing };
}

function addToRate(map: Record<string, Cents>, rate: number, tax: Cents): void {
  const key = rateKey(rate);
  map[key] = (map[key] ?? 0) + tax;
}

/** Sums gross per rate, then splits each rate's sum once. */
function splitByRate(entries: readonly { gross: Cents; rate: number }[]): {
  split: TaxSplit;
  taxes: Record<string, Cents>;
} {
  const grossByRate = new Map<string, { gross: Cents; rate: number }>();
  for (const entry of entries) {
    const key = rateKey(entry.rate);
    const current = grossByRate.get(key) ?? { gross: 0, rate: entry.rate };
    current.gross += entry.gross;
    grossByRate.set(key, current);
  }
  const taxes: Record<string, Cents> = {};
  let net = 0;
  let gross = 0;
  for (const { gross: rateGross, rate } of grossByRate.values()) {
    const split = splitGross(rateGross, rate);
    addToRate(taxes, rate, split.tax);
    net += split.net;
    gross += split.gross;
  }
  return { split: { net, tax: gross - net, gross }, taxes };
}

/** Input of {@link priceCart}. */
export interface PriceCartInput {
  /** The items. */
  items: readonly PricingLineInput[];
  /** The order type (decides tax rates and whether delivery is charged). */
  orderType: OrderType;
  /** The chosen delivery area (used only for delivery orders). */
  deliveryArea?: PricedDeliveryArea | null;
}

/**
 * Totals of a cart: lines, items, delivery, grand total and taxes per rate, all in cents. Items are taxed
 * per rate of the order type; delivery is charged only for delivery orders with an area; the grand total is
 * the sum of items and delivery field by field.
 */
export function priceCart(input: PriceCartInput): CartTotals {
  const lines = input.items.map((item) => priceLine(item, input.orderType));
  const { split: items, taxes: itemTaxes } = splitByRate(lines);
  const itemsGross = sumCents(lines.map((line) => line.gross));
  const delivery: DeliveryPricing =
    input.orderType === 'delivery' && input.deliveryArea
      ? deliveryPricing(input.deliveryArea, itemsGross)
      : { net: 0, tax: 0, gross: 0, rate: 0, isFree: false };
  const taxes = { ...itemTaxes };
  if (delivery.gross > 0) addToRate(taxes, delivery.rate, delivery.tax);
  const total: TaxSplit = {
    net: items.net + delivery.net,
    tax: items.tax + delivery.tax,
    gross: items.gross + delivery.gross,
  };
  return { lines, items, delivery, total, taxes, itemTaxes };
}

/** The JSON pricing result (major units) of cart totals. */
export function toPricingResult(totals: CartTotals): PricingResult {
  const taxes: Record<string, number> = {};
  for (const [key, value] of Object.entries(totals.taxes)) taxes[key] = fromCents(value);
  return {
    gross: fromCents(totals.items.gross),
    net: fromCents(totals.items.net),
    deliveryGross: fromCents(totals.delivery.gross),
    deliveryNet: fromCents(totals.delivery.net),
    totalNet: fromCents(totals.total.net),
    totalGross: fromCents(totals.total.gross),
    taxes,
  };
}

/**
 * Short label of a calculation model (spec section 9): fixed none, approximate `ca.`, minimum `ab`
 * (English `approx.`, `from` for the kiosk's English face).
 */
export function calculationModelLabel(model: CalculationModel, language: TextLanguage = 'de'): string {
  if (model === 'approximate') return language === 'en' ? 'approx.' : 'ca.';
  return model === 'minimum' ? (language === 'en' ? 'from' : 'ab') : '';
}

/** How the totals are shown. */
export interface TotalsDisplay {
  /**
   * The grand total is hidden: some item is priced approximately or as a minimum (spec section 9), or its
   * price is hidden (a total would reveal it).
   */
  isTotalHidden: boolean;
  /** Prefix of the item and subtotal amounts still shown: `ca.` when any item is approximate, else `''`. */
  prefix: '' | 'ca.';
  /** Some item's price is hidden: show the hidden-price note. */
  hasHiddenPrices: boolean;
}

/**
 * Decides how totals are shown under the calculation models. Sections 5 and 9 of the spec meet here: the
 * grand total disappears as soon as one item is not a fixed price (section 9), while amounts that stay
 * visible carry `ca.` when an approximate item is among them (section 5).
 */
export function totalsDisplay(
  lines: readonly Pick<LinePricing, 'calculationModel' | 'isPriceHidden'>[],
): TotalsDisplay {
  const hasHiddenPrices = lines.some((line) => line.isPriceHidden);
  const hasApproximate = lines.some((line) => line.calculationModel === 'approximate');
  const hasMinimum = lines.some((line) => line.calculationModel === 'minimum');
  return {
    isTotalHidden: hasHiddenPrices || hasApproximate || hasMinimum,
    prefix: hasApproximate ? 'ca.' : '',
    hasHiddenPrices,
  };
}
