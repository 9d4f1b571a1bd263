// German texts of the self-service kiosk. "Sind Sie noch da?" is the wording; the specification
// names the screensaver 'tap to order' without a German text, so the rest is ours.
import { t } from '@ordering/common';

export const kioskTexts = {
  tapToOrder: 'Zum Bestellen tippen',
  tapHint: 'Tippen Sie irgendwo auf den Bildschirm.',
  welcome: 'Willkommen',
  whereToEat: 'Wo möchten Sie essen?',
  dineIn: t('orderType.dineIn'),
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
  weCallYou: 'Wir rufen Ihre Nummer auf, sobald Ihre Bestellung fertig ist.',
  done: 'Fertig',
  closedTitle: 'Derzeit geschlossen',
} as const;
