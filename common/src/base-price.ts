/**
 * Unit prices (Grundpreise) as §4 PAngV asks for goods sold by weight, volume, length or area:
 * "1 kg = 24,90 EUR" beside the price wherever a price shows before checkout (docs/decisions/legal.md).
 *
 * @packageDocumentation
 */
import type { UnitCode, UnitType } from './contract/catalog.js';
import { t } from './i18n/de.js';
import { formatMoney, toCents, type Cents } from './money.js';
import { UNITS, unitLabel } from './units.js';

/** The unit a unit price refers to, per measurable unit type (1 kg, 1 l, 1 m, 1 m², 1 m³; §5 PAngV). */
export const BASE_PRICE_BASIS: Readonly<Partial<Record<UnitType, UnitCode>>> = {
  weight: 'kg',
  volume: 'l',
  length: 'm',
  square: 'm2',
  cubic: 'm3',
};

/** Whether a unit measures weight, volume, length, area or cubic content (a unit price applies). */
export function isMeasurableUnit(unit: UnitCode): boolean {
  return BASE_PRICE_BASIS[UNITS[unit].type] !== undefined;
}

/** The product fields a unit price is derived from. */
export interface BasePriceProduct {
  /** Gross price per {@link BasePriceProduct.unit} in major units. */
  price: number;
  /** The price is not shown (then there is no unit price either). */
  isPriceHidden?: boolean;
  /** The unit the price is for. */
  unit: UnitCode;
  /** Net quantity ("Füllmenge") of one product unit, e.g. 0.75 for a bottle of 0,75 l. */
  netQuantity?: number | null;
  /** Unit of {@link BasePriceProduct.netQuantity}. */
  netQuantityUnit?: UnitCode | null;
}

/** A derived unit price: `cents` per `basisAmount` `basisUnit` (e.g. 2490 per 1 kg). */
export interface BasePrice {
  cents: Cents;
  basisAmount: number;
  basisUnit: UnitCode;
}

/** Options of {@link basePrice}. */
export interface BasePriceOptions {
  /**
   * Refer packs of at most 250 g or 250 ml to 100 g / 100 ml. Off by default: the German PAngV of 2022
   * dropped that option, and 1 kg / 1 l is allowed everywhere (docs/decisions/legal.md).
   */
  smallPackBasis?: boolean;
}

/** Integer scale that makes `value` whole (value × 10^k), for exact arithmetic on stored decimals. */
function decimalScale(value: number): bigint {
  let scale = 1;
  while (scale < 1e9 && Math.abs(Math.round(value * scale) - value * scale) > 1e-9 * scale) scale *= 10;
  return BigInt(scale);
}

/** `numerator / denominator` for positive denominators, rounded half away from zero, in BigInt. */
function divideRoundedBig(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = abs / denominator;
  const rounded = 2n * (abs % denominator) >= denominator ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/**
 * The unit price of a product, or null where none applies: a hidden price, a product counted in pieces or
 * portions without a net quantity, or a price that already is per 1 kg / 1 l / 1 m / 1 m² / 1 m³ (the unit
 * price would repeat it). A net quantity in a measurable unit wins over the product's own unit (a piece
 * holding 0,75 l). Exact: the price in cents × basis ÷ quantity, rounded once to whole cents, halves away
 * from zero.
 */
export function basePrice(product: BasePriceProduct, options: BasePriceOptions = {}): BasePrice | null {
  if (product.isPriceHidden) return null;
  let quantity: number;
  let unit: UnitCode;
  if (
    product.netQuantity != null &&
    product.netQuantity > 0 &&
    product.netQuantityUnit != null &&
    isMeasurableUnit(product.netQuantityUnit)
  ) {
    quantity = product.netQuantity;
    unit = product.netQuantityUnit;
  } else if (isMeasurableUnit(product.unit)) {
    quantity = 1;
    unit = product.unit;
  } else {
    return null;
  }
  const type = UNITS[unit].type;
  let basisUnit = BASE_PRICE_BASIS[type] as UnitCode;
  let basisAmount = 1;
  const smallest = quantity * UNITS[unit].factor; // in g, ml, mm, mm², mm³
  if (options.smallPackBasis && (type === 'weight' || type === 'volume') && smallest <= 250) {
    basisUnit = type === 'weight' ? 'g' : 'ml';
    basisAmount = 100;
  }
  if (quantity === 1 && unit === basisUnit && basisAmount === 1) return null;
  const scale = decimalScale(quantity);
  const basisSmallest = BigInt(basisAmount * UNITS[basisUnit].factor);
  const numerator = BigInt(toCents(product.price)) * basisSmallest * scale;
  const denominator = BigInt(Math.round(quantity * Number(scale))) * BigInt(UNITS[unit].factor);
  const cents = Number(divideRoundedBig(numerator, denominator));
  return { cents, basisAmount, basisUnit };
}

/** "1 kg = 24,90 EUR" (the money part from {@link formatMoney}). */
export function formatBasePrice(price: BasePrice, currency = 'EUR'): string {
  return t('pricing.basePrice', {
    basis: `${price.basisAmount}\u00a0${unitLabel(price.basisUnit)}`,
    amount: formatMoney(price.cents, currency),
  });
}

/** The unit price text of a product, or null where none applies (see {@link basePrice}). */
export function basePriceText(
  product: BasePriceProduct,
  currency = 'EUR',
  options: BasePriceOptions = {},
): string | null {
  const price = basePrice(product, options);
  return price ? formatBasePrice(price, currency) : null;
}
