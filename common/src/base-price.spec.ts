import { formatMoney } from './money.js';
import { basePrice, basePriceText } from './base-price.js';

const NB = '\u00a0';

describe('basePrice (PAngV Grundpreis)', () => {
  it('derives the price per 1 kg from a pack with a net quantity in grams', () => {
    expect(basePrice({ price: 4.98, unit: 'piece', netQuantity: 200, netQuantityUnit: 'g' })).toEqual({
      cents: 2490,
      basisAmount: 1,
      basisUnit: 'kg',
    });
    expect(basePriceText({ price: 4.98, unit: 'piece', netQuantity: 200, netQuantityUnit: 'g' })).toBe(
      `1${NB}kg = ${formatMoney(2490, 'EUR')}`,
    );
  });

  it('derives the price per 1 l from a bottle of 0,75 l and per 1 m² from a pack of tiles', () => {
    expect(basePriceText({ price: 2.99, unit: 'piece', netQuantity: 0.75, netQuantityUnit: 'l' })).toBe(
      `1${NB}l = ${formatMoney(399, 'EUR')}`,
    );
    expect(basePriceText({ price: 30, unit: 'piece', netQuantity: 2.5, netQuantityUnit: 'm2' })).toBe(
      `1${NB}m² = ${formatMoney(1200, 'EUR')}`,
    );
  });

  it('converts a price per 100 g, dag, dl or cm² product unit to the basis unit', () => {
    expect(basePrice({ price: 2.49, unit: 'dag' })?.cents).toBe(24900);
    expect(basePrice({ price: 0.05, unit: 'g' })).toEqual({ cents: 5000, basisAmount: 1, basisUnit: 'kg' });
    expect(basePrice({ price: 0.4, unit: 'dl' })).toEqual({ cents: 400, basisAmount: 1, basisUnit: 'l' });
    expect(basePrice({ price: 0.12, unit: 'dm2' })).toEqual({ cents: 1200, basisAmount: 1, basisUnit: 'm2' });
  });

  it('rounds once to whole cents, halves away from zero', () => {
    // 1,00 / 0,3 l = 3,3333… → 3,33; 1,00 / 0,6 l = 1,6666… → 1,67; 0,01 / 0,2 kg = 0,05 exactly.
    expect(basePrice({ price: 1, unit: 'piece', netQuantity: 0.3, netQuantityUnit: 'l' })?.cents).toBe(333);
    expect(basePrice({ price: 1, unit: 'piece', netQuantity: 0.6, netQuantityUnit: 'l' })?.cents).toBe(167);
    // 0,01 / 0,4 kg = 0,025 → 0,03 (the half rounds up, not to even)
    expect(basePrice({ price: 0.01, unit: 'piece', netQuantity: 400, netQuantityUnit: 'g' })?.cents).toBe(3);
    // 0,01 / 0,8 kg = 0,0125 → 0,01
    expect(basePrice({ price: 0.01, unit: 'piece', netQuantity: 800, netQuantityUnit: 'g' })?.cents).toBe(1);
  });

  it('stays exact where floats would not (large prices, m³ in mm³)', () => {
    expect(
      basePrice({ price: 999999.99, unit: 'piece', netQuantity: 3, netQuantityUnit: 'cm3' })?.cents,
    ).toBe(33333333000000);
    expect(basePrice({ price: 0.07, unit: 'piece', netQuantity: 0.001, netQuantityUnit: 'kg' })?.cents).toBe(
      7000,
    );
  });

  it('refers small packs to 100 g / 100 ml only when asked (the PAngV of 2022 dropped that option)', () => {
    const pack = { price: 1.49, unit: 'piece' as const, netQuantity: 125, netQuantityUnit: 'g' as const };
    expect(basePrice(pack)).toEqual({ cents: 1192, basisAmount: 1, basisUnit: 'kg' });
    expect(basePrice(pack, { smallPackBasis: true })).toEqual({
      cents: 119,
      basisAmount: 100,
      basisUnit: 'g',
    });
    expect(
      basePriceText({ price: 0.99, unit: 'piece', netQuantity: 250, netQuantityUnit: 'ml' }, 'EUR', {
        smallPackBasis: true,
      }),
    ).toBe(`100${NB}ml = ${formatMoney(40, 'EUR')}`);
    // above 250 g the basis stays 1 kg
    expect(
      basePrice(
        { price: 2.51, unit: 'piece', netQuantity: 251, netQuantityUnit: 'g' },
        { smallPackBasis: true },
      ),
    ).toEqual({ cents: 1000, basisAmount: 1, basisUnit: 'kg' });
  });

  it('gives none for pieces and portions without a net quantity, hidden prices, or a price already per basis', () => {
    expect(basePrice({ price: 9.9, unit: 'piece' })).toBeNull();
    expect(basePrice({ price: 9.9, unit: 'serving' })).toBeNull();
    expect(basePrice({ price: 9.9, unit: 'piece', netQuantity: 2, netQuantityUnit: 'piece' })).toBeNull();
    expect(
      basePrice({ price: 4.98, unit: 'piece', isPriceHidden: true, netQuantity: 200, netQuantityUnit: 'g' }),
    ).toBeNull();
    expect(basePrice({ price: 24.9, unit: 'kg' })).toBeNull();
    expect(basePrice({ price: 12, unit: 'm2' })).toBeNull();
  });
});
