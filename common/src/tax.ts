/**
 * Tax rates by order type and the gross → net split of spec section 9.
 *
 * @packageDocumentation
 */
import type { Product } from './contract/catalog.js';
import type { OrderType } from './contract/order.js';
import { divideRounded, type Cents } from './money.js';

/** A gross amount split into net and tax, all in cents; `net + tax === gross` always. */
export interface TaxSplit {
  /** Net in cents. */
  net: Cents;
  /** Tax in cents. */
  tax: Cents;
  /** Gross in cents. */
  gross: Cents;
}

/** The order type from the order's flags: delivery wins, then dine-in, else takeaway. */
export function orderTypeOf(flags: { isDelivery?: boolean; isDineIn?: boolean }): OrderType {
  if (flags.isDelivery) return 'delivery';
  if (flags.isDineIn) return 'dineIn';
  return 'takeaway';
}

/** The flags of an order type (`isDelivery`, `isDineIn`). */
export function orderTypeFlags(type: OrderType): { isDelivery: boolean; isDineIn: boolean } {
  return { isDelivery: type === 'delivery', isDineIn: type === 'dineIn' };
}

/** The tax rate in percent of a product for an order type: delivery → `tax`, takeaway → `takeawayTax`, dine-in → `dineInTax`. */
export function taxRateFor(
  product: Pick<Product, 'tax' | 'takeawayTax' | 'dineInTax'>,
  type: OrderType,
): number {
  switch (type) {
    case 'delivery':
      return product.tax;
    case 'takeaway':
      return product.takeawayTax;
    case 'dineIn':
      return product.dineInTax;
  }
}

/** A rate in percent as hundredths of a percent (basis points), so rates like 5.5 or 7.7 stay exact. */
function rateBasisPoints(ratePercent: number): number {
  if (!Number.isFinite(ratePercent) || ratePercent < 0)
    throw new RangeError(`Invalid tax rate: ${ratePercent}`);
  return Math.round(ratePercent * 100);
}

/**
 * Net of a gross amount: gross / (1 + rate/100), rounded to whole cents half away from zero, computed
 * exactly in integers. `netFromGross(1100, 10)` → `1000`.
 */
export function netFromGross(gross: Cents, ratePercent: number): Cents {
  const bp = rateBasisPoints(ratePercent);
  return divideRounded(gross * 10000, 10000 + bp);
}

/** Splits a gross amount into net and tax at a rate (tax = gross − net, so the parts always add up). */
export function splitGross(gross: Cents, ratePercent: number): TaxSplit {
  const net = netFromGross(gross, ratePercent);
  return { net, tax: gross - net, gross };
}

/** The key of a rate in a taxes-per-rate map: the percent as a plain number string (`"10"`, `"5.5"`). */
export function rateKey(ratePercent: number): string {
  return String(rateBasisPoints(ratePercent) / 100);
}
