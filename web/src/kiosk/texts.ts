// The self-service kiosk's texts in German and English (docs/decisions/kiosk.md). "Sind Sie noch da?" is
// the wording; the specification names the screensaver 'tap to order' without a German text, so the
// rest is ours. The English catalogue must have every key of the German one (the type says so).
import { t, tEn } from '@ordering/common';
import { texts, textsEn } from '../storefront/texts';

/** The kiosk's languages; German is the start language of every guest. */
export const KIOSK_LANGUAGES = ['de', 'en'] as const;
export type KioskLanguage = (typeof KIOSK_LANGUAGES)[number];

const de = {
  tapToOrder: 'Zum Bestellen tippen',
  tapHint: 'Tippen Sie irgendwo auf den Bildschirm.',
  welcome: 'Willkommen',
  whereToEat: 'Wo möchten Sie essen?',
  dineIn: t('orderType.dineIn'),
  // Dine-in with table selection: the kiosk asks for the table, and the staff bring the order there.
  dineInHint: 'Wir bringen Ihre Bestellung an Ihren Tisch.',
  dineInHintNoTable: 'Wir rufen Ihre Nummer auf, sobald Ihre Bestellung fertig ist.',
  takeaway: t('orderType.takeaway'),
  takeawayHint: 'Wir packen Ihre Bestellung zum Mitnehmen ein.',
  noOrderTypes: 'An diesem Standort kann am Terminal derzeit nicht bestellt werden.',
  startOver: 'Neu beginnen',
  cartCount: (n: string) => `${n} Artikel`,
  cartEmpty: 'Wählen Sie Ihre Produkte.',
  toCheckout: 'Zur Kasse',
  checkoutTitle: 'Bestellung abschließen',
  continueShopping: 'Weiter bestellen',
  orderType: 'Bestellart',
  payment: 'Bezahlung',
  // "Kasse" in Germany, "Kassa" in Austria; the debit card by its country's name (market profile).
  paymentAtCounter: (desk: string) => `An der ${desk} bezahlen`,
  paymentAtCounterHint: (desk: string) => `Bar oder mit Karte an der ${desk}.`,
  paymentCard: 'Am Kartenterminal bezahlen',
  paymentCardHint: (card: string, desk: string) =>
    `Mit ${card} oder Kreditkarte am Terminal neben der ${desk}.`,
  payAtCounterNow: (desk: string) => `Bitte bezahlen Sie jetzt an der ${desk}.`,
  name: 'Ihr Name',
  nameHint: 'Damit wir Sie aufrufen können.',
  stillThere: 'Sind Sie noch da?',
  resetIn: (seconds: number) =>
    seconds === 1
      ? 'Ihre Bestellung wird in 1 Sekunde zurückgesetzt.'
      : `Ihre Bestellung wird in ${seconds} Sekunden zurückgesetzt.`,
  keepOrdering: 'Ja, weiter bestellen',
  thanks: 'Vielen Dank für Ihre Bestellung!',
  yourTicket: 'Ihre Nummer',
  yourOrder: 'Ihre Bestellnummer',
  payAtTerminalNow: 'Bitte bezahlen Sie jetzt am Kartenterminal.',
  paidByCard: 'Mit Karte bezahlt.',
  paymentCardHere: 'Mit Karte zahlen',
  paymentCardHereHint: 'Gleich hier am Kartenterminal neben dem Bildschirm.',
  terminalTitle: 'Bitte Karte an das Terminal halten',
  terminalAmount: 'Zu zahlen',
  terminalHint:
    'Das Kartenterminal neben diesem Bildschirm zeigt den Betrag. Halten Sie Ihre Karte oder Ihr Handy daran.',
  terminalWaiting: 'Warten auf das Kartenterminal …',
  terminalFailedTitle: 'Die Kartenzahlung hat nicht geklappt',
  terminalFailedText: (desk: string) =>
    `Es wurde nichts abgebucht. Versuchen Sie es noch einmal oder bezahlen Sie an der ${desk}.`,
  terminalRetry: 'Erneut versuchen',
  terminalExpiredTitle: 'Die Zeit für die Zahlung ist abgelaufen',
  terminalExpiredText: 'Es wurde nichts abgebucht. Bitte bestellen Sie neu.',
  terminalError: 'Das hat nicht geklappt. Bitte versuchen Sie es noch einmal.',
  weCallYou: 'Wir rufen Ihre Nummer auf, sobald Ihre Bestellung fertig ist.',
  weBringIt: (table: string) => `Wir bringen Ihre Bestellung an Tisch ${table}.`,
  followOnPhone: 'Bestellung am Handy verfolgen',
  followOnPhoneHint: 'Scannen Sie den Code mit der Kamera Ihres Handys.',
  printTicket: 'Beleg drucken',
  done: 'Fertig',
  closedTitle: 'Derzeit geschlossen',
  language: 'Sprache',
  languageName: 'Deutsch',
  terms: 'AGB',
  termsTitle: 'Allgemeine Geschäftsbedingungen',
  termsAt: (url: string) => `Unsere AGB finden Sie unter ${url}.`,
  termsNone: (desk: string) =>
    `Es gelten die Allgemeinen Geschäftsbedingungen, die Sie an der ${desk} erhalten.`,
  termsNotice: 'Mit Ihrer Bestellung gelten unsere Allgemeinen Geschäftsbedingungen.',
  close: 'Schließen',
  upsellTitle: 'Darf es noch etwas dazu sein?',
  noThanks: 'Nein, danke',
  // The storefront's words where the kiosk shows the same thing (German stays identical).
  noMenu: texts.noMenu,
  cart: texts.cart,
  table: texts.table,
  firstName: texts.firstName,
  lastName: texts.lastName,
  phone: texts.phone,
  email: texts.email,
  sectionAppointment: texts.sectionAppointment,
  sectionCart: texts.sectionCart,
  submitting: texts.submitting,
  errorsTitle: texts.errorsTitle,
  submitOrder: t('checkout.submitOrder'),
  submitPreorder: t('checkout.submitPreorder'),
  submitQuotation: t('checkout.submitQuotation'),
} as const;

type Catalogue = { [K in keyof typeof de]: (typeof de)[K] extends string ? string : (typeof de)[K] };

const en: Catalogue = {
  tapToOrder: 'Tap to order',
  tapHint: 'Tap anywhere on the screen.',
  welcome: 'Welcome',
  whereToEat: 'Where would you like to eat?',
  dineIn: tEn('orderType.dineIn'),
  dineInHint: 'We bring your order to your table.',
  dineInHintNoTable: 'We call your number as soon as your order is ready.',
  takeaway: tEn('orderType.takeaway'),
  takeawayHint: 'We pack your order to take away.',
  noOrderTypes: 'Ordering at this terminal is not possible at the moment.',
  startOver: 'Start over',
  cartCount: (n: string) => (n === '1' ? '1 item' : `${n} items`),
  cartEmpty: 'Choose your products.',
  toCheckout: 'Checkout',
  checkoutTitle: 'Complete your order',
  continueShopping: 'Continue ordering',
  orderType: 'Order type',
  payment: 'Payment',
  paymentAtCounter: () => 'Pay at the counter',
  paymentAtCounterHint: () => 'Cash or card at the counter.',
  paymentCard: 'Pay at the card terminal',
  paymentCardHint: (card: string) => `With ${card} or credit card at the terminal next to the counter.`,
  payAtCounterNow: () => 'Please pay at the counter now.',
  name: 'Your name',
  nameHint: 'So that we can call you.',
  stillThere: 'Are you still there?',
  resetIn: (seconds: number) =>
    seconds === 1
      ? 'Your order will be reset in 1 second.'
      : `Your order will be reset in ${seconds} seconds.`,
  keepOrdering: 'Yes, keep ordering',
  thanks: 'Thank you for your order!',
  yourTicket: 'Your number',
  yourOrder: 'Your order number',
  payAtTerminalNow: 'Please pay at the card terminal now.',
  paidByCard: 'Paid by card.',
  paymentCardHere: 'Pay by card',
  paymentCardHereHint: 'Right here at the card terminal next to the screen.',
  terminalTitle: 'Please hold your card to the terminal',
  terminalAmount: 'Amount due',
  terminalHint: 'The card terminal next to this screen shows the amount. Hold your card or phone to it.',
  terminalWaiting: 'Waiting for the card terminal …',
  terminalFailedTitle: 'The card payment did not go through',
  terminalFailedText: () => 'Nothing was charged. Try again or pay at the counter.',
  terminalRetry: 'Try again',
  terminalExpiredTitle: 'The time for paying has run out',
  terminalExpiredText: 'Nothing was charged. Please order again.',
  terminalError: 'That did not work. Please try again.',
  weCallYou: 'We call your number as soon as your order is ready.',
  weBringIt: (table: string) => `We bring your order to table ${table}.`,
  followOnPhone: 'Follow your order on your phone',
  followOnPhoneHint: "Scan the code with your phone's camera.",
  printTicket: 'Print receipt',
  done: 'Done',
  closedTitle: 'Currently closed',
  language: 'Language',
  languageName: 'English',
  terms: 'Terms',
  termsTitle: 'Terms and conditions',
  termsAt: (url: string) => `Our terms and conditions are at ${url}.`,
  termsNone: (_desk: string) => 'Our terms and conditions are available at the counter.',
  termsNotice: 'Our terms and conditions apply to your order.',
  close: 'Close',
  upsellTitle: 'Would you like anything with that?',
  noThanks: 'No, thanks',
  // The storefront's words where the kiosk shows the same thing (English identical to the storefront's).
  noMenu: textsEn.noMenu,
  cart: textsEn.cart,
  table: textsEn.table,
  firstName: textsEn.firstName,
  lastName: textsEn.lastName,
  phone: textsEn.phone,
  email: textsEn.email,
  sectionAppointment: textsEn.sectionAppointment,
  sectionCart: textsEn.sectionCart,
  submitting: textsEn.submitting,
  errorsTitle: textsEn.errorsTitle,
  submitOrder: tEn('checkout.submitOrder'),
  submitPreorder: tEn('checkout.submitPreorder'),
  submitQuotation: tEn('checkout.submitQuotation'),
};

export type KioskTexts = Catalogue;

const catalogues: Record<KioskLanguage, KioskTexts> = { de, en };

/** The kiosk's texts in a language. */
export function kioskTextsFor(language: KioskLanguage): KioskTexts {
  return catalogues[language];
}

/** The German texts (the start language). */
export const kioskTexts: KioskTexts = de;
