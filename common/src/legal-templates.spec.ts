import { fillIn, imprintTemplate } from './legal-templates.js';

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
