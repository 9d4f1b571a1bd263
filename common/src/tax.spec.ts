import fc from 'fast-check';
import { netFromGross, orderTypeFlags, orderTypeOf, rateKey, splitGross, taxRateFor } from './tax.js';

const product = { tax: 10, takeawayTax: 20, dineInTax: 13 };

describe('tax', () => {
  describe(taxRateFor.name, () => {
    it('uses tax for delivery, takeawayTax for takeaway and dineInTax for dine-in', () => {
      expect(taxRateFor(product, 'delivery')).toBe(10);
      expect(taxRateFor(product, 'takeaway')).toBe(20);
      expect(taxRateFor(product, 'dineIn')).toBe(13);
    });
  });

  describe(orderTypeOf.name, () => {
    it('derives the order type from the flags when delivery, dine-in or neither is set', () => {
      expect(orderTypeOf({ isDelivery: true, isDineIn: false })).toBe('delivery');
      expect(orderTypeOf({ isDelivery: false, isDineIn: true })).toBe('dineIn');
      expect(orderTypeOf({})).toBe('takeaway');
    });
  });

  describe(orderTypeFlags.name, () => {
    it('gives the flags of an order type when switching modes', () => {
      expect(orderTypeFlags('delivery')).toEqual({ isDelivery: true, isDineIn: false });
      expect(orderTypeFlags('dineIn')).toEqual({ isDelivery: false, isDineIn: true });
      expect(orderTypeFlags('takeaway')).toEqual({ isDelivery: false, isDineIn: false });
    });
  });

  describe(netFromGross.name, () => {
    it('divides gross by 1 + rate/100 when the result is exact', () => {
      expect(netFromGross(1100, 10)).toBe(1000);
      expect(netFromGross(1200, 20)).toBe(1000);
    });

    it('rounds to cents half away from zero when the quotient has more decimals', () => {
      // 10,00 / 1.2 = 8.3333 → 8,33 ; 0,03 / 1.2 = 0.025 → 0,03 (the half goes away from zero)
      expect(netFromGross(1000, 20)).toBe(833);
      expect(netFromGross(3, 20)).toBe(3);
      expect(netFromGross(-3, 20)).toBe(-3);
    });

    it('stays exact when the rate has decimals like 5.5 %', () => {
      expect(netFromGross(1055, 5.5)).toBe(1000);
    });

    it('throws when the rate is negative', () => {
      expect(() => netFromGross(100, -1)).toThrow(RangeError);
    });
  });

  describe(splitGross.name, () => {
    it('makes net and tax add up to gross for any amount and rate', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1e10 }),
          fc.constantFrom(0, 5.5, 7, 10, 13, 19, 20),
          (gross, rate) => {
            const split = splitGross(gross, rate);
            expect(split.net + split.tax).toBe(gross);
            expect(Math.abs(split.net - gross / (1 + rate / 100))).toBeLessThanOrEqual(0.5);
          },
        ),
      );
    });
  });

  describe(rateKey.name, () => {
    it('prints the percent as a plain number key when integral or decimal', () => {
      expect(rateKey(10)).toBe('10');
      expect(rateKey(5.5)).toBe('5.5');
    });
  });
});
