import { readFileSync } from 'node:fs';
import { formatDecimal, toCents, unitLabel } from '@ordering/common';
import { money, renderJob, unitText } from '../src/main/terminal/receipt.js';
import type { PrintJob, PrinterSettings } from '../src/main/terminal/types.js';
import { Decoder, type FakeReceipt } from './fake-printer.js';

/** Print jobs as the real backend handed them out (takeaway, delivery, dine-in), see devices-print.spec. */
const jobs = JSON.parse(
  readFileSync(new URL('./fixtures/print-jobs.json', import.meta.url), 'utf8'),
) as PrintJob[];
const [takeaway, delivery, dineIn] = jobs as [PrintJob, PrintJob, PrintJob];

const settings = (type: 'epson' | 'star', width = 48): PrinterSettings => ({
  host: '127.0.0.1',
  port: 9100,
  width,
  type,
});

function decode(bytes: Buffer, type: 'epson' | 'star' = 'epson'): FakeReceipt[] {
  const receipts: FakeReceipt[] = [];
  new Decoder(type, 1, (r) => receipts.push(r)).feed(bytes);
  return receipts;
}

describe('receipt (decoded by the fake printer)', () => {
  it('prints a takeaway order: shop, branch, large ticket number, items, comment, totals with taxes, payment, QR', () => {
    const [r, ...rest] = decode(renderJob(takeaway, settings('epson')));
    expect(rest).toEqual([]);
    const order = takeaway.order!;
    expect(r!.lines.slice(0, 7)).toEqual([
      'Gruber & Linde',
      'Gasthaus Zur Linde',
      'Neubaugasse 42, 1070 Wien',
      'Tel. +43 1 523 88 10',
      '-'.repeat(48),
      'BESTELLBON',
      `Nr. ${order.ticketNumber}`,
    ]);
    expect(r!.large).toEqual([
      `Nr. ${order.ticketNumber}`,
      'ABHOLUNG',
      expect.stringMatching(/^SUMME € +\d/),
    ]);
    expect(r!.bold).toContain('Gruber & Linde');
    expect(r!.text).toContain('Bestellt:  20.11.2026 12:00');
    expect(r!.text).toContain('Gewünscht: so bald wie möglich');
    expect(r!.text).toContain('Kunde: Anna Huber');
    expect(r!.text).toContain('Tel.: +43 664 1234567');
    expect(r!.text).not.toContain('Adresse:');
    expect(r!.lines).toContain('2 Stk. Wiener Schnitzel vom Kalb'.padEnd(43) + '39,80');
    expect(r!.lines).toContain('1 Stk. Wiener Schnitzel vom Kalb'.padEnd(43) + '19,90');
    expect(r!.text).toContain('Anmerkung:\nBitte ohne Zwiebel, danke!');
    const total = order.pricing!.totalGross.toFixed(2).replace('.', ',');
    expect(r!.lines).toContain('SUMME €'.padEnd(48 - total.length) + total);
    expect(r!.text).toMatch(/ {2}enth\. USt\. 10 % +\d+,\d\d/);
    expect(r!.text).toContain('Zahlung: Barzahlung\nZahlung vor Ort');
    expect(r!.qr).toEqual([`http://localhost:3000/status/${order.uid}/${order.hash}`]);
    expect(r!.lines[r!.lines.length - 1]).toBe(`Druckauftrag ${takeaway.id}`);
    expect(r!.text).not.toContain('KOPIE');
  });

  it('prints a delivery with the address, the wanted time, part labels and the tax of each rate', () => {
    const [r] = decode(renderJob(delivery, settings('epson')));
    expect(r!.text).toContain('LIEFERUNG');
    expect(r!.text).toContain('Gewünscht: Fr, 20.11. 13:30'); // 12:30 UTC in Vienna
    expect(r!.text).toContain('Kunde: Anna Huber\nHuber & Söhne GmbH');
    expect(r!.text).toContain(
      'Adresse: Mariahilfer Straße 1, Stiege 2, Stock\n3, Tür 12\n         1060 Wien',
    );
    expect(r!.text).toContain('Zone: 1060 Mariahilf');
    expect(r!.text).toContain('1 Stk. Schnitzel nach Wahl');
    expect(r!.text).toContain('  + Fleisch: Schwein\n  + Beilagen: Petersilerdäpfel');
    expect(r!.lines).toContain('2 Stk. Almdudler 0,5 l' + ' '.repeat(22) + '9,20');
    expect(r!.lines).toContain('  enth. USt. 10 %' + ' '.repeat(27) + '3,55');
    expect(r!.lines).toContain('  enth. USt. 20 %' + ' '.repeat(27) + '1,53');
    expect(r!.lines).toContain('  Netto' + ' '.repeat(36) + '43,12');
  });

  it('prints a dine-in order with its table and payment method', () => {
    const [r] = decode(renderJob(dineIn, settings('epson', 42)));
    expect(r!.large).toEqual(expect.arrayContaining(['VOR ORT ESSEN']));
    expect(r!.bold).toContain('Tisch: 1');
    expect(r!.text).toContain('Zahlung: Bankomatkarte');
    expect(r!.lines.every((l) => l.length <= 42)).toBe(true);
  });

  it('prints the kitchen ticket without prices, totals, payment or QR', () => {
    const [r] = decode(renderJob(delivery, settings('epson'), { variant: 'kitchen' }));
    expect(r!.text).toContain('KÜCHE');
    expect(r!.bold).toEqual(expect.arrayContaining(['1 Stk. Schnitzel nach Wahl', '2 Stk. Almdudler 0,5 l']));
    expect(r!.text).not.toMatch(/\d+,\d\d$/m);
    expect(r!.text).not.toContain('SUMME');
    expect(r!.text).not.toContain('Zahlung');
    expect(r!.qr).toEqual([]);
  });

  it('speaks STAR as well (same text, QR and cut)', () => {
    const epson = decode(renderJob(takeaway, settings('epson')))[0]!;
    const [star, ...rest] = decode(renderJob(takeaway, settings('star')), 'star');
    expect(rest).toEqual([]);
    expect(star!.lines).toEqual(epson.lines);
    expect(star!.qr).toEqual(epson.qr);
    expect(star!.large).toEqual(epson.large);
  });

  it("prints each item's unit with common's label (serving: Portion, not the old Port.) and its money format", () => {
    const order = takeaway.order!;
    const [first, ...others] = order.items;
    const job: PrintJob = {
      ...takeaway,
      order: {
        ...order,
        items: [
          { ...first!, unit: 'serving', amount: 2, price: 1234.5 },
          { ...first!, unit: 'person', amount: 1, price: 19.9 },
          { ...first!, unit: 'm2', amount: 1.5, price: 7 },
          ...others,
        ],
      },
    };
    const [r] = decode(renderJob(job, settings('epson')));
    const line = `2 ${unitLabel('serving')} ${first!.name}`;
    expect(line).toBe('2 Portion Wiener Schnitzel vom Kalb');
    expect(r!.lines).toContain(line.padEnd(48 - '1.234,50'.length) + '1.234,50');
    expect(r!.text).toContain(`1 ${unitLabel('person')} ${first!.name}`);
    expect(r!.text).toContain(`1,5 m² ${first!.name}`);
    expect(r!.text).not.toContain('Port.');
    expect(unitText('serving')).toBe(unitLabel('serving'));
    expect(unitText('bundle')).toBe('bundle'); // a code common does not know prints as it is
    for (const value of [0, 0.005, 19.9, -3.1, 1234567.891])
      expect(money(value)).toBe(formatDecimal(toCents(value)));
  });

  it('marks a reprint after a crash as KOPIE, and prints a test page', () => {
    const [copy] = decode(renderJob(takeaway, settings('epson'), { copy: true }));
    expect(copy!.lines.slice(0, 2)).toEqual(['*** KOPIE ***', 'evtl. bereits gedruckt']);
    const test = { ...takeaway, id: 99, kind: 'test' as const, reason: 'test' as const, order: null };
    const [page] = decode(renderJob(test, settings('epson')));
    expect(page!.text).toContain('TESTSEITE');
    expect(page!.text).toContain('Umlaute: äöü ÄÖÜ ß €');
    expect(page!.text).toContain('Druckauftrag 99');
  });
});

describe('ticket times and the print job number (decoded by the fake printer)', () => {
  /** The takeaway order asked for `appointmentDate` (null: as soon as possible), confirmed for `appointment`. */
  const timed = (appointmentDate: string | null, appointment: string | null): PrintJob => ({
    ...takeaway,
    order: { ...takeaway.order!, appointmentDate, appointment },
  });
  const timeLines = (r: FakeReceipt) => r.lines.filter((l) => /^(Gewünscht|Bestätigt)/.test(l));

  it('prints an ASAP order confirmed for 12:51 as wished "so bald wie möglich" and confirmed for 12:51', () => {
    // Ordered Friday 20.11. 12:00 in Vienna, confirmed for 11:51 UTC = 12:51.
    for (const variant of ['receipt', 'kitchen'] as const) {
      const [r] = decode(renderJob(timed(null, '2026-11-20T11:51:00.000Z'), settings('epson'), { variant }));
      expect(timeLines(r!)).toEqual(['Gewünscht: so bald wie möglich', 'Bestätigt für: 12:51']);
      expect(r!.bold).toEqual(
        expect.arrayContaining(['Gewünscht: so bald wie möglich', 'Bestätigt für: 12:51']),
      );
    }
  });

  it('prints a scheduled order with the wished day and time and the other time it was confirmed for', () => {
    // Wished Friday 27.11. 18:30, confirmed for 18:45 (17:30 and 17:45 UTC).
    const [r] = decode(
      renderJob(timed('2026-11-27T17:30:00.000Z', '2026-11-27T17:45:00.000Z'), settings('epson')),
    );
    expect(timeLines(r!)).toEqual(['Gewünscht: Fr, 27.11. 18:30', 'Bestätigt für: 18:45']);
    expect(r!.text).toContain('Bestellt:  20.11.2026 12:00');
  });

  it('names the day of a confirmed time on another day, and prints no confirmed time before confirmation', () => {
    const [moved] = decode(
      renderJob(timed('2026-11-27T17:30:00.000Z', '2026-11-28T11:00:00.000Z'), settings('epson')),
    );
    expect(timeLines(moved!)).toEqual(['Gewünscht: Fr, 27.11. 18:30', 'Bestätigt für: Sa, 28.11. 12:00']);
    const [asap] = decode(renderJob(timed(null, null), settings('epson')));
    expect(timeLines(asap!)).toEqual(['Gewünscht: so bald wie möglich']);
    const [wished] = decode(renderJob(timed('2026-11-27T17:30:00.000Z', null), settings('epson')));
    expect(timeLines(wished!)).toEqual(['Gewünscht: Fr, 27.11. 18:30']);
  });

  it('is headed BESTELLBON and carries the print job only as a small "Druckauftrag" line, no second number', () => {
    const number = `Nr. ${takeaway.order!.ticketNumber}`;
    const [r] = decode(renderJob(takeaway, settings('epson')));
    expect(r!.lines).toContain('BESTELLBON');
    expect(r!.small).toEqual([`Druckauftrag ${takeaway.id}`]);
    expect(r!.lines.filter((l) => /\bAuftrag \d/.test(l))).toEqual([]);
    expect(r!.large.filter((l) => /\d/.test(l) && !l.startsWith('SUMME'))).toEqual([number]);
    const [star] = decode(renderJob(takeaway, settings('star')), 'star');
    expect(star!.small).toEqual([`Druckauftrag ${takeaway.id}`]);
    const [kitchen] = decode(renderJob(takeaway, settings('epson'), { variant: 'kitchen' }));
    expect(kitchen!.lines).toContain('KÜCHE');
    expect(kitchen!.lines).not.toContain('BESTELLBON');
    expect(kitchen!.small).toEqual([`Druckauftrag ${takeaway.id}`]);
  });
});

describe('labels (spec section 9, decoded by the fake printer)', () => {
  /** A takeaway order with n items named Artikel 1 … n. */
  const withItems = (n: number): PrintJob => {
    const order = takeaway.order!;
    const item = order.items[0]!;
    return {
      ...takeaway,
      order: {
        ...order,
        items: Array.from({ length: n }, (_, i) => ({
          ...item,
          amount: 1,
          name: `Artikel ${i + 1}`,
          partLabels: i === 0 ? ['Extra Käse'] : [],
        })),
      },
    };
  };

  it('lays compact labels out 4 across and 12 down per sheet, a cut after every sheet', () => {
    const job = withItems(50);
    const sheets = decode(renderJob(job, settings('epson'), { variant: 'labels-compact' }));
    expect(sheets).toHaveLength(2); // 48 + 2
    const ticket = job.order!.ticketNumber;
    const cell = Math.floor((48 - 3) / 4);
    expect(sheets[0]!.lines).toHaveLength(12);
    const cells = (line: string) =>
      Array.from({ length: Math.ceil(line.length / (cell + 1)) }, (_, i) =>
        line.slice(i * (cell + 1), i * (cell + 1) + cell).trim(),
      );
    expect(cells(sheets[0]!.lines[0]!)).toEqual(
      [1, 2, 3, 4].map((n) => `${ticket} 1x Artikel ${n}`.slice(0, cell)),
    );
    expect(sheets[0]!.lines.every((l) => l.length <= 48)).toBe(true);
    expect(sheets[1]!.lines).toEqual([
      `${`${ticket} 1x Artikel 49`.slice(0, cell)} ${`${ticket} 1x Artikel 50`.slice(0, cell)}`,
    ]);
  });

  it('lays detail labels out 2 across and 5 down per sheet with ticket, order type, item, parts or customer', () => {
    const job = withItems(11);
    const sheets = decode(renderJob(job, settings('star'), { variant: 'labels-detail' }), 'star');
    expect(sheets).toHaveLength(2); // 10 + 1
    const ticket = job.order!.ticketNumber;
    // 5 label rows per sheet, each of 4 lines (the item's second line is empty here) and a gap.
    expect(sheets[0]!.lines.filter((l) => l.startsWith('Nr. '))).toHaveLength(5);
    expect(sheets[0]!.lines[3]).toBe(`${'+ Extra Käse'.padEnd(23)} Anna Huber`);
    const [first, second] = [sheets[0]!.lines[0]!, sheets[0]!.lines[1]!];
    expect(first).toBe(`${`Nr. ${ticket} ABHOLUNG`.padEnd(23)} Nr. ${ticket} ABHOLUNG`);
    expect(second.startsWith('1 Stk. Artikel 1')).toBe(true);
    expect(second).toContain('1 Stk. Artikel 2');
    expect(sheets[1]!.lines.filter((l) => l !== '')[1]).toBe('1 Stk. Artikel 11');
  });
});
