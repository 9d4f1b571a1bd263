import { compareNatural, sortNatural } from './natural-order.js';

describe('natural order', () => {
  describe(compareNatural.name, () => {
    it('orders table numbers by value, then letter prefixes with their numbers by value', () => {
      const shuffled = ['A10', '10', 'A2', '1', '11', 'A1', '2'];
      expect([...shuffled].sort(compareNatural)).toEqual(['1', '2', '10', '11', 'A1', 'A2', 'A10']);
    });

    it('is not the character order "1, 10, 11, 2"', () => {
      expect(['1', '10', '11', '2'].sort(compareNatural).join(', ')).toBe('1, 2, 10, 11');
      expect(compareNatural('2', '10')).toBeLessThan(0);
      expect(compareNatural('10', '2')).toBeGreaterThan(0);
    });

    it('orders names with numbers inside and German letters naturally, case only breaking ties', () => {
      expect(['Terrasse 10', 'terrasse 2', 'Bar 1', 'Über 1', 'Terrasse 1'].sort(compareNatural)).toEqual([
        'Bar 1',
        'Terrasse 1',
        'terrasse 2',
        'Terrasse 10',
        'Über 1',
      ]);
      expect(compareNatural('a1', 'A1')).not.toBe(0);
      expect(Math.sign(compareNatural('a1', 'A1'))).toBe(-Math.sign(compareNatural('A1', 'a1')));
      expect(compareNatural('7', '7')).toBe(0);
    });

    it('puts missing names first', () => {
      expect(['2', null, '1'].sort(compareNatural)).toEqual([null, '1', '2']);
      expect(compareNatural(undefined, '1')).toBeLessThan(0);
      expect(compareNatural(undefined, null)).toBe(0);
    });
  });

  describe(sortNatural.name, () => {
    it('sorts objects by a key into a copy and leaves the input alone', () => {
      const tables = ['10', 'A10', '2', 'A2', '1', 'A1', '11'].map((identifier, id) => ({ id, identifier }));
      const sorted = sortNatural(tables, (t) => t.identifier);
      expect(sorted.map((t) => t.identifier)).toEqual(['1', '2', '10', '11', 'A1', 'A2', 'A10']);
      expect(tables[0]!.identifier).toBe('10');
    });
  });
});
