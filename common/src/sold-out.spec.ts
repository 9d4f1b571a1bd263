import type { ConfigurablePart } from './contract/catalog.js';
import {
  activeSoldOut,
  isOptionSoldOut,
  isProductSoldOut,
  publicSoldOut,
  soldOutCounts,
  soldOutIssues,
} from './sold-out.js';

const now = new Date('2026-11-26T12:00:00Z');
const later = '2026-11-26T17:00:00.000Z';
const earlier = '2026-11-26T11:00:00.000Z';
const sides: ConfigurablePart = {
  name: 'Beilage',
  type: 'select',
  optional: false,
  options: [
    { name: 'Pommes', modifier: 'add', value: 0 },
    { name: 'Reis', modifier: 'add', value: 0 },
  ],
};
const sauces: ConfigurablePart = { ...sides, name: 'Soßen', type: 'multiselect', optional: true };
const product = { id: 7, name: 'Schnitzel', config: { parts: [sides, sauces] } };
const mark = (part: number | null, option: string | null, until: string | null = null) => ({
  product: { id: 7 },
  part,
  option,
  until,
});

describe('sold out', () => {
  it('counts a mark until its end, one without an end always', () => {
    expect(soldOutCounts({ until: null }, now)).toBe(true);
    expect(soldOutCounts({ until: later }, now)).toBe(true);
    expect(soldOutCounts({ until: earlier }, now)).toBe(false);
    expect(activeSoldOut([{ until: earlier }, { until: later }], now)).toEqual([{ until: later }]);
  });

  it('tells a sold-out product from a sold-out option', () => {
    const entries = [mark(0, 'Pommes')];
    expect(isProductSoldOut(entries, 7, now)).toBe(false);
    expect(isOptionSoldOut(entries, 7, 0, 'Pommes', now)).toBe(true);
    expect(isOptionSoldOut(entries, 7, 0, 'Reis', now)).toBe(false);
    expect(isProductSoldOut([mark(null, null, later)], 7, now)).toBe(true);
    expect(isProductSoldOut([mark(null, null, earlier)], 7, now)).toBe(false);
  });

  it('refuses the whole line at the item, a chosen sold-out option at its part', () => {
    expect(soldOutIssues([mark(null, null)], { product, parts: [0] }, 'items[1]', now)).toEqual([
      {
        message: '"Schnitzel" ist leider ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.',
        field: 'items[1]',
        code: 'sold_out',
      },
    ]);
    const entries = [mark(0, 'Pommes'), mark(1, 'Reis')];
    expect(soldOutIssues(entries, { product, parts: [1, []] }, 'items[0]', now)).toEqual([]);
    expect(soldOutIssues(entries, { product, parts: [0, [0, 1]] }, '', now)).toEqual([
      {
        message: '"Pommes" ist für "Schnitzel" leider ausverkauft. Bitte wählen Sie etwas anderes.',
        field: 'parts[0]',
        code: 'sold_out',
      },
      {
        message: '"Reis" ist für "Schnitzel" leider ausverkauft. Bitte wählen Sie etwas anderes.',
        field: 'parts[1]',
        code: 'sold_out',
      },
    ]);
    expect(soldOutIssues(entries, { product: { id: 7, name: 'X' }, parts: [] }, '', now)).toEqual([]);
  });
});

describe('publicSoldOut', () => {
  it('leaves out who marked it', () => {
    const entry = {
      id: 'a',
      product: { id: 1, name: 'Suppe' },
      part: null,
      partName: null,
      option: null,
      until: null,
      markedAt: '2026-11-26T10:00:00.000Z',
      markedBy: { id: 3, name: 'mitarbeiter' },
    };
    const { markedBy: _m, ...rest } = entry;
    expect(publicSoldOut({ branchId: 2, entries: [entry] })).toEqual({ branchId: 2, entries: [rest] });
  });
});
