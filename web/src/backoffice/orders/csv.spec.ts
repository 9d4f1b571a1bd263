import { ordersCsv } from './csv';
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
    expect(row).toContain(';Takeaway;Warten auf Bestätigung;Zahlung vor Ort;12,50 EUR');
  });
});
