/**
 * The right of withdrawal (Widerrufsrecht): which order lines are exempt, the default Widerrufsbelehrung
 * with the model withdrawal form per market, and the words of the withdrawal function (§356a BGB).
 * See docs/decisions/legal.md.
 *
 * @packageDocumentation
 */
import type { Market } from './contract/content.js';

/** Something that carries the flag "vom Widerruf ausgenommen" (a product or a category). */
export interface WithdrawalExemptable {
  isWithdrawalExempt?: boolean | null;
}

/**
 * Whether a product is exempt from the right of withdrawal: only when the product and every category it
 * is sold in carry the flag (switching it off at either level gives the right). A missing flag counts as
 * exempt, the default for food (§312g (2) Nr. 2 BGB: goods that spoil quickly).
 */
export function isProductWithdrawalExempt(
  product: WithdrawalExemptable,
  categories: readonly WithdrawalExemptable[] = [],
): boolean {
  return product.isWithdrawalExempt !== false && categories.every((c) => c.isWithdrawalExempt !== false);
}

/** An order can be withdrawn when at least one of its lines is not exempt; an empty order cannot. */
export function isOrderWithdrawable(lineExemptions: readonly boolean[]): boolean {
  return lineExemptions.some((exempt) => !exempt);
}

/**
 * The order number a customer knows: the ticket number when the order has one, else the first eight
 * characters of its uid in capitals (the status page's "Bestellnummer").
 */
export function customerOrderNumber(order: { uid: string; ticketNumber?: number | null }): string {
  return order.ticketNumber ? String(order.ticketNumber) : order.uid.slice(0, 8).toUpperCase();
}

/** The sentence near the order button when every line is exempt (§312g (2) BGB, Art. 246a §1 (3) EGBGB). */
export function withdrawalExemptNotice(market: Market): string {
  return market === 'AT'
    ? 'Für diese Bestellung besteht kein Rücktrittsrecht: Lebensmittel und Getränke, die schnell verderben, sind davon ausgenommen (§ 18 Abs. 1 Z 4 FAGG).'
    : 'Für diese Bestellung besteht kein Widerrufsrecht: Lebensmittel und Getränke, die schnell verderben, sind davon ausgenommen (§ 312g Abs. 2 Nr. 2 BGB).';
}

/** The shop data the default text names. */
export interface WithdrawalTextShop {
  /** The trader's legal name (config `businessName`). */
  businessName: string;
  /** Where the online withdrawal function is (absolute URL of `/vertrag-widerrufen`). */
  withdrawalUrl: string;
}

/** The model withdrawal form (Anlage 2 zu Art. 246a §1 Abs. 2 Satz 1 Nr. 1 EGBGB; FAGG Anhang I Teil B). */
function modelForm(shop: WithdrawalTextShop, market: Market): string {
  return `## Muster-Widerrufsformular

(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)

- An ${shop.businessName} (Anschrift und E-Mail-Adresse siehe Impressum):
- Hiermit ${market === 'AT' ? 'trete(n) ich/wir (\\*) von meinem/unserem (\\*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (\\*)/die Erbringung der folgenden Dienstleistung (\\*) zurück' : 'widerrufe(n) ich/wir (\\*) den von mir/uns (\\*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (\\*)/die Erbringung der folgenden Dienstleistung (\\*)'}
- Bestellt am (\\*)/erhalten am (\\*)
- Name des/der Verbraucher(s)
- Anschrift des/der Verbraucher(s)
- Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)
- Datum

(\\*) Unzutreffendes streichen.
`;
}

/**
 * The default Widerrufsbelehrung (model text of Anlage 1 zu Art. 246a §1 Abs. 2 Satz 2 EGBGB; in Austria the
 * Muster-Widerrufsbelehrung of FAGG Anhang I Teil A with "Rücktritt") with the model form, used while the
 * shop has configured neither a text nor a link. It names the online withdrawal function (§356a BGB).
 */
export function defaultWithdrawalText(market: Market, shop: WithdrawalTextShop): string {
  const at = market === 'AT';
  const right = at ? 'Rücktrittsrecht' : 'Widerrufsrecht';
  const withdraw = at ? 'von diesem Vertrag zurückzutreten' : 'diesen Vertrag zu widerrufen';
  const decision = at
    ? 'Ihren Entschluss, von diesem Vertrag zurückzutreten'
    : 'Ihren Entschluss, diesen Vertrag zu widerrufen';
  const period = at ? 'Rücktrittsfrist' : 'Widerrufsfrist';
  const consequences = at ? 'Folgen des Rücktritts' : 'Folgen des Widerrufs';
  const withdrawn = at ? 'von diesem Vertrag zurücktreten' : 'diesen Vertrag widerrufen';
  return `## ${right}

Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen ${withdraw}.

Die ${period} beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses (bei Dienstleistungen) bzw. ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben bzw. hat (bei Warenlieferungen).

Um Ihr ${right} auszuüben, müssen Sie uns (${shop.businessName}, Anschrift, Telefonnummer und E-Mail-Adresse siehe Impressum) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über ${decision}, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.

Sie können ${at ? 'auch online von diesem Vertrag zurücktreten' : 'diesen Vertrag auch online widerrufen'}: über die Schaltfläche „Vertrag widerrufen“ auf der Statusseite Ihrer Bestellung oder unter [Vertrag widerrufen](${shop.withdrawalUrl}). Wir bestätigen Ihnen den Eingang Ihrer Erklärung unverzüglich per E-Mail.

Zur Wahrung der ${period} reicht es aus, dass Sie die Mitteilung über die Ausübung des ${right}s vor Ablauf der ${period} absenden.

## ${consequences}

Wenn Sie ${withdrawn}, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren ${at ? 'Rücktritt' : 'Widerruf'} dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet. Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.

Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über ${at ? 'den Rücktritt' : 'den Widerruf'} dieses Vertrags unterrichten, an uns zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden. Sie tragen die unmittelbaren Kosten der Rücksendung der Waren. Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.

Haben Sie verlangt, dass die Dienstleistungen während der ${period} beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des ${right}s hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.

## Ausschluss des ${right}s

Das ${right} besteht nicht bei Verträgen zur Lieferung von Waren, die schnell verderben können oder deren Verfallsdatum schnell überschritten würde (${at ? '§ 18 Abs. 1 Z 4 FAGG' : '§ 312g Abs. 2 Nr. 2 BGB'}), etwa zubereitete Speisen und Getränke. Welche Produkte ausgenommen sind, sehen Sie vor dem Absenden Ihrer Bestellung.

${modelForm(shop, market)}`;
}
