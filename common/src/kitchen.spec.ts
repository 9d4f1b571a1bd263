import {
  allDayCounts,
  kitchenAgeLevel,
  kitchenAgeText,
  kitchenStartsAt,
  seesWholeOrder,
  stationItemIndices,
} from './kitchen.js';

const categories: Record<number, number[]> = { 1: [10], 2: [20], 3: [10, 30] };
const categoriesOf = (p: number) => categories[p] ?? [];

describe('kitchen routing', () => {
  it('gives a station the items of its categories and products only', () => {
    const grill = { categories: [10], products: [], isExpeditor: false };
    const bar = { categories: [], products: [2], isExpeditor: false };
    expect(stationItemIndices(grill, [1, 2, 3], categoriesOf)).toEqual([0, 2]);
    expect(stationItemIndices(bar, [1, 2, 3], categoriesOf)).toEqual([1]);
  });

  it('shows the expeditor and a station with nothing assigned the whole order', () => {
    const pass = { categories: [10], products: [], isExpeditor: true };
    const empty = { categories: [], products: [], isExpeditor: false };
    expect(seesWholeOrder(pass)).toBe(true);
    expect(stationItemIndices(pass, [1, 2], categoriesOf)).toEqual([0, 1]);
    expect(stationItemIndices(empty, [2], categoriesOf)).toEqual([0]);
  });
});

describe(kitchenStartsAt.name, () => {
  const created = new Date('2026-11-20T11:00:00Z');
  it('starts a pre-order at its time minus the preparation time', () => {
    const at = new Date('2026-11-20T18:00:00Z');
    expect(kitchenStartsAt(created, at, 20).toISOString()).toBe('2026-11-20T17:40:00.000Z');
  });
  it('never starts before the order was placed, and without a time when it was placed', () => {
    expect(kitchenStartsAt(created, new Date('2026-11-20T11:10:00Z'), 20)).toEqual(created);
    expect(kitchenStartsAt(created, null, 20)).toEqual(created);
    expect(kitchenStartsAt(created, new Date('2026-11-20T11:10:00Z'), null).toISOString()).toBe(
      '2026-11-20T11:10:00.000Z',
    );
  });
});

describe('kitchen age', () => {
  it('colours by the thresholds', () => {
    expect(kitchenAgeLevel(4 * 60_000, 5, 10)).toBe('fresh');
    expect(kitchenAgeLevel(5 * 60_000, 5, 10)).toBe('warn');
    expect(kitchenAgeLevel(10 * 60_000, 5, 10)).toBe('late');
  });
  it('writes the age as minutes and seconds', () => {
    expect(kitchenAgeText(65_000)).toBe('1:05');
    expect(kitchenAgeText(-3000)).toBe('0:00');
  });
});

describe(allDayCounts.name, () => {
  it('counts the open items by name and parts, most first', () => {
    const item = (name: string, amount: number, done = false, parts: string[] = []) => ({
      index: 0,
      productId: null,
      name,
      amount,
      unit: 'piece',
      parts,
      done,
    });
    expect(
      allDayCounts([
        { items: [item('Burger', 1), item('Pommes', 2)] },
        { items: [item('Burger', 2), item('Pommes', 5, true), item('Burger', 1, false, ['ohne Zwiebel'])] },
      ]),
    ).toEqual([
      { name: 'Burger', count: 3 },
      { name: 'Pommes', count: 2 },
      { name: 'Burger (ohne Zwiebel)', count: 1 },
    ]);
  });
});
