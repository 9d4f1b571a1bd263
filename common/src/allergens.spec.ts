import { allergenDeclaration, ALLERGENS, parseAllergenText } from './allergens.js';

describe('allergens (EU, Austrian letter codes)', () => {
  it('has the 14 allergens A–R without I, J, K, Q', () => {
    expect(ALLERGENS.map((a) => a.code).join('')).toBe('ABCDEFGHLMNOPR');
  });

  it.each([
    ['A, C, G', ['A', 'C', 'G'], ''],
    ['G A', ['A', 'G'], ''],
    ['ACG', ['A', 'C', 'G'], ''],
    ['Gluten, Ei; Milch', ['A', 'C', 'G'], ''],
    ['A Gluten, Sellerie (L)', ['A', 'L'], ''],
    ['F, G, N, kann Spuren von Nüssen enthalten', ['F', 'G', 'N'], 'kann Spuren von Nüssen enthalten'],
    ['X, Zimt', [], 'X, Zimt'],
    ['', [], ''],
  ])('reads %j', (text, codes, note) => {
    expect(parseAllergenText(text)).toEqual({ codes, note });
  });

  it('declares letters, or letters with names, and the note', () => {
    const product = { allergenCodes: ['G', 'A'], allergens: 'Spuren von Nüssen' };
    expect(allergenDeclaration(product)).toBe('A, G · Spuren von Nüssen');
    expect(allergenDeclaration(product, true)).toBe('A Gluten, G Milch/Laktose · Spuren von Nüssen');
    expect(allergenDeclaration({})).toBe('');
  });
});
