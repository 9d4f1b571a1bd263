/**
 * English for the catalogue texts the self-service kiosk shows in its English face (docs/decisions/kiosk.md):
 * the order types, the cart's and the totals' words, the price statement and the appointment pickers. The
 * rest of the product is German only; a key missing here falls back to German, so a text added later is
 * never blank. Each English text has the German one's placeholders (i18n/en.spec.ts checks them).
 *
 * @packageDocumentation
 */
import { interpolate, t, type MessageArgs, type MessageKey } from './de.js';

/** The English texts there are, by the German catalogue's keys. */
export const en: { readonly [K in MessageKey]?: string } = {
  'orderType.takeaway': 'Take away',
  'orderType.delivery': 'Delivery',
  'orderType.dineIn': 'Eat here',
  'cart.productAdded': 'Added to your cart.',
  'cart.added': 'Added',
  'cart.undo': 'Undo',
  'cart.empty': 'Your cart is empty.',
  'cart.priceOnRequest': 'Price on request',
  'pricing.approximatePrefix': 'approx.',
  'pricing.minimumPrefix': 'from',
  'pricing.quotationNote': 'Prices are not binding. You will receive a quotation from us.',
  'pricing.hiddenPriceNote': 'We will tell you the price of some products once we have checked your request.',
  'pricing.total': 'Total',
  'pricing.delivery': 'Delivery',
  'pricing.deliveryFree': 'Free',
  'pricing.taxIncluded': 'incl. {rate} % VAT',
  'pricing.vatIncluded': 'All prices incl. VAT.',
  'pricing.netQuantity': 'Net quantity',
  'pricing.vatIncludedDeliveryFee': 'All prices incl. VAT, plus a delivery fee of {fee}.',
  'pricing.vatIncludedDeliveryFeeFreeFrom':
    'All prices incl. VAT, plus a delivery fee of {fee} (free from an order value of {amount}).',
  'pricing.vatIncludedDeliveryFeeFrom':
    'All prices incl. VAT, plus a delivery fee from {fee} by delivery area.',
  'pricing.vatIncludedDeliveryFeeUpTo':
    'All prices incl. VAT, plus a delivery fee of up to {fee} by delivery area.',
  'pricing.vatIncludedDeliveryFree': 'All prices incl. VAT, free delivery.',
  'checkout.submitQuotation': 'Send request for quotation',
  'checkout.submitOrder': 'Order with obligation to pay',
  'checkout.submitPreorder': 'Pre-order with obligation to pay',
  'appointment.required': 'Please choose a time.',
  'appointment.noneOnDay': 'There are no times available on this day.',
  'appointment.today': 'Today',
  'appointment.tomorrow': 'Tomorrow',
  'appointment.asap': 'As soon as possible',
  'appointment.full': 'fully booked',
  'appointment.morning': 'Morning',
  'appointment.noon': 'Midday',
  'appointment.afternoon': 'Afternoon',
  'appointment.evening': 'Evening',
};

/** The languages a text can be asked for. */
export type TextLanguage = 'de' | 'en';

/** A `t` for one language: {@link t} itself for German. */
export type Translate = <K extends MessageKey>(key: K, ...args: MessageArgs<K>) => string;

/** English where {@link en} has the text, German otherwise. */
export const tEn: Translate = (key, ...args) => {
  const english = en[key];
  return english === undefined
    ? t(key, ...args)
    : interpolate(english, (args[0] ?? {}) as Record<string, string | number>);
};

/** The `t` of a language. */
export function translator(language: TextLanguage): Translate {
  return language === 'en' ? tEn : t;
}
