import type { ConfigurablePart } from '@ordering/common';
import {
  linkedPart,
  linkLabel,
  newPart,
  OPTIONS_REQUIRED,
  partValuesFor,
  unlinkPart,
  pricePreview,
  updateOption,
  updatePart,
  validateParts,
  type PreviewProduct,
} from './productParts';

const sides: ConfigurablePart = {
  name: 'Beilagen',
  type: 'multiselect',
  optional: true,
  options: [
    { name: 'Pommes frites', modifier: 'add', value: 2.5 },
    { name: 'Reis', modifier: 'add', value: 1.9 },
  ],
};
const size: ConfigurablePart = {
  name: 'Größe',
  type: 'select',
  optional: false,
  options: [
    { name: 'Klein', modifier: 'subtract', value: 1.5 },
    { name: 'Familienportion', modifier: 'overwrite', value: 29.9 },
  ],
};

const product: PreviewProduct = {
  price: 14.9,
  unit: 'piece',
  alternativeUnits: [],
  calculationModel: 'fixed',
  config: { parts: [size, sides] },
  isPriceHidden: false,
};

describe('product parts editor rules', () => {
  it('gives a choice part a first option and drops options when the type has none', () => {
    const parts = [newPart()];
    expect(parts[0]!.options).toHaveLength(1);
    expect(updatePart(parts, 0, { type: 'text' })[0]!.options).toEqual([]);
    expect(
      updatePart(updatePart(parts, 0, { type: 'text' }), 0, { type: 'multiselect' })[0]!.options,
    ).toHaveLength(1);
  });

  it('changes and removes options of one part only', () => {
    const changed = updateOption([size, sides], 1, 0, { value: 3 });
    expect(changed[1]!.options[0]!.value).toBe(3);
    expect(changed[0]).toBe(size);
    expect(updateOption([size, sides], 0, 1, null)[0]!.options.map((o) => o.name)).toEqual(['Klein']);
  });

  it('names missing names, options and negative amounts at their fields', () => {
    expect(
      validateParts([
        { ...size, name: ' ', options: [{ name: '', modifier: 'add', value: -1 }] },
        { ...sides, options: [] },
      ]),
    ).toEqual({
      '[0].name': 'Dieser Wert sollte nicht leer sein.',
      '[0].options[0].name': 'Dieser Wert sollte nicht leer sein.',
      '[0].options[0].value': 'Dieser Wert sollte entweder positiv oder 0 sein.',
      '[1].options': OPTIONS_REQUIRED,
    });
  });

  it('turns the preview choice into the part values of a cart item', () => {
    expect(partValuesFor([size, sides, { ...sides, type: 'text' }], { 0: [1], 1: [0, 1] })).toEqual([
      1,
      [0, 1],
      null,
    ]);
  });

  it('prices the choice with common: modifiers, overwrite first, exact cents', () => {
    expect(pricePreview(product, {})[0]!.text).toBe('14,90 € / Stk.');
    expect(pricePreview(product, { 0: [0], 1: [0, 1] })[0]!.text).toBe('17,80 € / Stk.');
    expect(pricePreview(product, { 0: [1], 1: [1] })[0]!.text).toBe('31,80 € / Stk.');
  });

  it('shows a line per alternative unit with its calculation model', () => {
    const screed: PreviewProduct = {
      ...product,
      price: 12.5,
      unit: 'm2',
      config: null,
      calculationModel: 'approximate',
      alternativeUnits: [{ unit: 'piece', ratio: 1.44, calculationModel: 'fixed' }],
    };
    expect(pricePreview(screed, {}).map((l) => l.text)).toEqual(['ca. 12,50 € / m²', '18,00 € / Stk.']);
  });
});

describe('parts linked to a shared option group', () => {
  const group = {
    uid: '4a0d6f0e-3a52-4d2e-9a4b-2b6f1c1e7a10',
    name: 'Pizza-Extras',
    part: { ...sides, id: 1, options: sides.options.map((o, i) => ({ ...o, id: i + 1 })) },
  };

  it('inserts the group content with its template id and without the group ids', () => {
    const part = linkedPart(group);
    expect(part).toEqual({ ...sides, templateId: group.uid });
    expect(part).not.toHaveProperty('id');
  });

  it('unlinks a part keeping its content and ids', () => {
    const linked = { ...group.part, templateId: group.uid };
    expect(unlinkPart([size, linked], 1)).toEqual([size, group.part]);
  });

  it('names the group a part is linked to, in German quotes', () => {
    expect(linkLabel(group.uid, [group])).toBe('Verknüpft mit Vorlage „Pizza-Extras“');
    expect(linkLabel(group.uid, [])).toBe('Verknüpft mit einer Vorlage');
  });
});
