import fc from 'fast-check';
import {
  currencySymbol,
  divideRounded,
  formatDecimal,
  formatMoney,
  fromCents,
  multiplyCents,
  NBSP,
  parseMoney,
  roundHalfAwayFromZero,
  sumCents,
  toCents,
} from './money.js';

describe('money', () => {
  describe(roundHalfAwayFromZero.name, () => {
    it('rounds halves away from zero when positive or negative', () => {
      expect(roundHalfAwayFromZero(2.5)).toBe(3);
      expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
      expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    });

    it('treats binary noise as the half it means when the float is 1.005 * 100', () => {
      expect(roundHalfAwayFromZero(1.005 * 100)).toBe(101);
    });

    it('returns 0 rather than -0 when a small negative rounds to zero', () => {
      expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
    });
  });

  describe(divideRounded.name, () => {
    it('rounds the exact quotient half away from zero when dividing integers', () => {
      expect(divideRounded(5, 2)).toBe(3);
      expect(divideRounded(-5, 2)).toBe(-3);
      expect(divideRounded(7, 3)).toBe(2);
      expect(divideRounded(0, 3)).toBe(0);
    });

    it('throws when the denominator is not positive or an operand is not an integer', () => {
      expect(() => divideRounded(1, 0)).toThrow(RangeError);
      expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
    });
  });

  describe(toCents.name, () => {
    it('converts major units to cents when JSON carries 12.9', () => {
      expect(toCents(12.9)).toBe(1290);
      expect(toCents(0.07)).toBe(7);
      expect(toCents(1.005)).toBe(101);
    });

    it('throws when the amount is not finite', () => {
      expect(() => toCents(Number.NaN)).toThrow(RangeError);
    });
  });

  describe(fromCents.name, () => {
    it('gives major units for JSON when given cents', () => {
      expect(fromCents(1290)).toBe(12.9);
    });
  });

  describe(sumCents.name, () => {
    it('sums exactly where binary floats would drift when adding 0.1 + 0.2', () => {
      expect(fromCents(sumCents([toCents(0.1), toCents(0.2)]))).toBe(0.3);
    });
  });

  describe(multiplyCents.name, () => {
    it('rounds the product to whole cents when the factor is a decimal amount', () => {
      expect(multiplyCents(1290, 0.3)).toBe(387);
      expect(multiplyCents(125, 0.5)).toBe(63);
    });
  });

  describe(formatMoney.name, () => {
    it('prints the spec example 1.234,56 € with a non-breaking space when using defaults', () => {
      expect(formatMoney(123456)).toBe(`1.234,56${NBSP}€`);
      expect(formatMoney(123456)).toBe('1.234,56\u00a0€');
    });

    it('uses the given separator and currency when asked for plain text', () => {
      expect(formatMoney(123456, 'CHF', { separator: ' ' })).toBe('1.234,56 CHF');
      expect(formatMoney(1250, 'EUR', { separator: ' ' })).toBe('12,50 €');
    });

    it('prints the euro sign for EUR and keeps unknown codes as they are', () => {
      expect(formatMoney(1250, 'EUR')).toBe(`12,50${NBSP}€`);
      expect(formatMoney(1250, 'eur')).toBe(`12,50${NBSP}€`);
      expect(formatMoney(1250, 'XYZ')).toBe(`12,50${NBSP}XYZ`);
      expect(currencySymbol('EUR')).toBe('€');
      expect(currencySymbol('CHF')).toBe('CHF');
    });

    it('prints the ISO code when an export asks for it', () => {
      expect(formatMoney(1250, 'EUR', { unit: 'code', separator: ' ' })).toBe('12,50 EUR');
    });

    it('always prints two decimals and groups millions when formatting', () => {
      expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
      expect(formatMoney(7)).toBe(`0,07${NBSP}€`);
      expect(formatMoney(123456789)).toBe(`1.234.567,89${NBSP}€`);
    });

    it('matches the German Intl currency format when both print the same amount', () => {
      const intl = new Intl.NumberFormat('de-DE', {
        style: 'currency',
        currency: 'EUR',
        currencyDisplay: 'symbol',
      });
      fc.assert(
        fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
          expect(formatMoney(cents).replace(NBSP, ' ')).toBe(intl.format(cents / 100).replace(/\s/g, ' '));
        }),
      );
    });
  });

  describe(formatDecimal.name, () => {
    it('prints a minus sign when negative', () => {
      expect(formatDecimal(-5)).toBe('-0,05');
      expect(formatDecimal(-123456)).toBe('-1.234,56');
    });
  });

  describe(parseMoney.name, () => {
    it('reads German and plain inputs when typed by staff', () => {
      expect(parseMoney('12,90')).toBe(1290);
      expect(parseMoney('1.234,56 €')).toBe(123456);
      expect(parseMoney('12.9')).toBe(1290);
      expect(parseMoney('1.234')).toBe(123400);
    });

    it('returns null when the input is empty or not a number', () => {
      expect(parseMoney('')).toBeNull();
      expect(parseMoney('abc')).toBeNull();
    });
  });
});
