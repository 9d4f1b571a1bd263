import { choiceCountProblem, choiceHint, isPartValueValid, toggleMultiselectOption } from './cart.js';
import type { ConfigurablePart } from './contract/catalog.js';

const toppings = (extra: Partial<ConfigurablePart>): ConfigurablePart => ({
  name: 'Toppings',
  type: 'multiselect',
  optional: true,
  options: ['Avocado', 'Edamame', 'Kimchi', 'Sesam'].map((name) => ({ name, modifier: 'add', value: 0 })),
  ...extra,
});

describe('min/max choices of a multiselect', () => {
  it('says the limits to the customer', () => {
    expect(choiceHint(toppings({ maxChoices: 2 }))).toBe('Bis zu 2 wählen');
    expect(choiceHint(toppings({ minChoices: 2, maxChoices: 2 }))).toBe('Genau 2 wählen');
    expect(choiceHint(toppings({ minChoices: 2, maxChoices: 3 }))).toBe('2 bis 3 wählen');
    expect(choiceHint(toppings({ minChoices: 2 }))).toBe('Mindestens 2 wählen');
    expect(choiceHint(toppings({}))).toBeNull();
  });

  it('refuses too many and too few, but an optional part may stay empty', () => {
    const part = toppings({ minChoices: 2, maxChoices: 3 });
    expect(choiceCountProblem(part, [0, 1, 2, 3])).toBe('Bei „Toppings“ sind höchstens 3 Optionen möglich.');
    expect(choiceCountProblem(part, [0])).toBe('Bei „Toppings“ sind mindestens 2 Optionen zu wählen.');
    expect(choiceCountProblem(part, [])).toBeNull();
    expect(isPartValueValid(part, [0, 1, 2, 3])).toBe(false);
    expect(isPartValueValid(part, [1, 3])).toBe(true);
    expect(isPartValueValid({ ...part, optional: false }, [])).toBe(false);
  });

  it('does not add an option beyond the maximum; removing still works', () => {
    expect(toggleMultiselectOption([0, 2], 1, 2)).toEqual([0, 2]);
    expect(toggleMultiselectOption([0, 2], 2, 2)).toEqual([0]);
    expect(toggleMultiselectOption([0], 1, 2)).toEqual([0, 1]);
  });
});
