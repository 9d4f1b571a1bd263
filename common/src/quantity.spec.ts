import fc from 'fast-check';
import { makeProduct } from './testing/fixtures.js';
import {
  amountFromInput,
  availableUnits,
  calculationModelFor,
  canDecrease,
  canIncrease,
  cartCount,
  convertAmountForUnitChange,
  decreaseAmount,
  increaseAmount,
  parseAmount,
  quantityRules,
  snapAmount,
  startingQuantity,
  unitRatio,
  type QuantityRules,
} from './quantity.js';

/** Screed sold per m², also by the pallet of 12.5 m². */
const screed = makeProduct({
  unit: 'm2',
  minimumQuantity: 5,
  quantityStepSize: 0.5,
  maximumQuantity: 200,
  alternativeUnits: [
    {
      unit: 'piece',
      ratio: 12.5,
      calculationModel: 'approximate',
      minimumQuantity: 1,
      quantityStepSize: 1,
      maximumQuantity: 10,
    },
  ],
});

describe('quantity', () => {
  describe(quantityRules.name, () => {
    it('uses the product fields for its own unit', () => {
      expect(quantityRules(screed)).toEqual({ min: 5, step: 0.5, max: 200 });
    });

    it('uses the alternative unit fields when ordering in it', () => {
      expect(quantityRules(screed, 'piece')).toEqual({ min: 1, step: 1, max: 10 });
    });

    it('defaults the step to 1, the minimum to the step and the maximum to none when unset', () => {
      expect(quantityRules(makeProduct())).toEqual({ min: 1, step: 1, max: null });
      expect(quantityRules(makeProduct({ quantityStepSize: 0.25 }))).toEqual({
        min: 0.25,
        step: 0.25,
        max: null,
      });
    });

    it('converts the product rules when ordering in another unit of the same type', () => {
      const cheese = makeProduct({
        unit: 'kg',
        minimumQuantity: 0.1,
        quantityStepSize: 0.05,
        maximumQuantity: 2,
      });
      expect(quantityRules(cheese, 'g')).toEqual({ min: 100, step: 50, max: 2000 });
    });

    it('raises a maximum below the minimum to the minimum', () => {
      expect(quantityRules(makeProduct({ minimumQuantity: 5, maximumQuantity: 2 })).max).toBe(5);
    });
  });

  describe(snapAmount.name, () => {
    const rules: QuantityRules = { min: 5, step: 0.5, max: 200 };

    it('gives the minimum when at or below it', () => {
      expect(snapAmount(5, rules)).toBe(5);
      expect(snapAmount(0, rules)).toBe(5);
      expect(snapAmount(-3, rules)).toBe(5);
      expect(snapAmount(Number.NaN, rules)).toBe(5);
    });

    it('gives the maximum when at or above it', () => {
      expect(snapAmount(200, rules)).toBe(200);
      expect(snapAmount(1000, rules)).toBe(200);
    });

    it('gives the nearest step counted from the minimum when in between', () => {
      expect(snapAmount(7.2, rules)).toBe(7);
      expect(snapAmount(7.3, rules)).toBe(7.5);
      expect(snapAmount(7.25, rules)).toBe(7.5);
      expect(snapAmount(5.1, { min: 0.3, step: 0.5, max: null })).toBe(5.3);
    });

    it('caps at the maximum when the nearest step lies above it', () => {
      expect(snapAmount(4.9, { min: 1, step: 2, max: 5.5 })).toBe(5);
      expect(snapAmount(5.4, { min: 1, step: 2, max: 5.5 })).toBe(5.5);
    });

    it('stays within bounds, on a step and unchanged by a second snap for any input', () => {
      const arbitraryRules = fc
        .record({
          min: fc.constantFrom(0.1, 0.25, 0.5, 1, 2, 5, 12.5),
          step: fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10),
          span: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
        })
        .map(({ min, step, span }) => ({ min, step, max: span === null ? null : min + span * step * 0.7 }));
      fc.assert(
        fc.property(arbitraryRules, fc.double({ min: -100, max: 5000, noNaN: true }), (rules, amount) => {
          const snapped = snapAmount(amount, rules);
          expect(snapped).toBeGreaterThanOrEqual(rules.min);
          if (rules.max !== null) expect(snapped).toBeLessThanOrEqual(rules.max);
          const stepsFromMin = (snapped - rules.min) / rules.step;
          const onStep = Math.abs(stepsFromMin - Math.round(stepsFromMin)) < 1e-6;
          expect(onStep || snapped === rules.max).toBe(true);
          expect(snapAmount(snapped, rules)).toBe(snapped);
        }),
      );
    });
  });

  describe(parseAmount.name, () => {
    it('accepts a comma as decimal separator', () => {
      expect(parseAmount('1,5')).toBe(1.5);
      expect(parseAmount(' 2.25 ')).toBe(2.25);
    });

    it('gives 0 when the input is not numeric', () => {
      expect(parseAmount('abc')).toBe(0);
      expect(parseAmount('')).toBe(0);
      expect(parseAmount(null)).toBe(0);
      expect(parseAmount(undefined)).toBe(0);
      expect(parseAmount('1,5kg')).toBe(0);
      expect(parseAmount(Number.POSITIVE_INFINITY)).toBe(0);
    });

    it('passes finite numbers through', () => {
      expect(parseAmount(3)).toBe(3);
    });
  });

  describe(amountFromInput.name, () => {
    it('parses and snaps when the customer types', () => {
      expect(amountFromInput(screed, 'm2', '7,3')).toBe(7.5);
      expect(amountFromInput(screed, 'm2', 'viel')).toBe(5);
    });
  });

  describe(unitRatio.name, () => {
    it('is 1 for the product unit, the ratio for an alternative unit and the factor quotient for a unit of the same type', () => {
      expect(unitRatio(screed, 'm2')).toBe(1);
      expect(unitRatio(screed, 'piece')).toBe(12.5);
      expect(unitRatio(screed, 'cm2')).toBe(0.0001);
    });

    it('throws when the product cannot be ordered in the unit', () => {
      expect(() => unitRatio(screed, 'kg')).toThrow(RangeError);
    });
  });

  describe(availableUnits.name, () => {
    it('lists the product unit first, then the alternative units', () => {
      expect(availableUnits(screed)).toEqual(['m2', 'piece']);
    });
  });

  describe(calculationModelFor.name, () => {
    it('uses the alternative unit model when ordering in it', () => {
      expect(calculationModelFor(screed, 'piece')).toBe('approximate');
      expect(calculationModelFor(screed, 'm2')).toBe('fixed');
    });
  });

  describe(convertAmountForUnitChange.name, () => {
    it('converts through the ratios and re-snaps when the unit changes', () => {
      // 25 m² = 2 pallets of 12.5 m²
      expect(convertAmountForUnitChange(screed, 25, 'm2', 'piece')).toBe(2);
      // 30 m² = 2.4 pallets → nearest step 2
      expect(convertAmountForUnitChange(screed, 30, 'm2', 'piece')).toBe(2);
      // 3 pallets = 37.5 m²
      expect(convertAmountForUnitChange(screed, 3, 'piece', 'm2')).toBe(37.5);
    });
  });

  describe(canDecrease.name, () => {
    it('is false at the minimum and true above it', () => {
      expect(canDecrease(5, { min: 5, step: 1, max: null })).toBe(false);
      expect(canDecrease(6, { min: 5, step: 1, max: null })).toBe(true);
    });
  });

  describe(canIncrease.name, () => {
    it('is false at the maximum and true below it or without one', () => {
      expect(canIncrease(10, { min: 1, step: 1, max: 10 })).toBe(false);
      expect(canIncrease(9, { min: 1, step: 1, max: 10 })).toBe(true);
      expect(canIncrease(1e6, { min: 1, step: 1, max: null })).toBe(true);
    });
  });

  describe(increaseAmount.name, () => {
    it('adds one step and stops at the maximum', () => {
      expect(increaseAmount(5, { min: 5, step: 0.5, max: 6 })).toBe(5.5);
      expect(increaseAmount(5.8, { min: 5, step: 0.5, max: 6 })).toBe(6);
      expect(increaseAmount(0.1, { min: 0.1, step: 0.2, max: null })).toBe(0.3);
    });
  });

  describe(decreaseAmount.name, () => {
    it('subtracts one step and stops at the minimum', () => {
      expect(decreaseAmount(6, { min: 5, step: 0.5, max: null })).toBe(5.5);
      expect(decreaseAmount(5, { min: 5, step: 0.5, max: null })).toBe(5);
    });
  });

  describe(startingQuantity.name, () => {
    it('starts at the minimum quantity in the product unit when no default is set', () => {
      expect(startingQuantity(screed)).toEqual({ amount: 5, unit: 'm2' });
    });

    it('starts at the default quantity and unit when set', () => {
      expect(startingQuantity({ ...screed, defaultQuantity: 2, defaultUnit: 'piece' })).toEqual({
        amount: 2,
        unit: 'piece',
      });
    });

    it('uses the product unit when the default unit is not offered', () => {
      expect(startingQuantity({ ...screed, defaultQuantity: 12, defaultUnit: 'kg' })).toEqual({
        amount: 12,
        unit: 'm2',
      });
    });
  });

  describe(cartCount.name, () => {
    it('counts piece, pair and person items by amount and everything else as 1', () => {
      expect(
        cartCount([
          { amount: 3, unit: 'piece' },
          { amount: 2, unit: 'pair' },
          { amount: 4, unit: 'person' },
          { amount: 2.5, unit: 'kg' },
          { amount: 2, unit: 'serving' },
        ]),
      ).toBe(11);
    });

    it('is 0 when the cart is empty', () => {
      expect(cartCount([])).toBe(0);
    });
  });
});
