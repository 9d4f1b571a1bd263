import { areaSummary, newArea, validateAreas, type EditedArea } from './deliveryAreas';

const area = (patch: Partial<EditedArea>): EditedArea => ({ ...newArea(), area: '1060 Mariahilf', ...patch });

describe('delivery areas editor rules', () => {
  it('starts a new area with the previous fee and tax', () => {
    expect(newArea(area({ price: 3.5, tax: 10 }))).toMatchObject({
      area: '',
      price: 3.5,
      tax: 10,
      free: false,
    });
  });

  it('names blank, duplicate and out-of-range values at their fields', () => {
    expect(
      validateAreas([
        area({}),
        area({ area: ' 1060 mariahilf ' }),
        area({ area: '', price: -1, tax: 120, minimumOrderValue: -5 }),
      ]),
    ).toEqual({
      '[1].area': 'Dieser Wert wird bereits verwendet.',
      '[2].area': 'Dieser Wert sollte nicht leer sein.',
      '[2].price': 'Dieser Wert sollte entweder positiv oder 0 sein.',
      '[2].tax': 'Dieser Wert sollte zwischen 0 und 100 sein.',
      '[2].minimumOrderValue': 'Dieser Wert sollte entweder positiv oder 0 sein.',
    });
  });

  it('sums an area up as the customer reads it', () => {
    expect(areaSummary(area({ price: 3.5, freeFromOrderValue: 30, minimumOrderValue: 15 }))).toBe(
      'Lieferung 3,50 EUR · kostenlos ab 30,00 EUR · Mindestbestellwert 15,00 EUR',
    );
    expect(areaSummary(area({ price: 3.5, free: true, freeFromOrderValue: 30 }))).toBe('Lieferung kostenlos');
  });
});
