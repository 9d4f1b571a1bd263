import type { ConfigurablePart } from './contract/catalog.js';
import { copyOptionGroupPart } from './option-groups.js';

const TEMPLATE = '4a0d6f0e-3a52-4d2e-9a4b-2b6f1c1e7a10';

const group = (options: Array<[number, string, number]>, extra: Partial<ConfigurablePart> = {}) =>
  ({
    id: 1,
    name: 'Pizza-Toppings',
    description: null,
    type: 'multiselect',
    optional: true,
    options: options.map(([id, name, value]) => ({ id, name, modifier: 'add', value })),
    ...extra,
  }) satisfies ConfigurablePart;

describe(copyOptionGroupPart.name, () => {
  it('copies the group part with its template id and leaves the ids of a first copy to the product', () => {
    const copy = copyOptionGroupPart(TEMPLATE, group([[1, 'Salami', 1.5]], { maxChoices: 2 }));
    expect(copy).toEqual({
      name: 'Pizza-Toppings',
      description: null,
      type: 'multiselect',
      optional: true,
      maxChoices: 2,
      options: [{ name: 'Salami', modifier: 'add', value: 1.5 }],
      templateId: TEMPLATE,
    });
  });

  it('keeps the product ids of the part and of each option when a price changes', () => {
    const source = group([
      [1, 'Salami', 1.5],
      [2, 'Oliven', 1],
    ]);
    const copy = { ...source, id: 7, options: source.options.map((o, i) => ({ ...o, id: 20 + i })) };
    const next = copyOptionGroupPart(
      TEMPLATE,
      group([
        [1, 'Salami', 2],
        [2, 'Oliven', 1],
      ]),
      { copy, source },
    );
    expect(next.id).toBe(7);
    expect(next.options).toEqual([
      { id: 20, name: 'Salami', modifier: 'add', value: 2 },
      { id: 21, name: 'Oliven', modifier: 'add', value: 1 },
    ]);
  });

  it('follows options the group renamed, reordered or removed, and gives new ones no id', () => {
    const source = group([
      [1, 'Salami', 1.5],
      [2, 'Oliven', 1],
      [3, 'Pilze', 1],
    ]);
    const copy = { ...source, id: 3, options: source.options.map((o, i) => ({ ...o, id: 10 + i })) };
    const next = copyOptionGroupPart(
      TEMPLATE,
      group([
        [3, 'Champignons', 1],
        [1, 'Salami', 1.5],
        [4, 'Rucola', 0.5],
      ]),
      { copy, source },
    );
    expect(next.options.map((o) => [o.id, o.name])).toEqual([
      [12, 'Champignons'],
      [10, 'Salami'],
      [undefined, 'Rucola'],
    ]);
  });

  it('matches by name when the earlier copy and its source no longer line up, never using an id twice', () => {
    const source = group([[1, 'Salami', 1.5]]);
    const copy = {
      ...source,
      options: [
        { id: 5, name: 'Oliven', modifier: 'add' as const, value: 1 },
        { id: 6, name: 'Salami', modifier: 'add' as const, value: 1 },
      ],
    };
    const next = copyOptionGroupPart(
      TEMPLATE,
      group([
        [1, 'Salami', 1.5],
        [2, 'Salami', 1.5],
      ]),
      { copy, source },
    );
    expect(next.options.map((o) => o.id)).toEqual([6, undefined]);
  });
});
