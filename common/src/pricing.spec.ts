import fc from 'fast-check';
import type { ConfigurablePart } from './contract/catalog.js';
import type { PartValue } from './contract/order.js';
import {
  applyModifiers,
  calculationModelLabel,
  chosenIndices,
  checkMinimumOrder,
  deliveryPricing,
  freeDeliveryMissing,
  isDeliveryFree,
  lowestBasePrice,
  priceCart,
  priceLine,
  selectedOptions,
  toPricingResult,
  totalsDisplay,
  unitPrice,
  type PricedDeliveryArea,
} from './pricing.js';
import { isPartValueValid } from './cart.js';
import { makeProduct } from './testing/fixtures.js';

const toppings: ConfigurablePart = {
  name: 'Extras',
  type: 'multiselect',
  optional: true,
  options: [
    { name: 'Extra Käse', modifier: 'add', value: 1.5 },
    { name: 'Ohne Salami', modifier: 'subtract', value: 0.5 },
    { name: 'Familienpizza', modifier: 'overwrite', value: 18 },
  ],
};
const size: ConfigurablePart = {
  name: 'Größe',
  type: 'select',
  optional: false,
  options: [
    { name: 'Normal', modifier: 'add', value: 0 },
    { name: 'Groß', modifier: 'overwrite', value: 14 },
  ],
};
const pizza = makeProduct({ type: 'configurable', price: 9.9, config: { parts: [size, toppings] } });
const screed = makeProduct({
  price: 24.9,
  unit: 'm2',
  alternativeUnits: [{ unit: 'piece', ratio: 12.5, calculationModel: 'approximate' }],
});
const area: PricedDeliveryArea = {
  price: 3.5,
  tax: 20,
  free: false,
  freeFromOrderValue: 30,
  minimumOrderValue: 15,
};

describe('pricing', () => {
  describe(selectedOptions.name, () => {
    it('collects the chosen select and multiselect options and ignores indices out of range', () => {
      expect(selectedOptions(pizza, [1, [0, 7]]).map((option) => option.name)).toEqual([
        'Groß',
        'Extra Käse',
      ]);
      expect(selectedOptions(pizza, [null, 'x'])).toEqual([]);
      expect(selectedOptions(makeProduct(), [0])).toEqual([]);
    });
  });

  describe(applyModifiers.name, () => {
    it('adds and subtracts option values when modifiers are add and subtract', () => {
      expect(applyModifiers(990, toppings.options.slice(0, 2))).toBe(1090);
    });

    it('replaces the base with the overwrite first and applies adds after it whatever the order', () => {
      expect(applyModifiers(990, [toppings.options[0], toppings.options[2]])).toBe(1950);
    });

    it('never goes below zero when subtracting more than the price', () => {
      expect(applyModifiers(30, [toppings.options[1]])).toBe(0);
    });
  });

  describe(unitPrice.name, () => {
    it('is the base price for the product unit', () => {
      expect(unitPrice(pizza, 'piece', [0, []])).toBe(990);
    });

    it('applies part modifiers when options are chosen', () => {
      expect(unitPrice(pizza, 'piece', [1, [0]] satisfies PartValue[])).toBe(1550);
    });

    it('is the base price times the ratio when ordering in an alternative unit', () => {
      expect(unitPrice(screed, 'piece')).toBe(31125);
    });
  });

  describe(priceLine.name, () => {
    it('multiplies the unit price by the amount and takes the rate of the order type', () => {
      const line = priceLine(
        { product: makeProduct({ price: 12.9, takeawayTax: 10, tax: 20 }), amount: 3, unit: 'piece' },
        'takeaway',
      );
      expect(line).toMatchObject({
        unitPrice: 1290,
        gross: 3870,
        rate: 10,
        calculationModel: 'fixed',
        isPriceHidden: false,
      });
      expect(line.split).toEqual({ net: 3518, tax: 352, gross: 3870 });
    });

    it('rounds once per line when the amount is a decimal', () => {
      expect(priceLine({ product: screed, amount: 7.5, unit: 'm2' }, 'delivery').gross).toBe(18675);
    });
  });

  describe(isDeliveryFree.name, () => {
    it('is free when the area is flagged free', () => {
      expect(isDeliveryFree({ ...area, free: true }, 0)).toBe(true);
    });

    it('is free when the items reach freeFromOrderValue ("Kostenlose Lieferung ab")', () => {
      expect(isDeliveryFree(area, 2999)).toBe(false);
      expect(isDeliveryFree(area, 3000)).toBe(true);
    });

    it('is never free by threshold when the threshold is unset or zero', () => {
      expect(isDeliveryFree({ ...area, freeFromOrderValue: null }, 1e6)).toBe(false);
      expect(isDeliveryFree({ ...area, freeFromOrderValue: 0 }, 1e6)).toBe(false);
    });
  });

  describe(deliveryPricing.name, () => {
    it('extracts the tax at the area rate when delivery is charged', () => {
      expect(deliveryPricing(area, 1000)).toEqual({ net: 292, tax: 58, gross: 350, rate: 20, isFree: false });
    });

    it('is all zero when free', () => {
      expect(deliveryPricing(area, 5000)).toEqual({ net: 0, tax: 0, gross: 0, rate: 20, isFree: true });
    });
  });

  describe(freeDeliveryMissing.name, () => {
    it('gives the difference to the threshold when below it', () => {
      expect(freeDeliveryMissing(area, 2000)).toBe(1000);
    });

    it('is null when reached, free or without threshold', () => {
      expect(freeDeliveryMissing(area, 3000)).toBeNull();
      expect(freeDeliveryMissing({ ...area, free: true }, 0)).toBeNull();
      expect(freeDeliveryMissing({ ...area, freeFromOrderValue: null }, 0)).toBeNull();
    });
  });

  describe(checkMinimumOrder.name, () => {
    it('returns the missing difference when the items are below the minimum', () => {
      expect(checkMinimumOrder(area, 1210)).toEqual({ isReached: false, minimum: 1500, missing: 290 });
    });

    it('is reached at the minimum and when no area or minimum is set', () => {
      expect(checkMinimumOrder(area, 1500).isReached).toBe(true);
      expect(checkMinimumOrder(null, 0)).toEqual({ isReached: true, minimum: 0, missing: 0 });
      expect(checkMinimumOrder({ ...area, minimumOrderValue: null }, 0).isReached).toBe(true);
    });
  });

  describe(priceCart.name, () => {
    const beer = makeProduct({ id: 2, price: 4.2, tax: 20, takeawayTax: 20, dineInTax: 20 });

    it('totals items per rate and adds the delivery fee for delivery orders', () => {
      const totals = priceCart({
        items: [
          { product: makeProduct({ price: 9.9 }), amount: 1, unit: 'piece' },
          { product: beer, amount: 2, unit: 'piece' },
        ],
        orderType: 'delivery',
        deliveryArea: area,
      });
      expect(totals.items).toEqual({ net: 1600, tax: 230, gross: 1830 });
      expect(totals.itemTaxes).toEqual({ '10': 90, '20': 140 });
      expect(totals.delivery).toMatchObject({ gross: 350, net: 292, tax: 58 });
      expect(totals.total).toEqual({ net: 1892, tax: 288, gross: 2180 });
      expect(totals.taxes).toEqual({ '10': 90, '20': 198 });
    });

    it('charges no delivery when the order is takeaway even with an area', () => {
      const totals = priceCart({
        items: [{ product: beer, amount: 1, unit: 'piece' }],
        orderType: 'takeaway',
        deliveryArea: area,
      });
      expect(totals.delivery.gross).toBe(0);
      expect(totals.total.gross).toBe(420);
    });

    it('gives zero totals when the cart is empty', () => {
      const totals = priceCart({ items: [], orderType: 'dineIn' });
      expect(totals.total).toEqual({ net: 0, tax: 0, gross: 0 });
      expect(totals.taxes).toEqual({});
    });

    it('keeps net + per-rate taxes equal to gross and within one cent per line of the exact net for any cart', () => {
      const line = fc.record({
        price: fc.integer({ min: 0, max: 100000 }).map((cents) => cents / 100),
        rate: fc.constantFrom(0, 5.5, 10, 13, 20),
        amount: fc.constantFrom(0.25, 0.5, 1, 1.5, 2, 3, 7.75, 12),
      });
      fc.assert(
        fc.property(
          fc.array(line, { maxLength: 12 }),
          fc.constantFrom('delivery', 'takeaway', 'dineIn') as fc.Arbitrary<
            'delivery' | 'takeaway' | 'dineIn'
          >,
          fc.boolean(),
          (lines, orderType, free) => {
            const totals = priceCart({
              items: lines.map((entry, index) => ({
                product: makeProduct({
                  id: index,
                  price: entry.price,
                  tax: entry.rate,
                  takeawayTax: entry.rate,
                  dineInTax: entry.rate,
                }),
                amount: entry.amount,
                unit: 'piece',
              })),
              orderType,
              deliveryArea: { ...area, free },
            });
            const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
            expect(totals.items.net + sum(totals.itemTaxes)).toBe(totals.items.gross);
            expect(totals.total.net + sum(totals.taxes)).toBe(totals.total.gross);
            expect(totals.delivery.net + totals.delivery.tax).toBe(totals.delivery.gross);
            expect(totals.total.gross).toBe(totals.items.gross + totals.delivery.gross);
            for (const [index, entry] of lines.entries()) {
              const exact = Math.round(entry.price * 100) * entry.amount;
              expect(Math.abs(totals.lines[index].gross - exact)).toBeLessThanOrEqual(0.5);
            }
            const exactNet = totals.lines.reduce((acc, l) => acc + l.gross / (1 + l.rate / 100), 0);
            expect(Math.abs(totals.items.net - exactNet)).toBeLessThanOrEqual(Math.max(1, lines.length));
            const lineNets = totals.lines.reduce((acc, l) => acc + l.split.net, 0);
            expect(Math.abs(totals.items.net - lineNets)).toBeLessThanOrEqual(Math.max(1, lines.length));
          },
        ),
      );
    });
  });

  describe(toPricingResult.name, () => {
    it('converts cents to major units for JSON', () => {
      const totals = priceCart({
        items: [{ product: makeProduct({ price: 12.9 }), amount: 1, unit: 'piece' }],
        orderType: 'delivery',
        deliveryArea: area,
      });
      expect(toPricingResult(totals)).toEqual({
        gross: 12.9,
        net: 11.73,
        deliveryGross: 3.5,
        deliveryNet: 2.92,
        totalNet: 14.65,
        totalGross: 16.4,
        taxes: { '10': 1.17, '20': 0.58 },
      });
    });
  });

  describe(calculationModelLabel.name, () => {
    it('gives none, ca. and ab for fixed, approximate and minimum', () => {
      expect(calculationModelLabel('fixed')).toBe('');
      expect(calculationModelLabel('approximate')).toBe('ca.');
      expect(calculationModelLabel('minimum')).toBe('ab');
    });

    it('gives approx. and from in English', () => {
      expect(calculationModelLabel('fixed', 'en')).toBe('');
      expect(calculationModelLabel('approximate', 'en')).toBe('approx.');
      expect(calculationModelLabel('minimum', 'en')).toBe('from');
    });
  });

  describe(totalsDisplay.name, () => {
    it('shows the total without prefix when every item is fixed and visible', () => {
      expect(totalsDisplay([{ calculationModel: 'fixed', isPriceHidden: false }])).toEqual({
        isTotalHidden: false,
        prefix: '',
        hasHiddenPrices: false,
      });
    });

    it('hides the total and prefixes ca. when an item is approximate', () => {
      expect(totalsDisplay([{ calculationModel: 'approximate', isPriceHidden: false }])).toEqual({
        isTotalHidden: true,
        prefix: 'ca.',
        hasHiddenPrices: false,
      });
    });

    it('hides the total when an item is a minimum price or its price is hidden', () => {
      expect(totalsDisplay([{ calculationModel: 'minimum', isPriceHidden: false }]).isTotalHidden).toBe(true);
      expect(totalsDisplay([{ calculationModel: 'fixed', isPriceHidden: true }])).toMatchObject({
        isTotalHidden: true,
        hasHiddenPrices: true,
      });
    });
  });

  describe('the pricing rule: an option counts once, a line never below its own discounts', () => {
    // The findings of the attack probe: a 14,50 dish with a price-lowering side sent many times, and
    // the same "+1,50" side sent ten times.
    const sides: ConfigurablePart = {
      name: 'Beilagen',
      type: 'multiselect',
      optional: true,
      options: [
        { name: 'Pommes frites', modifier: 'add', value: 0 },
        { name: 'Erdäpfel-Vogerlsalat', modifier: 'add', value: 1.5 },
        { name: 'Ohne Beilage', modifier: 'subtract', value: 2 },
      ],
    };
    const schnitzel = makeProduct({ type: 'configurable', price: 14.5, config: { parts: [sides] } });

    it('prices a repeated multiselect option once when a client sends it many times', () => {
      expect(unitPrice(schnitzel, 'piece', [[2, 2, 2, 2, 2, 2, 2, 2]])).toBe(1250);
      expect(unitPrice(schnitzel, 'piece', [Array<number>(10).fill(1)])).toBe(1600);
      expect(selectedOptions(schnitzel, [[1, 1, 0, 1]]).map((option) => option.name)).toEqual([
        'Erdäpfel-Vogerlsalat',
        'Pommes frites',
      ]);
    });

    it('refuses a repeated option in the part check the browser and the server share', () => {
      expect(isPartValueValid(sides, [2, 2])).toBe(false);
      expect(isPartValueValid(sides, [1, 2])).toBe(true);
    });

    it('reads whole indices only, each once', () => {
      expect(chosenIndices({ type: 'multiselect' }, [3, 1.5, 3, -1] as number[])).toEqual([3, -1]);
      expect(chosenIndices({ type: 'select' }, 1.5)).toEqual([]);
      expect(chosenIndices({ type: 'select' }, 2)).toEqual([2]);
      expect(chosenIndices({ type: 'text' }, [1])).toEqual([]);
    });

    it('gives the lowest base: the lowest of price and overwrites minus each discount once, at least 0', () => {
      expect(lowestBasePrice(schnitzel)).toBe(1250);
      expect(lowestBasePrice(pizza)).toBe(940);
      expect(lowestBasePrice(makeProduct({ price: 1, config: { parts: [sides] } }))).toBe(0);
      expect(lowestBasePrice(makeProduct({ price: 3 }))).toBe(300);
    });

    const cents = fc.integer({ min: 0, max: 5000 }).map((value) => value / 100);
    const option = fc.record({
      name: fc.constant('Option'),
      modifier: fc.constantFrom('add', 'subtract', 'overwrite') as fc.Arbitrary<
        'add' | 'subtract' | 'overwrite'
      >,
      value: cents,
    });
    const part = fc.record({
      name: fc.constant('Teil'),
      type: fc.constantFrom('select', 'multiselect', 'text', 'files') as fc.Arbitrary<
        ConfigurablePart['type']
      >,
      optional: fc.boolean(),
      options: fc.array(option, { minLength: 1, maxLength: 5 }),
    });
    const product = fc
      .record({ price: cents, parts: fc.array(part, { maxLength: 4 }) })
      .map(({ price, parts }) => makeProduct({ type: 'configurable', price, config: { parts } }));
    // Anything a client can send per part: an index (also out of range or fractional), lists with
    // repeats, texts, nulls, files.
    const index = fc.oneof(fc.integer({ min: -2, max: 7 }), fc.constantFrom(0.5, 1.25));
    const value: fc.Arbitrary<PartValue> = fc.oneof(
      index,
      fc.array(index, { maxLength: 40 }),
      fc.constant(null),
      fc.string({ maxLength: 3 }),
      fc.constant([{ id: 1 }] as PartValue),
    );
    const values = fc.array(value, { maxLength: 6 });
    const distinct = (parts: readonly PartValue[]) =>
      parts.map((entry) =>
        Array.isArray(entry) && entry.every((v) => typeof v === 'number') ? [...new Set(entry)] : entry,
      );

    it('never prices one unit below its base minus its own allowed discounts, for any input', () => {
      fc.assert(
        fc.property(product, values, (candidate, parts) => {
          const price = unitPrice(candidate, 'piece', parts);
          expect(Number.isInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(lowestBasePrice(candidate));
        }),
        { numRuns: 500 },
      );
    });

    it('never prices one unit above its highest base plus every surcharge once, for any input', () => {
      fc.assert(
        fc.property(product, values, (candidate, parts) => {
          const options = (candidate.config?.parts ?? []).flatMap((entry) =>
            entry.type === 'select' || entry.type === 'multiselect' ? entry.options : [],
          );
          const highest = Math.max(
            Math.round(candidate.price * 100),
            ...options.filter((o) => o.modifier === 'overwrite').map((o) => Math.round(o.value * 100)),
          );
          const surcharges = options
            .filter((o) => o.modifier === 'add')
            .reduce((sum, o) => sum + Math.round(o.value * 100), 0);
          expect(unitPrice(candidate, 'piece', parts)).toBeLessThanOrEqual(highest + surcharges);
        }),
        { numRuns: 500 },
      );
    });

    it('prices an input with repeats exactly as the same input with each option once', () => {
      fc.assert(
        fc.property(product, values, (candidate, parts) => {
          expect(unitPrice(candidate, 'piece', parts)).toBe(unitPrice(candidate, 'piece', distinct(parts)));
        }),
        { numRuns: 500 },
      );
    });

    it('keeps every line whole cents and at least 0 whatever the amount', () => {
      fc.assert(
        fc.property(
          product,
          values,
          fc.integer({ min: 1, max: 100000 }).map((value) => value / 100),
          (candidate, parts, amount) => {
            const line = priceLine({ product: candidate, amount, unit: 'piece', parts }, 'takeaway');
            expect(Number.isInteger(line.gross)).toBe(true);
            expect(line.gross).toBeGreaterThanOrEqual(0);
            expect(line.split.net + line.split.tax).toBe(line.gross);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('finds no valid multiselect value that names an option twice', () => {
      fc.assert(
        fc.property(
          part,
          fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 8 }),
          (p, list) => {
            fc.pre(new Set(list).size < list.length);
            expect(isPartValueValid({ ...p, type: 'multiselect' }, list)).toBe(false);
          },
        ),
      );
    });
  });
});
