import type { Market } from './contract/content.js';
import {
  fillIn,
  imprintTemplate,
  PLACEHOLDER_KINDS,
  privacyTemplate,
  termsTemplate,
} from './legal-templates.js';

describe(imprintTemplate.name, () => {
  it('gives a German shop the § 5 DDG Impressum with its name and every gap marked', () => {
    const text = imprintTemplate('DE', 'Linde Gastro GmbH');
    expect(text).toContain('§ 5 Digitale-Dienste-Gesetz (DDG)');
    expect(text).toContain('**Linde Gastro GmbH**');
    expect(text).toContain('§ 27a UStG');
    expect(text).toContain('§ 36 VSBG');
    expect(text).toContain(fillIn('E-Mail-Adresse'));
    expect(text).not.toMatch(/E-Commerce-Gesetz|Mediengesetz|TMG/);
  });

  it('gives an Austrian shop the § 5 ECG, § 63 GewO and § 25 MedienG notice', () => {
    const text = imprintTemplate('AT', 'Gasthaus zur Linde e.U.');
    expect(text).toContain('§ 5 E-Commerce-Gesetz');
    expect(text).toContain('Offenlegung nach § 25 Mediengesetz');
    expect(text).toContain('UID-Nummer');
    expect(text).toContain('Wirtschaftskammer');
    expect(text).toContain('Medieninhaber: Gasthaus zur Linde e.U.');
    expect(text).not.toMatch(/DDG|VSBG|Registergericht/);
  });

  it('marks the name as a gap when the configuration has none', () => {
    expect(imprintTemplate('DE', '  ')).toContain(`**${fillIn('Firmenwortlaut bzw. Name und Rechtsform')}**`);
  });
});

describe(termsTemplate.name, () => {
  it('gives a German shop AGB with the order button, § 312g BGB exemptions and § 36 VSBG', () => {
    const text = termsTemplate('DE', 'Linde Gastro GmbH');
    expect(text).toContain('Ihr Vertragspartner ist Linde Gastro GmbH');
    for (const part of [
      '„Zahlungspflichtig bestellen“',
      'Eingangsbestätigung ist noch keine Annahme',
      'inkl. MwSt.',
      'Liefergebühr',
      'Mindestbestellwert',
      'EC-Karte / Girocard',
      'Mollie B.V.',
      'Datatrans AG',
      '§ 312g Abs. 2 Nr. 2 BGB',
      '§ 312g Abs. 2 Nr. 3 BGB',
      '[Widerrufsbelehrung](/site/withdrawal)',
      '§ 36 Verbraucherstreitbeilegungsgesetz',
      'UN-Kaufrechts',
      'Angebotsanfrage abschicken',
      '[Allergene](/site/allergens)',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/FAGG|AStG|Rücktrittsrecht|Bankomatkarte|KSchG/);
  });

  it('gives an Austrian shop AGB with § 18 FAGG, the Rücktrittsrecht and the AStG statement', () => {
    const text = termsTemplate('AT', 'Gasthaus zur Linde e.U.');
    for (const part of [
      '§ 18 Abs. 1 Z 4 FAGG',
      '§ 18 Abs. 1 Z 5 FAGG',
      '## § 7 Rücktrittsrecht',
      'Bankomatkarte',
      'Alternative-Streitbeilegung-Gesetz (AStG)',
      'Verbrauchergewährleistungsgesetz',
      'österreichisches Recht',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/\bBGB\b|VSBG|Girocard|Widerrufsrecht/);
  });
});

describe(privacyTemplate.name, () => {
  it('gives a German shop a DSGVO notice with § 25 TDDDG and what the product processes', () => {
    const text = privacyTemplate('DE', 'Linde Gastro GmbH');
    for (const part of [
      '**Linde Gastro GmbH**',
      'Art. 6 Abs. 1 lit. b DSGVO',
      'per SMS',
      'Mollie B.V.',
      'Datatrans AG',
      '§ 25 Abs. 1 TDDDG',
      'Einwilligung „Karten“',
      'MapTiler',
      'Mapbox',
      'Einwilligung „Statistik“',
      'Ihre IP-Adresse speichern wir dafür nicht',
      'täglich wechselt',
      'Meta-Pixel (nur mit Einwilligung „Marketing“)',
      'EU-US Data Privacy Framework',
      '§ 147 Abgabenordnung',
      'Art. 15 DSGVO',
      'Art. 21 DSGVO',
      '„Cookie-Einstellungen“ in der Fußzeile',
      'Aufsichtsbehörde des Landes',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/TKG|Datenschutzbehörde|BAO|\bDSG\b/);
  });

  it('gives an Austrian shop the DSG, § 165 TKG 2021, § 132 BAO and the Datenschutzbehörde', () => {
    const text = privacyTemplate('AT', 'Gasthaus zur Linde e.U.');
    for (const part of [
      'Datenschutzgesetzes (DSG)',
      '§ 165 Abs. 3 TKG 2021',
      '§ 132 Bundesabgabenordnung',
      'Barichgasse 40–42, 1030 Wien',
      'Rücktritt',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/TDDDG|BDSG|§ 147|\bBGB\b/);
  });
});

describe('every template', () => {
  const templates: [string, (market: Market, name?: string) => string][] = [
    ['imprint', imprintTemplate],
    ['terms', termsTemplate],
    ['privacy', privacyTemplate],
  ];
  const cases = templates.flatMap(([name, template]) =>
    (['DE', 'AT'] as const).map((market) => [`${name} ${market}`, template(market)] as const),
  );
  const marker = new RegExp(`\\[(?:${PLACEHOLDER_KINDS.join('|')}): [^\\[\\]\\n]+\\]`, 'g');

  it.each(cases)(
    '%s: every bracket is a well-formed placeholder or a link to a page of the shop',
    (_, text) => {
      // Markdown links only to the shop's own pages; then no bracket may remain outside a marker.
      const links = [...text.matchAll(/\[([^[\]\n]+)\]\(([^)\s]*)\)/g)];
      for (const link of links) expect(link[2]).toMatch(/^\/[a-z-]+(\/[a-z-]+)?$/);
      const rest = text.replace(/\[[^[\]\n]+\]\(\/[^)\s]*\)/g, '').replace(marker, '');
      expect(rest).not.toMatch(/[[\]]/);
    },
  );

  it.each(cases)('%s: leaves no gap unmarked', (_, text) => {
    const outside = text.replace(marker, '');
    // The usual signs of a forgotten gap: an ellipsis, XXX, underscores, a "Musterstadt".
    expect(outside).not.toMatch(/…|\.\.\.|XXX|___|Muster(stadt|straße|mann)/i);
    expect(text.match(marker)?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(cases)('%s: is a document with headings the legal page can list', (_, text) => {
    expect(text.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });
});
