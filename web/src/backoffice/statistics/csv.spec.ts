import { csvCell, csvText, toCsv } from '../csv';
import { csvMoney, csvNumber, statisticsCsv, statisticsCsvName } from './csv';

const range = { from: '2026-12-01', to: '2026-12-02', branchId: 4, byBranch: true };
const series = (a: number, b: number) => [
  { date: '2026-12-01', value: a },
  { date: '2026-12-02', value: b },
];
const before = { from: '2026-11-29', to: '2026-11-30' };

/** Two days in Linz: figures worked out by hand, the previous period with them. */
const source = {
  shown: { from: '2026-12-01', to: '2026-12-02', branchId: 4 },
  workingTime: [{ userId: 2, name: 'Jürgen Öller', planned: 480, worked: 450, absenceDays: 0 }],
  results: {
    orders: { ...range, total: 3, series: series(2, 1), previous: { ...before, total: 2 } },
    revenue: {
      ...range,
      total: 1288.8,
      orders: 3,
      averageOrderValue: 429.6,
      series: series(1268.9, 19.9),
      previous: { ...before, total: 1145.6, orders: 2, averageOrderValue: 572.8 },
    },
    'canceled-orders': {
      ...range,
      total: 1,
      canceled: 1,
      rejected: 0,
      lostRevenue: 10.8,
      series: series(1, 0),
      previous: { ...before, total: 0, lostRevenue: 0 },
    },
    items: { ...range, total: 6.5, series: series(5.5, 1), previous: { ...before, total: 4 } },
    'unique-visitors': { ...range, total: 3, series: series(2, 1), previous: { ...before, total: 4 } },
    'page-views': { ...range, total: 4, series: series(3, 1), previous: { ...before, total: 4 } },
    'popular-items': {
      ...range,
      items: [
        {
          productId: 1,
          name: 'Wiener Schnitzel; groß',
          unit: 'piece',
          quantity: 4,
          orders: 3,
          revenue: 79.6,
        },
        { productId: 2, name: 'Käse', unit: 'kg', quantity: 1.25, orders: 1, revenue: 0.1 + 0.2 },
      ],
    },
    pages: {
      ...range,
      total: 4,
      pages: [
        { path: '/', views: 3, visitors: 3 },
        { path: '=HYPERLINK("http://böse.example")', views: 1, visitors: 1 },
      ],
    },
  },
} as unknown as Parameters<typeof statisticsCsv>[0];

describe('statistics CSV', () => {
  it('writes German CSV: byte order mark, semicolons, CRLF, quoted cells, formulas as text', () => {
    expect(toCsv([['a', 'b'], ['c']])).toBe('\ufeffa;b\r\nc\r\n');
    expect(csvCell('Huber; "Söhne"')).toBe('"Huber; ""Söhne"""');
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('-Rabatt')).toBe("'-Rabatt");
    expect(csvText('Schnitzel')).toBe('Schnitzel');
  });

  it('writes money exactly with a decimal comma and no grouping, amounts without float noise', () => {
    expect(csvMoney(1234.5)).toBe('1234,50');
    expect(csvMoney(0.1 + 0.2)).toBe('0,30');
    expect(csvMoney(-4.6)).toBe('-4,60');
    expect(csvMoney(0)).toBe('0,00');
    expect(csvNumber(12345)).toBe('12345');
    expect(csvNumber(0.1 + 0.2)).toBe('0,3');
  });

  it('holds the range, the key figures with the previous period, every day, best sellers, pages and working time', () => {
    const csv = statisticsCsv(source, 'Gasthaus Zur Linde, Linz');
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Statistik',
      'Zeitraum;01.12.2026;02.12.2026',
      'Vorperiode;29.11.2026;30.11.2026',
      'Filiale;Gasthaus Zur Linde, Linz',
      '',
      'Kennzahlen',
      'Kennzahl;Wert;Vorperiode;Veränderung (%)',
      'Bestellungen;3;2;50,0',
      // 1288,80 against 1145,60: +12,5 %.
      'Umsatz brutto (EUR);1288,80;1145,60;12,5',
      // 429,60 against 572,80: −25 %.
      'Durchschnittlicher Bestellwert (EUR);429,60;572,80;-25,0',
      // Nothing before: no percentage.
      'Stornierungen;1;0;',
      'Besucher (ganzer Shop);3;4;-25,0',
      '',
      'Pro Tag',
      'Datum;Bestellungen;Umsatz brutto (EUR);Artikel;Stornierungen;Besucher;Seitenaufrufe',
      '01.12.2026;2;1268,90;5,5;1;2;3',
      '02.12.2026;1;19,90;1;0;1;1',
      'Summe;3;1288,80;6,5;1;3;4',
      '',
      'Beliebte Produkte',
      'Produkt;Menge;Einheit;Bestellungen;Umsatz brutto (EUR)',
      '"Wiener Schnitzel; groß";4;Stk.;3;79,60',
      'Käse;1,25;kg;1;0,30',
      '',
      'Seiten (ganzer Shop)',
      'Seite;Aufrufe;Besucher',
      '/;3;3',
      `"'=HYPERLINK(""http://böse.example"")";1;1`,
      '',
      'Arbeitszeit',
      'Person;Geplant (Min.);Gearbeitet (Min.);Differenz (Min.)',
      'Jürgen Öller;480;450;-30',
      '',
    ]);
    expect(statisticsCsvName(source.shown!)).toBe('statistik-2026-12-01-bis-2026-12-02.csv');
  });

  it('writes the encoding Excel needs: UTF-8 bytes after the byte order mark EF BB BF', () => {
    const bytes = new TextEncoder().encode(statisticsCsv(source, null));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Filiale;Alle Filialen');
  });
});
