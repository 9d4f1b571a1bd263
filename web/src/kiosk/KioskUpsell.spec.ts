import type { CatalogGroup, Category, Product } from '@ordering/common';
import { upsellOffers } from './KioskUpsell';

const product = (id: number) => ({ id, name: `P${id}` }) as unknown as Product;
const groups: CatalogGroup<Category, Product>[] = [
  {
    category: {
      id: 1,
      upsellProducts: [{ id: 12 }, { id: 11 }, { id: 13 }, { id: 14 }, { id: 99 }],
    } as unknown as Category,
    visibility: 'available' as const,
    products: [{ product: product(10), visibility: 'available' as const }],
  },
  {
    category: { id: 2, upsellProducts: [] } as unknown as Category,
    visibility: 'available' as const,
    products: [
      { product: product(11), visibility: 'available' as const },
      { product: product(12), visibility: 'available' as const },
      { product: product(13), visibility: 'disabled' as const },
      { product: product(14), visibility: 'available' as const },
    ],
  },
];

describe('upsellOffers', () => {
  it('offers the category’s products in its order, only those the menu shows available and not sold out', () => {
    const offers = upsellOffers(groups, 10, new Set(), (id) => id === 14);
    expect(offers.map((p) => p.id)).toEqual([12, 11]);
  });

  it('leaves out what is in the cart, and a category without a list offers nothing', () => {
    expect(upsellOffers(groups, 10, new Set([12]), () => false).map((p) => p.id)).toEqual([11, 14]);
    expect(upsellOffers(groups, 11, new Set(), () => false)).toEqual([]);
  });
});
