/**
 * English for the catalogue texts the self-service kiosk shows in its English face (docs/decisions/kiosk.md):
 * the order types, the cart's and the totals' words, the price statement and the appointment pickers. The
 * rest of the product is German only; a key missing here falls back to German, so a text added later is
 * never blank. Each English text has the German one's placeholders (i18n/en.spec.ts checks them).
 *
 * @packageDocumentation
 */
import { de, interpolate, t, type Message, type MessageArgs, type MessageKey } from './de.js';

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
  // Closed and paused (the order form's notice at the top).
  'branch.closedNow': 'We are closed at the moment.',
  'branch.reopensToday': 'We open again at {time}.',
  'branch.reopensOn': 'We open again on {day} at {time}.',
  'branch.deliveryClosedCheckout': 'We are not delivering at the moment.',
  'branch.deliveryReopensToday': 'We deliver again from {time}.',
  'branch.deliveryReopensOn': 'We deliver again on {day} from {time}.',
  'branch.preorderLater': 'You are welcome to pre-order for a later time.',
  'pause.orders': 'orders',
  'pause.deliveryOrders': 'delivery orders',
  'pause.untilToday': 'We are not taking any {what} right now – again from {time}.',
  'pause.untilDay': 'We are not taking any {what} right now – again {day} from {time}.',
  // The order form's findings (the kiosk's fields: name, phone, e-mail, table, time, payment).
  'appointment.closed': 'We are closed at the chosen time. Please choose a time within our opening hours.',
  'appointment.tooEarly': 'The chosen time is too early. The earliest possible time is {date} at {time}.',
  'appointment.tooLate': 'Times can be chosen at most {days} days in advance.',
  'checkout.closed': 'We are not taking orders at the moment.',
  'checkout.notOrderableYet': 'Orders are possible from {date} at {time}.',
  'checkout.orderTypeUnavailable': 'This branch does not offer this type of order.',
  'checkout.orderTypeContradictory':
    'Please choose one type of order: delivery and eating here exclude each other.',
  'checkout.tableInvalid': 'Please choose a valid table.',
  'checkout.paymentMethodUnavailable': 'This payment method is not available.',
  'checkout.minimumOrderNotReached': 'The minimum order value of {amount} has not been reached yet.',
  'checkout.legalInstructionsRequired': 'Please accept the terms and conditions.',
  'checkout.privacyPolicyRequired': 'Please accept the privacy policy.',
  'checkout.phoneFormat': 'Please enter a valid number in the format {phone}.',
  'general.unknownError': 'An unknown error occurred.',
  'validation.blank': 'Please fill in this field.',
  'validation.invalid': 'This value is not valid.',
  'validation.email': 'This is not a valid e-mail address.',
  'validation.phone': 'This is not a valid phone number.',
  'validation.choice': 'You have chosen an invalid value.',
  'validation.dateTime': 'This is not a valid date and time.',
  'validation.tooLong': 'This text is too long. It should have at most {max} characters.',
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

/** A validation finding in a language (German: `renderMessage`). */
export function renderMessageIn(message: Message, language: TextLanguage): string {
  const text = language === 'en' ? en[message.key] : undefined;
  return text === undefined
    ? interpolate(de[message.key], message.params)
    : interpolate(text, message.params);
}
