import type { DeliveryArea } from './contract/branch.js';
import type { OrderType } from './contract/order.js';
import { translator, type TextLanguage } from './i18n/en.js';
import { formatMoney, toCents, type Cents } from './money.js';

/** The delivery area fields the price statement reads. */
export type PriceNoteArea = Pick<DeliveryArea, 'price' | 'free' | 'freeFromOrderValue'>;

/** What {@link priceNote} needs to know about the view it stands in. */
export interface PriceNoteInput {
  /** The order type the customer chose; only `delivery` adds a word on the fee. */
  orderType: OrderType | null;
  /** The delivery area chosen, if any. */
  area: PriceNoteArea | null;
  /** The branch's delivery areas, for the lowest fee while none is chosen. */
  areas: readonly PriceNoteArea[];
  /** ISO currency code of the amounts (default EUR). */
  currency?: string;
  /**
   * The view shows the delivery fee as its own line and a total that includes it (the cart's totals): then
   * the statement says only that prices include VAT, since "zzgl." beside that total would be wrong.
   */
  feeShown?: boolean;
}

/** An area's fee in cents: 0 when it is free. */
function feeOf(area: PriceNoteArea): Cents {
  return area.free ? 0 : Math.max(0, toCents(area.price));
}

/**
 * The price statement shown once per view beside prices before checkout (§1 (1), §6 PAngV; Austria §9
 * PrAG): "Alle Preise inkl. MwSt." and, for delivery, the fee of the chosen area
 * ("zzgl. Liefergebühr von 2,90 €", with "ab 30,00 € Bestellwert kostenlos" where the area has such a
 * threshold), or, while no area is chosen, the lowest fee of the branch's areas ("ab 2,50 €"). A free
 * area (or all areas free) reads "Lieferung kostenlos"; when some areas are free and others are not, the
 * statement names the highest fee ("bis 3,50 €"), since "ab 0,00 €" says nothing. In English for the kiosk's
 * English face.
 */
export function priceNote(input: PriceNoteInput, language: TextLanguage = 'de'): string {
  const tr = translator(language);
  const currency = input.currency ?? 'EUR';
  if (input.orderType !== 'delivery' || input.feeShown) return tr('pricing.vatIncluded');
  const money = (cents: Cents) => formatMoney(cents, currency);
  if (input.area) {
    const fee = feeOf(input.area);
    if (fee === 0) return tr('pricing.vatIncludedDeliveryFree');
    const freeFrom = input.area.freeFromOrderValue;
    return typeof freeFrom === 'number' && freeFrom > 0
      ? tr('pricing.vatIncludedDeliveryFeeFreeFrom', { fee: money(fee), amount: money(toCents(freeFrom)) })
      : tr('pricing.vatIncludedDeliveryFee', { fee: money(fee) });
  }
  if (input.areas.length === 0) return tr('pricing.vatIncluded');
  const fees = input.areas.map(feeOf);
  const lowest = Math.min(...fees);
  const highest = Math.max(...fees);
  if (highest === 0) return tr('pricing.vatIncludedDeliveryFree');
  if (lowest === 0) return tr('pricing.vatIncludedDeliveryFeeUpTo', { fee: money(highest) });
  if (lowest === highest) return tr('pricing.vatIncludedDeliveryFee', { fee: money(lowest) });
  return tr('pricing.vatIncludedDeliveryFeeFrom', { fee: money(lowest) });
}
