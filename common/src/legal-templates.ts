/**
 * Templates of the legal notices a shop writes itself (docs/decisions/legal.md, "Legal notice
 * templates"): the back office inserts one into an empty text for the owner to complete. Every gap is
 * marked `[BITTE AUSFÜLLEN: …]`, what only some shops need `[NUR FALLS ZUTREFFEND, SONST LÖSCHEN: …]` or
 * `[OPTIONAL: …]`, so no placeholder can pass unnoticed; nothing here is shown to shoppers unless the owner
 * saves it. The texts are a starting point, not legal advice.
 */
import type { Market } from './contract/content.js';

/** A gap the owner must fill, with what belongs there. */
export const fillIn = (what: string): string => `[BITTE AUSFÜLLEN: ${what}]`;

/** Lines of a gap that applies only to some businesses: the owner fills it in or deletes it. */
const ifApplies = (what: string): string => `[NUR FALLS ZUTREFFEND, SONST LÖSCHEN: ${what}]`;

/** A section or sentence the owner may keep or delete (e.g. a payment provider the shop does not use). */
const optional = (what: string): string => `[OPTIONAL: ${what}]`;

/** The markers of a template's gaps, as they appear in the text: a marker, a colon, what belongs there. */
export const PLACEHOLDER_KINDS = [
  'BITTE AUSFÜLLEN',
  'NUR FALLS ZUTREFFEND, SONST LÖSCHEN',
  'OPTIONAL',
] as const;

/**
 * The Impressum of a market: Germany § 5 DDG (with § 18 (2) MStV and § 36 VSBG), Austria § 5 ECG, § 25
 * MedienG and § 63 GewO. `businessName` is the configuration's, when set.
 */
export function imprintTemplate(market: Market, businessName = ''): string {
  const name = businessName.trim() || fillIn('Firmenwortlaut bzw. Name und Rechtsform');
  if (market === 'AT')
    return `## Impressum

Informationen nach § 5 E-Commerce-Gesetz, § 14 Unternehmensgesetzbuch, § 63 Gewerbeordnung und
Offenlegung nach § 25 Mediengesetz.

**${name}**
${fillIn('Straße und Hausnummer')}
${fillIn('Postleitzahl und Ort')}, Österreich

Telefon: ${fillIn('Telefonnummer')}
E-Mail: ${fillIn('E-Mail-Adresse')}

## Unternehmensdaten

- Unternehmensgegenstand: ${fillIn('z. B. Gastgewerbe, Estrichlegergewerbe')}
- UID-Nummer: ${fillIn('ATU…')}
- Firmenbuchnummer und Firmenbuchgericht: ${ifApplies('FN …, Handelsgericht bzw. Landesgericht …')}
- Firmensitz: ${fillIn('Ort')}

## Gewerberecht

- Mitglied der Wirtschaftskammer ${fillIn('Bundesland')}, ${fillIn('Fachgruppe bzw. Innung')}
- Gewerbe und Berufsbezeichnung: ${fillIn('z. B. Gastgewerbe; Berufsbezeichnung, verliehen in Österreich')}
- Gewerbebehörde: ${fillIn('Bezirkshauptmannschaft bzw. Magistrat')}
- Berufsrecht: Gewerbeordnung, abrufbar unter https://www.ris.bka.gv.at

## Offenlegung nach § 25 Mediengesetz

Medieninhaber: ${name}, ${fillIn('Sitz')}. Grundlegende Richtung: Information über das Angebot des
Unternehmens und Bestellungen.
`;
  return `## Impressum

Angaben nach § 5 Digitale-Dienste-Gesetz (DDG).

**${name}**
${fillIn('Straße und Hausnummer')}
${fillIn('Postleitzahl und Ort')}, Deutschland

Vertreten durch: ${fillIn('Inhaber bzw. vertretungsberechtigte Geschäftsführer')}

## Kontakt

Telefon: ${fillIn('Telefonnummer')}
E-Mail: ${fillIn('E-Mail-Adresse')}

## Registereintrag und Umsatzsteuer

- Registergericht und Registernummer: ${ifApplies('Amtsgericht …, HRB/HRA …')}
- Umsatzsteuer-Identifikationsnummer nach § 27a UStG: ${ifApplies('DE…')}
- Wirtschafts-Identifikationsnummer: ${ifApplies('DE…')}

## Aufsicht und Berufsrecht

${ifApplies('zulassungspflichtiges Handwerk oder erlaubnispflichtige Tätigkeit: zuständige Kammer (z. B. Handwerkskammer …), gesetzliche Berufsbezeichnung und Staat der Verleihung, Aufsichtsbehörde, berufsrechtliche Regelungen')}

## Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV

${ifApplies('nur bei journalistisch-redaktionellen Inhalten, z. B. einem Blog: Name und Anschrift')}

## Verbraucherstreitbeilegung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
Verbraucherschlichtungsstelle teilzunehmen (§ 36 VSBG).
`;
}

/** What differs between the markets in the AGB and the Datenschutzerklärung. */
const LAW = {
  DE: {
    country: 'Deutschland',
    debitCard: 'EC-Karte / Girocard',
    withdrawal: 'Widerrufsrecht',
    withdraw: 'widerrufen',
    declaration: 'Widerruf',
    foodExempt:
      'Kein Widerrufsrecht besteht bei Verträgen zur Lieferung von Waren, die nach Kundenspezifikation zubereitet werden (§ 312g Abs. 2 Nr. 1 BGB), die schnell verderben können oder deren Verfallsdatum schnell überschritten würde (§ 312g Abs. 2 Nr. 2 BGB), sowie von versiegelten Waren, die aus Gründen des Gesundheitsschutzes oder der Hygiene nicht zur Rückgabe geeignet sind, wenn ihre Versiegelung nach der Lieferung entfernt wurde (§ 312g Abs. 2 Nr. 3 BGB). Das betrifft insbesondere frisch zubereitete Speisen und Getränke.',
    dineIn:
      'Für die Bewirtung vor Ort und andere Leistungen im Bereich der Lieferung von Speisen und Getränken, die zu einem bestimmten Termin oder in einem bestimmten Zeitraum erbracht werden, besteht ebenfalls kein Widerrufsrecht (§ 312g Abs. 2 Nr. 9 BGB).',
    warranty:
      'Es gilt das gesetzliche Mängelhaftungsrecht (§§ 434 ff. BGB, für digitale Produkte §§ 327 ff. BGB). Mängel verderblicher Waren bitten wir sofort bei Übergabe anzuzeigen, damit wir Abhilfe schaffen können; Ihre gesetzlichen Rechte bleiben davon unberührt.',
    liability: `1. Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei Verletzung des Lebens, des Körpers oder der Gesundheit, nach dem Produkthaftungsgesetz und soweit wir eine Garantie übernommen haben.
2. Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht (einer Pflicht, deren Erfüllung die Durchführung des Vertrags erst ermöglicht und auf deren Einhaltung Sie regelmäßig vertrauen dürfen) ist unsere Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt.
3. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen.`,
    allergens:
      'Angaben zu den Allergenen und Zusatzstoffen nach der Lebensmittelinformationsverordnung (Verordnung (EU) Nr. 1169/2011) und der Lebensmittelinformations-Durchführungsverordnung (LMIDV)',
    youth:
      'alkoholische Getränke geben wir nur an Personen ab 16 Jahren, Branntwein und branntweinhaltige Getränke nur an Personen ab 18 Jahren ab (§ 9 Jugendschutzgesetz); bei Übergabe können wir einen Ausweis verlangen',
    dispute:
      'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 Verbraucherstreitbeilegungsgesetz, VSBG).',
    lawChoice:
      'Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gegenüber Verbrauchern gilt diese Rechtswahl nur, soweit dadurch nicht der Schutz durch zwingende Bestimmungen des Rechts des Staates entzogen wird, in dem sie ihren gewöhnlichen Aufenthalt haben.',
    court:
      'Ist der Kunde Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches Sondervermögen, ist Gerichtsstand unser Sitz.',
    severability:
      'Sind einzelne Bestimmungen dieser AGB unwirksam, bleibt der Vertrag im Übrigen wirksam (§ 306 BGB).',
    privacyLaw: 'der Datenschutz-Grundverordnung (DSGVO), des Bundesdatenschutzgesetzes (BDSG)',
    cookieLaw: '§ 25 Telekommunikation-Digitale-Dienste-Datenschutz-Gesetz (TDDDG)',
    cookieNecessary: '§ 25 Abs. 2 Nr. 2 TDDDG',
    cookieConsent: '§ 25 Abs. 1 TDDDG',
    withdrawalDuty: '§ 356a BGB',
    retention:
      'Rechnungen, Buchungsbelege und andere steuerlich relevante Unterlagen bewahren wir so lange auf, wie es das Handels- und Steuerrecht verlangt (§ 147 Abgabenordnung, § 257 Handelsgesetzbuch: bis zu zehn Jahre); dafür schränken wir die Verarbeitung ein (Art. 6 Abs. 1 lit. c DSGVO).',
    authority: `Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), insbesondere bei der Aufsichtsbehörde des Landes, in dem Sie wohnen oder in dem wir unseren Sitz haben. Für uns zuständig ist:

${fillIn('Name und Anschrift der Datenschutz-Aufsichtsbehörde Ihres Bundeslandes, z. B. Landesbeauftragte für Datenschutz und Informationsfreiheit')}`,
  },
  AT: {
    country: 'Österreich',
    debitCard: 'Bankomatkarte',
    withdrawal: 'Rücktrittsrecht',
    withdraw: 'zurücktreten',
    declaration: 'Rücktritt',
    foodExempt:
      'Kein Rücktrittsrecht besteht bei Verträgen über Waren, die nach Kundenspezifikationen hergestellt werden (§ 18 Abs. 1 Z 3 Fern- und Auswärtsgeschäfte-Gesetz, FAGG), die schnell verderben können oder deren Verfallsdatum schnell überschritten würde (§ 18 Abs. 1 Z 4 FAGG), sowie über versiegelt gelieferte Waren, die aus Gründen des Gesundheitsschutzes oder der Hygiene nicht zur Rückgabe geeignet sind, wenn ihre Versiegelung nach der Lieferung entfernt wurde (§ 18 Abs. 1 Z 5 FAGG). Das betrifft insbesondere frisch zubereitete Speisen und Getränke.',
    dineIn:
      'Für die Bewirtung vor Ort und andere Dienstleistungen im Bereich der Lieferung von Speisen und Getränken, die zu einem bestimmten Zeitpunkt oder innerhalb eines genau angegebenen Zeitraums erbracht werden, besteht ebenfalls kein Rücktrittsrecht (§ 18 Abs. 1 Z 10 FAGG).',
    warranty:
      'Es gilt die gesetzliche Gewährleistung (Verbrauchergewährleistungsgesetz, VGG, und §§ 922 ff. ABGB). Mängel verderblicher Waren bitten wir sofort bei Übergabe anzuzeigen, damit wir Abhilfe schaffen können; Ihre gesetzlichen Rechte bleiben davon unberührt.',
    liability: `1. Wir haften für Schäden, die wir vorsätzlich oder grob fahrlässig verursachen, sowie nach dem Produkthaftungsgesetz.
2. Für Personenschäden haften wir auch bei leichter Fahrlässigkeit.
3. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen, soweit das Gesetz (insbesondere § 6 Abs. 1 Z 9 Konsumentenschutzgesetz) dies zulässt.`,
    allergens:
      'Angaben zu den Allergenen nach der Lebensmittelinformationsverordnung (Verordnung (EU) Nr. 1169/2011) und der Allergeninformationsverordnung',
    youth:
      'alkoholische Getränke geben wir nur an Personen ab dem Alter ab, das das Jugendschutzgesetz des jeweiligen Bundeslandes vorsieht (in der Regel 16 Jahre, für gebrannte alkoholische Getränke 18 Jahre); bei Übergabe können wir einen Ausweis verlangen',
    dispute:
      'Wir sind nicht verpflichtet und nicht bereit, an Verfahren vor einer Stelle zur alternativen Streitbeilegung nach dem Alternative-Streitbeilegung-Gesetz (AStG) teilzunehmen.',
    lawChoice:
      'Es gilt österreichisches Recht unter Ausschluss des UN-Kaufrechts. Gegenüber Verbrauchern gilt diese Rechtswahl nur, soweit dadurch nicht der Schutz durch zwingende Bestimmungen des Rechts des Staates entzogen wird, in dem sie ihren gewöhnlichen Aufenthalt haben.',
    court:
      'Für Verbraucher mit Wohnsitz oder gewöhnlichem Aufenthalt in Österreich gilt der Gerichtsstand des § 14 Konsumentenschutzgesetz. Gegenüber Unternehmern ist Gerichtsstand das für unseren Sitz sachlich zuständige Gericht.',
    severability: 'Sind einzelne Bestimmungen dieser AGB unwirksam, bleibt der Vertrag im Übrigen wirksam.',
    privacyLaw: 'der Datenschutz-Grundverordnung (DSGVO), des Datenschutzgesetzes (DSG)',
    cookieLaw: '§ 165 Abs. 3 Telekommunikationsgesetz 2021 (TKG 2021)',
    cookieNecessary: '§ 165 Abs. 3 TKG 2021 (unbedingt erforderlich)',
    cookieConsent: '§ 165 Abs. 3 TKG 2021',
    withdrawalDuty: 'dem Fern- und Auswärtsgeschäfte-Gesetz',
    retention:
      'Rechnungen, Buchungsbelege und andere steuerlich relevante Unterlagen bewahren wir so lange auf, wie es das Steuer- und Unternehmensrecht verlangt (§ 132 Bundesabgabenordnung, § 212 Unternehmensgesetzbuch: sieben Jahre, länger, solange sie für ein anhängiges Verfahren von Bedeutung sind); dafür schränken wir die Verarbeitung ein (Art. 6 Abs. 1 lit. c DSGVO).',
    authority: `Sie können sich bei der Datenschutzbehörde beschweren (Art. 77 DSGVO):

Österreichische Datenschutzbehörde
Barichgasse 40–42, 1030 Wien
E-Mail: dsb@dsb.gv.at`,
  },
} as const;

/**
 * The AGB of a market for a shop that sells food and drinks for pickup, delivery and dine-in online, with an
 * optional section on services offered on quotation. Germany: BGB (§ 312g Abs. 2, § 312j), § 36 VSBG;
 * Austria: FAGG (§ 18 Abs. 1), KSchG, VGG, AStG.
 */
export function termsTemplate(market: Market, businessName = ''): string {
  const law = LAW[market];
  const name = businessName.trim() || fillIn('Firmenwortlaut bzw. Name und Rechtsform');
  return `## § 1 Geltungsbereich

1. Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Bestellungen, die Sie über diesen Online-Shop zur Abholung, zur Lieferung oder zum Verzehr vor Ort aufgeben.
2. Abweichende Bedingungen des Kunden gelten nicht, es sei denn, wir stimmen ihnen ausdrücklich zu.
3. Verbraucher ist jede natürliche Person, die ein Rechtsgeschäft zu Zwecken abschließt, die überwiegend weder ihrer gewerblichen noch ihrer selbständigen beruflichen Tätigkeit zugerechnet werden können.

## § 2 Vertragspartner

Ihr Vertragspartner ist ${name}, ${fillIn('Anschrift')}, ${law.country}. Weitere Angaben finden Sie im [Impressum](/site/imprint).

## § 3 Vertragsschluss

1. Die Darstellung der Speisen, Getränke und sonstigen Waren im Shop ist kein bindendes Angebot, sondern eine Aufforderung, eine Bestellung abzugeben.
2. Sie legen Waren in den Warenkorb, wählen die Bestellart (Abholung, Lieferung oder Vor Ort essen) und die gewünschte Zeit und geben Ihre Daten ein. Vor dem Absenden sehen Sie eine Zusammenfassung mit allen Artikeln, der Liefergebühr und dem Gesamtbetrag und können Ihre Eingaben dort und im Warenkorb korrigieren.
3. Mit einem Klick auf die Schaltfläche „Zahlungspflichtig bestellen“ (bei geschlossenem Betrieb „Zahlungspflichtig vorbestellen“) geben Sie ein verbindliches Angebot zum Abschluss eines Kaufvertrags ab.
4. Wir bestätigen den Eingang Ihrer Bestellung unverzüglich per E-Mail und auf der Statusseite der Bestellung. Diese Eingangsbestätigung ist noch keine Annahme.
5. Der Vertrag kommt zustande, wenn wir Ihre Bestellung annehmen: durch die Mitteilung, dass wir die Bestellung angenommen haben (E-Mail oder Statusseite), spätestens durch die Übergabe der Ware. Können wir eine Bestellung nicht ausführen, lehnen wir sie ab und teilen Ihnen den Grund mit; bereits gezahlte Beträge erstatten wir.
6. Wir speichern den Vertragstext (Ihre Bestelldaten); Sie erhalten ihn mit der Bestätigung per E-Mail. Diese AGB können Sie jederzeit auf dieser Seite abrufen und ausdrucken. Vertragssprache ist Deutsch.

## § 4 Preise, Liefergebühr und Mindestbestellwert

1. Alle Preise sind Endpreise und enthalten die gesetzliche Umsatzsteuer (inkl. MwSt.).
2. Bei Lieferung berechnen wir die Liefergebühr des gewählten Liefergebiets; sie wird vor der Bestellung angezeigt und ist in der Zusammenfassung gesondert ausgewiesen. Ab einem im Shop angegebenen Bestellwert kann die Lieferung kostenlos sein.
3. Für Lieferungen kann je Liefergebiet ein Mindestbestellwert gelten; er wird im Shop angezeigt.

## § 5 Zahlung

1. Sie können mit den Zahlungsarten bezahlen, die im Shop bei der Bestellung angeboten werden: ${fillIn('nicht angebotene Zahlungsarten aus der folgenden Liste löschen')}
   - Barzahlung bei Abholung, Lieferung oder vor Ort,
   - Kartenzahlung (${law.debitCard}) bei Abholung, Lieferung oder vor Ort,
   - Online-Zahlung über den Zahlungsdienstleister ${optional('Mollie B.V., Amsterdam, Niederlande, oder Datatrans AG, Zürich, Schweiz')} mit den dort angebotenen Zahlungsmitteln,
   - Gutschein.
2. Bei Online-Zahlung wird der Betrag mit dem Abschluss des Zahlungsvorgangs belastet; lehnen wir die Bestellung ab, erstatten wir ihn.

## § 6 Lieferung, Abholung und Termine

1. Wir liefern nur in die im Shop angegebenen Liefergebiete. Die angezeigten Liefer- und Abholzeiten sind voraussichtliche Zeiten; wir bemühen uns, sie einzuhalten. Über den Stand Ihrer Bestellung informiert Sie die Statusseite.
2. Bei Abholung holen Sie die Bestellung zur gewählten Zeit an der angegebenen Filiale ab. Bei Bestellungen zum Verzehr vor Ort servieren wir in unserem Lokal.
3. Sind Sie bei der Lieferung nicht erreichbar, ${fillIn('Regelung, z. B. erneute Zustellung gegen Gebühr oder Abholung in der Filiale')}.
4. ${optional('nur für Leistungen auf Angebot, z. B. Verlegearbeiten, sonst diesen Punkt löschen')} Leistungen, die im Shop als Angebotsanfrage angeboten werden, fragen Sie über die Schaltfläche „Angebotsanfrage abschicken“ unverbindlich an. Wir senden Ihnen ein Angebot; der Vertrag kommt erst zustande, wenn Sie es annehmen. Den Termin der Ausführung vereinbaren wir mit Ihnen. ${fillIn('Regelungen zu Aufmaß, Vorarbeiten, Zugang zur Baustelle und Abnahme')}

## § 7 ${law.withdrawal}

1. ${law.foodExempt}
2. ${law.dineIn}
3. Für andere Waren und für Leistungen, die Sie als Verbraucher über den Shop bestellen, können Sie vom Vertrag ${law.withdraw}. Die Einzelheiten und das Muster-Formular finden Sie in der [Widerrufsbelehrung](/site/withdrawal); erklären können Sie den ${law.declaration} auch online über [Vertrag widerrufen](/vertrag-widerrufen). Ob für eine Bestellung ein ${law.withdrawal} besteht, sehen Sie vor der Bestellung in der Zusammenfassung.

## § 8 Gewährleistung

${law.warranty}

## § 9 Haftung

${law.liability}

## § 10 Allergene und Zutaten

1. ${law.allergens} finden Sie bei den Produkten und auf der Seite [Allergene](/site/allergens); auf Nachfrage gibt unser Personal Auskunft.
2. Spuren anderer Zutaten können wir trotz sorgfältiger Zubereitung nicht ausschließen.
3. ${optional(`Nur bei Verkauf alkoholischer Getränke: ${law.youth}`)}

## § 11 Streitbeilegung

${law.dispute}

## § 12 Schlussbestimmungen

1. ${law.lawChoice}
2. ${law.court}
3. ${law.severability}
`;
}

/**
 * The Datenschutzerklärung of a market, describing only what this product processes: orders and their
 * e-mail and SMS notifications, uploads at checkout, the withdrawal function, the payment providers,
 * and — each only with its consent purpose of `consent.ts` — maps, statistics (no IP stored: a daily
 * salted hash) and the Meta Pixel. Germany: DSGVO, BDSG, § 25 TDDDG; Austria: DSGVO, DSG, § 165 TKG 2021.
 */
export function privacyTemplate(market: Market, businessName = ''): string {
  const law = LAW[market];
  const name = businessName.trim() || fillIn('Firmenwortlaut bzw. Name und Rechtsform');
  return `## 1. Verantwortlicher

Verantwortlich für die Verarbeitung personenbezogener Daten in diesem Online-Shop im Sinne ${law.privacyLaw} ist:

**${name}**
${fillIn('Straße und Hausnummer')}
${fillIn('Postleitzahl und Ort')}, ${law.country}
E-Mail: ${fillIn('E-Mail-Adresse für Datenschutzanfragen')}
Telefon: ${fillIn('Telefonnummer')}

${ifApplies('Datenschutzbeauftragter: Name und Kontakt')}

## 2. Zwecke und Rechtsgrundlagen

### 2.1 Bestellungen

Wenn Sie bestellen, verarbeiten wir die Angaben, die Sie im Bestellformular machen (Name, gegebenenfalls Firma, Telefonnummer, E-Mail-Adresse, bei Lieferung die Adresse, Ihre Anmerkungen), die bestellten Artikel, die Bestellart, die gewünschte Zeit und die Zahlungsart, um die Bestellung anzunehmen, zuzubereiten, zu liefern oder zu übergeben und abzurechnen. Rechtsgrundlage ist die Erfüllung des Vertrags und vorvertraglicher Maßnahmen (Art. 6 Abs. 1 lit. b DSGVO). Ohne diese Angaben können wir die Bestellung nicht ausführen.

Dateien, die Sie bei der Bestellung oder einer Angebotsanfrage hochladen (z. B. Pläne oder Fotos), speichern wir mit der Bestellung und verwenden sie nur für diese (Art. 6 Abs. 1 lit. b DSGVO).

### 2.2 Benachrichtigungen per E-Mail und SMS

Wir senden Ihnen zur Bestellung eine Eingangsbestätigung und Nachrichten zum Stand (z. B. Annahme oder Ablehnung mit Grund) an die angegebene E-Mail-Adresse und, wenn Sie eine Telefonnummer angeben und wir den SMS-Versand nutzen, per SMS (Art. 6 Abs. 1 lit. b DSGVO). Für den Versand nutzen wir ${fillIn('E-Mail-Versanddienst bzw. Hoster des Mailservers')} und ${optional('SMS-Anbieter mit Sitz')}. Werbung senden wir auf diesem Weg nicht.

### 2.3 Zahlung

Bei Barzahlung und Kartenzahlung bei der Übergabe geben wir keine Daten an Zahlungsdienstleister weiter. Wählen Sie eine Online-Zahlung, leiten wir Sie zum Zahlungsdienstleister weiter und übermitteln ihm Betrag, Bestellnummer und die für die Zahlung nötigen Angaben; Ihre Zahlungsdaten (z. B. Kartennummer) geben Sie dort ein, wir erhalten sie nicht (Art. 6 Abs. 1 lit. b DSGVO). ${fillIn('nicht genutzte Anbieter löschen')}

- ${optional('Mollie B.V., Amsterdam, Niederlande')}
- ${optional('Datatrans AG, Zürich, Schweiz; für die Schweiz besteht ein Angemessenheitsbeschluss der EU-Kommission')}

### 2.4 Widerruf eines Vertrags

Erklären Sie über die Funktion „Vertrag widerrufen“ den ${law.declaration} eines Vertrags, speichern wir Ihren Namen, Ihre E-Mail-Adresse, Ihre Anmerkung und den Zeitpunkt bei der Bestellung und senden Ihnen eine Eingangsbestätigung per E-Mail. Dazu sind wir nach ${law.withdrawalDuty} verpflichtet (Art. 6 Abs. 1 lit. c DSGVO).

### 2.5 Bereitstellung der Website und Server-Logs

Beim Aufruf der Seiten verarbeitet unser Server technisch notwendig Ihre IP-Adresse, Datum und Uhrzeit, die aufgerufene Adresse und die Browserkennung, um die Seiten auszuliefern und Missbrauch abzuwehren (z. B. die Begrenzung wiederholter Anfragen von einer Adresse). Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren Betrieb (Art. 6 Abs. 1 lit. f DSGVO). Der Shop wird betrieben bei ${fillIn('Hoster mit Sitz')}; Server-Logs werden nach ${fillIn('Speicherdauer der Server-Logs beim Hoster')} gelöscht.

### 2.6 Cookies und Einwilligung

Ihre Auswahl in den Cookie-Einstellungen speichern wir in dem Cookie \`cookie-banner-acceptance-state\` (Auswahl, Version und Zeitpunkt, 365 Tage); Warenkorb und Bestellangaben hält Ihr Browser bis zum Schließen des Tabs in seinem Sitzungsspeicher. Das ist für den von Ihnen gewünschten Dienst unbedingt erforderlich (${law.cookieNecessary}). Alles Weitere wird nur mit Ihrer Einwilligung geladen oder gespeichert (${law.cookieConsent}, Art. 6 Abs. 1 lit. a DSGVO): Sie wählen im ersten Fenster „Alle akzeptieren“, „Nur notwendige“ oder unter „Einstellungen“ einzelne Zwecke — Karten, Statistik und, falls angeboten, Marketing. Ohne Einwilligung ist jeder dieser Zwecke ausgeschaltet.

### 2.7 Karten (nur mit Einwilligung „Karten“)

Zur Anzeige von Karten (z. B. Filialen und Liefergebiete) laden wir Kartenkacheln von ${fillIn('genutzten Kartendienst behalten, den anderen löschen')}: ${optional('MapTiler AG, Schweiz; Angemessenheitsbeschluss der EU-Kommission')} ${optional('Mapbox, Inc., USA; Übermittlung in ein Drittland, Grundlage: EU-US Data Privacy Framework, sofern der Anbieter zertifiziert ist, sonst Standardvertragsklauseln')}. Dabei erhält der Anbieter Ihre IP-Adresse und die Browserkennung. Ohne Einwilligung „Karten“ wird keine Karte geladen.

### 2.8 Statistik (nur mit Einwilligung „Statistik“)

Mit Ihrer Einwilligung „Statistik“ zählen wir Seitenaufrufe, Ereignisse im Shop (z. B. das Hinzufügen zum Warenkorb) und Bestellvorgänge (Artikel und Betrag, ohne Ihre Kontaktdaten), um unser Angebot zu verbessern. Gespeichert werden der Zeitpunkt, die Art des Ereignisses, die aufgerufene Seite (ohne persönliche Teile der Adresse) und eine Besucherkennung. Ihre IP-Adresse speichern wir dafür nicht: Die Besucherkennung ist ein Hashwert aus IP-Adresse und Browserkennung mit einem zufälligen Schlüssel, der täglich wechselt und nur im Arbeitsspeicher liegt, sodass Besuche verschiedener Tage nicht verknüpft werden können. Die Daten bleiben auf unserem Server; es werden keine Dienste Dritter eingebunden.

${optional('nur wenn in der Konfiguration ein Werbe-Pixel eingetragen ist, sonst diesen Abschnitt löschen')}

### 2.9 Meta-Pixel (nur mit Einwilligung „Marketing“)

Mit Ihrer Einwilligung „Marketing“ laden wir das Meta-Pixel der Meta Platforms Ireland Ltd., Dublin, Irland. Es übermittelt Seitenaufrufe und nach einer Bestellung deren Betrag und Währung sowie Ihre IP-Adresse, die Browserkennung und Cookies von Meta (\`_fbp\`, \`_fbc\`) an Meta, um die Wirkung unserer Werbung zu messen; E-Mail-Adresse und Telefonnummer übermitteln wir nicht. Für die Erhebung und Übermittlung sind wir mit Meta gemeinsam verantwortlich (Art. 26 DSGVO). Meta kann Daten in die USA übermitteln, ein Drittland; Grundlage ist der Angemessenheitsbeschluss der EU-Kommission zum EU-US Data Privacy Framework, unter dem Meta Platforms, Inc. zertifiziert ist. Widerrufen Sie die Einwilligung, wird das Pixel sofort entfernt und seine Cookies werden gelöscht.

## 3. Speicherdauer

1. Die personenbezogenen Angaben abgeschlossener, abgelehnter und stornierter Bestellungen (Name, Kontakt, Adresse, Anmerkungen) anonymisieren wir ${fillIn('Anzahl aus Konfiguration, Datenschutz; ohne Eintrag geschieht es nie')} Monate nach dem Bestelldatum; Beträge, Datum und Artikel bleiben ohne Personenbezug für unsere Buchhaltung und Statistik.
2. ${law.retention}
3. Ihre Cookie-Auswahl gilt 365 Tage; danach fragen wir erneut.
4. Die Statistikdaten enthalten keine IP-Adresse; wir löschen sie nach ${fillIn('Speicherdauer der Statistikdaten; der Shop löscht sie nicht von selbst')}.

## 4. Empfänger

Ihre Daten erhalten nur unsere Mitarbeiter, soweit sie sie für die Bestellung brauchen, sowie die oben genannten Dienstleister (Hoster, E-Mail- und SMS-Versand, Zahlungsdienstleister, Kartendienst, Meta), diese nur im beschriebenen Umfang und, soweit sie in unserem Auftrag tätig sind, aufgrund eines Vertrags zur Auftragsverarbeitung (Art. 28 DSGVO). ${optional('Lieferdienst oder Kurier, falls Lieferungen durch Dritte ausgeführt werden')}

## 5. Ihre Rechte

1. Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch gegen Verarbeitungen aufgrund berechtigter Interessen (Art. 21 DSGVO). Wenden Sie sich dafür an die oben genannte Adresse.
2. Eine Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO): über den Link „Cookie-Einstellungen“ in der Fußzeile jeder Seite. Was die Einwilligung erlaubt hat, wird sofort beendet.
3. Eine automatisierte Entscheidungsfindung einschließlich Profiling findet nicht statt.

## 6. Beschwerde

${law.authority}
`;
}
