import { addOneTap, isOneTapProduct, startItem, stepItem } from './cart.js';
import { makeProduct } from './testing/fixtures.js';

const water = makeProduct({ id: 5, name: 'Mineralwasser', price: 3.2 });
const wine = makeProduct({
  id: 6,
  name: 'Wein offen',
  unit: 'l',
  minimumQuantity: 0.25,
  quantityStepSize: 0.125,
  maximumQuantity: 0.5,
});
const pizza = makeProduct({
  id: 7,
  config: { parts: [{ name: 'Größe', type: 'select', isRequired: true, options: [{ name: 'Klein' }] }] },
} as never);

describe('one tap', () => {
  it('only products without parts and with one unit skip the dialog', () => {
    expect(isOneTapProduct(water)).toBe(true);
    expect(isOneTapProduct(pizza)).toBe(false);
    expect(isOneTapProduct({ ...water, alternativeUnits: [{ unit: 'box', ratio: 6 } as never] })).toBe(false);
    expect(isOneTapProduct(wine)).toBe(false);
  });

  it('appends the starting item, then adds a step to the same line', () => {
    const once = addOneTap([], water);
    expect(once).toEqual([startItem(water)]);
    const twice = addOneTap(once, water);
    expect(twice).toHaveLength(1);
    expect(twice[0].amount).toBe(2);
    const other = addOneTap(twice, wine);
    expect(other.map((item) => [item.product.name, item.amount])).toEqual([
      ['Mineralwasser', 2],
      ['Wein offen', 0.25],
    ]);
  });
});

describe(stepItem.name, () => {
  it('goes up and down by the step within minimum and maximum', () => {
    const items = [startItem(wine)];
    const up = stepItem(items, 0, wine, 'up');
    expect(up[0].amount).toBe(0.375);
    const upAgain = stepItem(stepItem(up, 0, wine, 'up'), 0, wine, 'up');
    expect(upAgain[0].amount).toBe(0.5);
    expect(stepItem(up, 0, wine, 'down')[0].amount).toBe(0.25);
  });

  it('"down" at the minimum removes the line; other lines stay', () => {
    const items = [startItem(water), startItem(wine)];
    expect(stepItem(items, 0, water, 'down').map((item) => item.product.name)).toEqual(['Wein offen']);
    expect(stepItem(items, 5, water, 'down')).toEqual(items);
  });
});
