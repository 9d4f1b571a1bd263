import { UNIT_CODES } from './contract/catalog.js';
import {
  areConvertible,
  cleanDecimal,
  convertUnit,
  isUnitCode,
  UNITS,
  unitLabel,
  unitType,
} from './units.js';

describe('units', () => {
  describe('UNITS', () => {
    it('defines every unit code with a positive factor', () => {
      for (const code of UNIT_CODES) expect(UNITS[code].factor).toBeGreaterThan(0);
    });

    it('has the factors of spec section 9 when read per type', () => {
      expect([UNITS.g.factor, UNITS.dag.factor, UNITS.kg.factor]).toEqual([1, 10, 1000]);
      expect([UNITS.ml.factor, UNITS.cl.factor, UNITS.dl.factor, UNITS.l.factor]).toEqual([1, 10, 100, 1000]);
      expect([UNITS.mm.factor, UNITS.cm.factor, UNITS.dm.factor, UNITS.m.factor, UNITS.km.factor]).toEqual([
        1, 10, 100, 1000, 1e6,
      ]);
      expect([UNITS.cm2.factor, UNITS.dm2.factor, UNITS.m2.factor]).toEqual([100, 1e4, 1e6]);
      expect([UNITS.cm3.factor, UNITS.dm3.factor, UNITS.m3.factor]).toEqual([1e3, 1e6, 1e9]);
    });
  });

  describe(convertUnit.name, () => {
    it('converts within a type when both units are weights, volumes, lengths, areas or volumes', () => {
      expect(convertUnit(1.5, 'kg', 'g')).toBe(1500);
      expect(convertUnit(25, 'dag', 'kg')).toBe(0.25);
      expect(convertUnit(3, 'dl', 'l')).toBe(0.3);
      expect(convertUnit(1, 'km', 'cm')).toBe(100000);
      expect(convertUnit(1, 'm2', 'cm2')).toBe(10000);
      expect(convertUnit(1, 'm3', 'dm3')).toBe(1000);
    });

    it('throws when the units have different types', () => {
      expect(() => convertUnit(1, 'kg', 'l')).toThrow(RangeError);
      expect(() => convertUnit(1, 'piece', 'pair')).toThrow(RangeError);
    });
  });

  describe(areConvertible.name, () => {
    it('is true only within a type', () => {
      expect(areConvertible('g', 'kg')).toBe(true);
      expect(areConvertible('serving', 'person')).toBe(false);
    });
  });

  describe(isUnitCode.name, () => {
    it('accepts known codes and rejects others', () => {
      expect(isUnitCode('m2')).toBe(true);
      expect(isUnitCode('furlong')).toBe(false);
      expect(isUnitCode(3)).toBe(false);
    });
  });

  describe(unitType.name, () => {
    it('gives amount for piece and square for m2', () => {
      expect(unitType('piece')).toBe('amount');
      expect(unitType('m2')).toBe('square');
    });
  });

  describe(unitLabel.name, () => {
    it('gives short German labels', () => {
      expect(unitLabel('piece')).toBe('Stk.');
      expect(unitLabel('m2')).toBe('m²');
    });

    it('gives English labels for the kiosk where they differ, the symbol otherwise', () => {
      expect(unitLabel('piece', 'en')).toBe('pc.');
      expect(unitLabel('serving', 'en')).toBe('serving');
      expect(unitLabel('kg', 'en')).toBe('kg');
    });
  });

  describe(cleanDecimal.name, () => {
    it('removes binary noise when adding 0.1 and 0.2', () => {
      expect(cleanDecimal(0.1 + 0.2)).toBe(0.3);
      expect(Object.is(cleanDecimal(-1e-12), 0)).toBe(true);
    });
  });
});
