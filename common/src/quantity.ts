/**
 * Quantities of a cart item: the units a product is offered in, conversion through alternative-unit
 * ratios, parsing, snapping to minimum/step/maximum, and the starting item of a product (spec section 5).
 *
 * @packageDocumentation
 */
import type { AlternativeUnit, CalculationModel, Product, UnitCode } from './contract/catalog.js';
import { areConvertible, cleanDecimal, convertUnit, COUNT_BY_AMOUNT_TYPES, unitType } from './units.js';

/** The product fields quantity rules read. */
export type QuantityProduct = Pick<
  Product,
  | 'unit'
  | 'alternativeUnits'
  | 'minimumQuantity'
  | 'maximumQuantity'
  | 'quantityStepSize'
  | 'defaultQuantity'
  | 'defaultUnit'
  | 'calculationModel'
>;

/** Minimum, step and maximum of a product in one unit. */
export interface QuantityRules {
  /** Smallest amount (> 0). */
  min: number;
  /** Step between amounts, counted from {@link QuantityRules.min} (> 0). */
  step: number;
  /** Largest amount, or `null` for none. */
  max: number | null;
}

/** Default step when a product sets none. */
export const DEFAULT_STEP = 1;

/** The alternative unit entry of a product for `unit`, if any. */
export function alternativeUnitOf(product: QuantityProduct, unit: UnitCode): AlternativeUnit | undefined {
  if (unit === product.unit) return undefined;
  return product.alternativeUnits?.find((alternative) => alternative.unit === unit);
}

/** The units a product can be ordered in: its own unit first, then its alternative units. */
export function availableUnits(product: QuantityProduct): UnitCode[] {
  const units: UnitCode[] = [product.unit];
  for (const alternative of product.alternativeUnits ?? []) {
    if (!units.includes(alternative.unit)) units.push(alternative.unit);
  }
  return units;
}

/**
 * How many product units one `unit` is: 1 for the product unit, the ratio for an alternative unit, the
 * factor quotient for another unit of the same type (`g` on a product sold per `kg` → 0.001).
 * Throws a RangeError for a unit the product cannot be ordered in.
 */
export function unitRatio(product: QuantityProduct, unit: UnitCode): number {
  if (unit === product.unit) return 1;
  const alternative = alternativeUnitOf(product, unit);
  if (alternative) return alternative.ratio;
  if (areConvertible(unit, product.unit)) return convertUnit(1, unit, product.unit);
  throw new RangeError(`Product in ${product.unit} cannot be ordered in ${unit}`);
}

/** The calculation model for an item in `unit` (the alternative unit's own model when it has one). */
export function calculationModelFor(product: QuantityProduct, unit: UnitCode): CalculationModel {
  return alternativeUnitOf(product, unit)?.calculationModel ?? product.calculationModel;
}

function positiveOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Minimum, step and maximum of a product in `unit`. The product unit uses the product's fields, an
 * alternative unit its own; another unit of the same type converts the product's rules. Missing step → 1,
 * missing minimum → the step, missing or non-positive maximum → none; a maximum below the minimum is raised
 * to the minimum.
 */
export function quantityRules(product: QuantityProduct, unit: UnitCode = product.unit): QuantityRules {
  let source: {
    minimumQuantity?: number | null;
    maximumQuantity?: number | null;
    quantityStepSize?: number | null;
  };
  let scale = 1;
  const alternative = alternativeUnitOf(product, unit);
  if (unit === product.unit || alternative) {
    source = alternative ?? product;
  } else {
    source = product;
    scale = 1 / unitRatio(product, unit);
  }
  const rawStep = positiveOr(source.quantityStepSize, DEFAULT_STEP);
  const step = cleanDecimal(rawStep * scale);
  const min = cleanDecimal(positiveOr(source.minimumQuantity, rawStep) * scale);
  const rawMax = positiveOr(source.maximumQuantity, Number.NaN);
  const max = Number.isNaN(rawMax) ? null : Math.max(min, cleanDecimal(rawMax * scale));
  return { min, step, max };
}

/**
 * Snaps an amount to the rules (spec section 5): at or below the minimum → minimum; at or above the maximum
 * → maximum; otherwise the nearest step counted from the minimum (halves round up), where a maximum that is
 * off the step grid counts as one more candidate.
 * Idempotent: snapping a snapped amount returns it unchanged. Non-finite input gives the minimum.
 */
export function snapAmount(amount: number, rules: QuantityRules): number {
  const { min, step, max } = rules;
  if (!Number.isFinite(amount) || amount <= min) return min;
  if (max !== null && amount >= max) return max;
  const steps = Math.round(cleanDecimal((amount - min) / step));
  const snapped = cleanDecimal(min + steps * step);
  if (max !== null && (snapped > max || max - amount < Math.abs(amount - snapped))) return max;
  return snapped;
}

/**
 * Parses an amount as typed (spec section 5): comma or dot as decimal separator, surrounding spaces ignored;
 * anything non-numeric becomes 0. `"1,5"` → 1.5, `"abc"` → 0.
 */
export function parseAmount(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  if (input == null) return 0;
  const text = input.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return 0;
  return Number(text);
}

/** Parses typed input and snaps it for the product in `unit`. */
export function amountFromInput(product: QuantityProduct, unit: UnitCode, input: string): number {
  return snapAmount(parseAmount(input), quantityRules(product, unit));
}

/**
 * Converts an amount when the customer switches units, then snaps it to the new unit's rules:
 * amount × ratio(from) / ratio(to).
 */
export function convertAmountForUnitChange(
  product: QuantityProduct,
  amount: number,
  from: UnitCode,
  to: UnitCode,
): number {
  const converted = cleanDecimal((amount * unitRatio(product, from)) / unitRatio(product, to));
  return snapAmount(converted, quantityRules(product, to));
}

/** Whether the minus button works (the amount is above the minimum). */
export function canDecrease(amount: number, rules: QuantityRules): boolean {
  return amount > rules.min;
}

/** Whether the plus button works (there is no maximum or the amount is below it). */
export function canIncrease(amount: number, rules: QuantityRules): boolean {
  return rules.max === null || amount < rules.max;
}

/** The amount after the minus button: one step down, snapped. */
export function decreaseAmount(amount: number, rules: QuantityRules): number {
  return snapAmount(cleanDecimal(amount - rules.step), rules);
}

/** The amount after the plus button: one step up, snapped. */
export function increaseAmount(amount: number, rules: QuantityRules): number {
  const next = cleanDecimal(amount + rules.step);
  if (rules.max !== null && next >= rules.max) return rules.max;
  return snapAmount(next, rules);
}

/**
 * The item a product click starts with (spec section 4): the default quantity and unit when the product
 * sets a default quantity, otherwise its minimum quantity in its own unit; snapped to that unit's rules.
 */
export function startingQuantity(product: QuantityProduct): { amount: number; unit: UnitCode } {
  const defaultUnit =
    product.defaultUnit && availableUnits(product).includes(product.defaultUnit)
      ? product.defaultUnit
      : product.unit;
  if (typeof product.defaultQuantity === 'number' && product.defaultQuantity > 0) {
    return {
      amount: snapAmount(product.defaultQuantity, quantityRules(product, defaultUnit)),
      unit: defaultUnit,
    };
  }
  return { amount: quantityRules(product, product.unit).min, unit: product.unit };
}

/**
 * How many "pieces" items add to the cart badge (spec section 9): items in amount (piece), pair or person
 * units count by their amount, all others count 1 each.
 */
export function cartCount(items: readonly { amount: number; unit: UnitCode }[]): number {
  return cleanDecimal(
    items.reduce(
      (count, item) => count + (COUNT_BY_AMOUNT_TYPES.includes(unitType(item.unit)) ? item.amount : 1),
      0,
    ),
  );
}
