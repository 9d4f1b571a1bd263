import type { MenuCategoryEntry } from '@ordering/common';
import {
  addCategory,
  addProduct,
  missing,
  moveCategory,
  moveProduct,
  moveProductToCategory,
  nameOf,
  removeProduct,
  setProductEnabled,
} from './catalogLogic';

const catalog: MenuCategoryEntry[] = [
  {
    id: 1,
    products: [
      { id: 10, isEnabled: true },
      { id: 11, isEnabled: true },
    ],
  },
  { id: 2, products: [{ id: 20, isEnabled: true }] },
];

describe('menu catalogue editor rules', () => {
  it('adds a category once, at the end', () => {
    expect(addCategory(catalog, 3).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(addCategory(catalog, 1)).toHaveLength(2);
  });

  it('reorders categories and products in a category', () => {
    expect(moveCategory(catalog, 1, 0).map((c) => c.id)).toEqual([2, 1]);
    expect(moveProduct(catalog, 0, 1, 0)[0]!.products.map((p) => p.id)).toEqual([11, 10]);
    expect(catalog[0]!.products.map((p) => p.id)).toEqual([10, 11]); // unchanged input
  });

  it('adds, switches off and removes a product of one category', () => {
    expect(addProduct(catalog, 1, 10)[1]!.products.map((p) => p.id)).toEqual([20, 10]);
    expect(addProduct(catalog, 0, 10)[0]!.products).toHaveLength(2);
    expect(setProductEnabled(catalog, 0, 1, false)[0]!.products[1]).toEqual({ id: 11, isEnabled: false });
    expect(removeProduct(catalog, 0, 0)[0]!.products.map((p) => p.id)).toEqual([11]);
  });

  it('moves a product to another category, keeping its settings, never twice', () => {
    const moved = moveProductToCategory(setProductEnabled(catalog, 0, 0, false), 0, 0, 1);
    expect(moved[0]!.products.map((p) => p.id)).toEqual([11]);
    expect(moved[1]!.products).toEqual([
      { id: 20, isEnabled: true },
      { id: 10, isEnabled: false },
    ]);
    const twice = moveProductToCategory(addProduct(catalog, 1, 10), 0, 0, 1);
    expect(twice[1]!.products.map((p) => p.id)).toEqual([20, 10]);
    expect(twice[0]!.products.map((p) => p.id)).toEqual([11]);
  });

  it('offers what is missing by name, and marks deleted entries', () => {
    const all = [
      { id: 3, name: 'Suppen' },
      { id: 1, name: 'Hauptspeisen' },
      { id: 4, name: 'Desserts' },
    ];
    expect(missing(all, catalog).map((c) => c.name)).toEqual(['Desserts', 'Suppen']);
    expect(nameOf(new Map([[1, 'Hauptspeisen']]), 9, 'category')).toBe('Kategorie 9 (gelöscht)');
  });
});
