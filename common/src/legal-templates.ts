/**
 * Templates of the legal notices a shop writes itself (docs/decisions/legal.md, "Legal notice
 * templates"): the back office inserts one into an empty text for the owner to complete. Every gap is
 * marked `[BITTE AUSFÜLLEN: …]`, so no placeholder can pass unnoticed; nothing here is shown to shoppers
 * unless the owner saves it.
 */
import type { Market } from './market.js';

/** A gap the owner must fill, with what belongs there. */
export const fillIn = (what: string): string => `[BITTE AUSFÜLLEN: ${what}]`;

/** Lines of a gap that applies only to some businesses: the owner fills it in or deletes it. */
const ifApplies = (what: string): string => `[NUR FALLS ZUTREFFEND, SONST LÖSCHEN: ${what}]`;

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
