import { ordersCsv, ordersCsvName } from './csv';
import { staffOrder } from './testing';

describe(ordersCsv.name, () => {
  it('writes one German row per order with quoting', () => {
    const csv = ordersCsv([
      staffOrder({
        ticketNumber: 7,
        firstName: 'Anna',
        lastName: 'Huber',
        company: 'Huber; "Söhne"',
        pricing: { gross: 12.5, deliveryGross: 0, totalNet: 11, totalGross: 12.5, taxes: {} },
      }),
    ]);
    const [header, row] = csv.replace('\ufeff', '').split('\r\n');
    expect(header).toBe('Ticket;Eingang;Termin;Filiale;Kunde;Art;Status;Zahlung;Summe');
    expect(row).toContain('7;');
    expect(row).toContain('"Anna Huber, Huber; ""Söhne"""');
    expect(row).toContain(';Abholung;Warten auf Bestätigung;Zahlung vor Ort;12,50 EUR');
  });
});

describe('order CSV guards', () => {
  it('keeps Excel from reading names, branches and payment texts as formulas', () => {
    const csv = ordersCsv([
      staffOrder({
        firstName: '=HYPERLINK("http://x")',
        lastName: '',
        branchName: '+43 Filiale',
        payment: { state: 'unpaid', text: '@SUMME(A1)' },
      }),
      staffOrder({
        firstName: '-Rabatt',
        lastName: '',
        branchName: '\tTab',
        payment: { state: 'unpaid', text: '\rCR' },
      }),
    ]);
    const [, first, second] = csv.replace('\ufeff', '').split('\r\n');
    expect(first).toContain(`;'+43 Filiale;"'=HYPERLINK(""http://x"")";`);
    expect(first).toContain(";'@SUMME(A1);");
    expect(second).toContain(`;'\tTab;'-Rabatt;`);
    expect(second).toContain(`;"'\rCR";`);
  });
});

describe(ordersCsvName.name, () => {
  it("names the file after the shop's day in Vienna at the clock's now, not the UTC date", () => {
    expect(ordersCsvName(new Date('2026-11-22T23:30:00Z'))).toBe('bestellungen-2026-11-23.csv');
    expect(ordersCsvName(new Date('2026-11-23T12:00:00Z'))).toBe('bestellungen-2026-11-23.csv');
  });
});
