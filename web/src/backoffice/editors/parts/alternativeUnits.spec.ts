import {
  MAX_BELOW_MIN,
  newAlternativeUnit,
  SAME_AS_PRODUCT_UNIT,
  validateAlternativeUnits,
} from './alternativeUnits';

describe('alternative units editor rules', () => {
  it('suggests the first unit that is neither the product unit nor used', () => {
    expect(newAlternativeUnit('piece', [{ unit: 'serving', ratio: 1, calculationModel: 'fixed' }]).unit).toBe(
      'pair',
    );
  });

  it('names the product unit, repeats, ratios and quantity bounds at their fields', () => {
    expect(
      validateAlternativeUnits(
        [
          { unit: 'm2', ratio: 1, calculationModel: 'fixed' },
          { unit: 'piece', ratio: 0, calculationModel: 'fixed', minimumQuantity: 5, maximumQuantity: 2 },
          { unit: 'piece', ratio: 1.44, calculationModel: 'approximate', quantityStepSize: -1 },
        ],
        'm2',
      ),
    ).toEqual({
      '[0].unit': SAME_AS_PRODUCT_UNIT,
      '[1].ratio': 'Dieser Wert sollte positiv sein.',
      '[1].maximumQuantity': MAX_BELOW_MIN,
      '[2].unit': 'Dieser Wert wird bereits verwendet.',
      '[2].quantityStepSize': 'Dieser Wert sollte positiv sein.',
    });
  });
});
