import {
  activeMenu,
  branchTimeZone,
  catalogGroups,
  categoryBarItems,
  isAvailable,
  isWithinSchedule,
  menuBranchIds,
  productVisibility,
  visibility,
} from './catalog-visibility.js';
import { makeProduct, rule } from './testing/fixtures.js';
import { fromLocal } from './zoned-time.js';

const noon = fromLocal('2026-03-24', 12 * 60, 'Europe/Vienna');
const evening = fromLocal('2026-03-24', 20 * 60, 'Europe/Vienna');
const lunch = [rule('daily', '11:00', '14:00')];

describe('catalog-visibility', () => {
  describe(isWithinSchedule.name, () => {
    it('is always true without a schedule and follows the rules otherwise', () => {
      expect(isWithinSchedule(null, evening)).toBe(true);
      expect(isWithinSchedule([], evening)).toBe(true);
      expect(isWithinSchedule(lunch, noon)).toBe(true);
      expect(isWithinSchedule(lunch, evening)).toBe(false);
    });
  });

  describe(isAvailable.name, () => {
    it('needs enabled and within schedule', () => {
      expect(isAvailable({ isEnabled: true, schedule: lunch }, noon)).toBe(true);
      expect(isAvailable({ isEnabled: false }, noon)).toBe(false);
    });
  });

  describe(visibility.name, () => {
    it('is available when enabled and within the schedule', () => {
      expect(visibility({ isEnabled: true, schedule: lunch }, noon)).toBe('available');
    });

    it('is disabled when unavailable but visible-when-unavailable', () => {
      expect(visibility({ isEnabled: true, schedule: lunch, isVisibleWhenUnavailable: true }, evening)).toBe(
        'disabled',
      );
      expect(visibility({ isEnabled: false, isVisibleWhenUnavailable: true }, noon)).toBe('disabled');
    });

    it('is hidden when unavailable otherwise', () => {
      expect(visibility({ isEnabled: true, schedule: lunch }, evening)).toBe('hidden');
    });
  });

  describe(productVisibility.name, () => {
    it('combines the menu entry and the product', () => {
      const product = makeProduct();
      expect(productVisibility(product, { isEnabled: true }, noon)).toBe('available');
      expect(productVisibility(product, { isEnabled: false }, noon)).toBe('hidden');
      expect(
        productVisibility(
          { ...product, isVisibleWhenUnavailable: true },
          { isEnabled: true, schedule: lunch },
          evening,
        ),
      ).toBe('disabled');
      expect(productVisibility(product, null, noon)).toBe('available');
    });
  });

  describe(activeMenu.name, () => {
    const menus = [
      { id: 1, availableFrom: '2026-01-01T00:00:00Z', branches: [{ id: 1 }] },
      { id: 2, availableFrom: '2026-03-01T00:00:00Z', branches: [{ id: 1 }] },
      { id: 3, availableFrom: '2026-04-01T00:00:00Z', branches: [{ id: 1 }] },
      { id: 4, availableFrom: '2026-03-10T00:00:00Z', branches: [{ id: 2 }] },
      { id: 5, availableFrom: 'invalid', branches: [{ id: 1 }] },
    ];

    it('takes the latest availableFrom in the past among the branch menus', () => {
      expect(activeMenu(menus, 1, noon)?.id).toBe(2);
      expect(activeMenu(menus, 2, noon)?.id).toBe(4);
    });

    it('is null when the branch has no menu in the past', () => {
      expect(activeMenu(menus, 3, noon)).toBeNull();
    });
  });

  describe(catalogGroups.name, () => {
    const categories = [
      { id: 10, name: 'Pizza', isEnabled: true, isVisibleWhenUnavailable: false },
      { id: 11, name: 'Mittag', isEnabled: true, schedule: lunch, isVisibleWhenUnavailable: true },
      { id: 12, name: 'Aus', isEnabled: false, isVisibleWhenUnavailable: false },
      { id: 13, name: 'Leer', isEnabled: true, isVisibleWhenUnavailable: false, isBundle: false },
      { id: 14, name: 'Menüs', isEnabled: true, isVisibleWhenUnavailable: false, isBundle: true },
    ];
    const products = [
      makeProduct({ id: 1 }),
      makeProduct({ id: 2, isEnabled: false }),
      makeProduct({ id: 3 }),
    ];
    const menu = {
      catalog: [
        {
          id: 10,
          products: [
            { id: 1, isEnabled: true },
            { id: 2, isEnabled: true },
            { id: 99, isEnabled: true },
          ],
        },
        { id: 11, products: [{ id: 3, isEnabled: true }] },
        { id: 12, products: [{ id: 1, isEnabled: true }] },
        { id: 13, products: [] },
        { id: 14, products: [{ id: 3, isEnabled: true }] },
        { id: 77, products: [{ id: 1, isEnabled: true }] },
      ],
    };

    it('keeps menu order, drops hidden and empty groups and disables products of a disabled category', () => {
      const groups = catalogGroups(menu, categories, products, evening);
      expect(groups.map((group) => group.category.id)).toEqual([10, 11, 14]);
      expect(groups[0].products.map((entry) => entry.product.id)).toEqual([1]);
      expect(groups[1]).toMatchObject({ visibility: 'disabled', products: [{ visibility: 'disabled' }] });
    });

    it('feeds the category bar without bundles', () => {
      expect(
        categoryBarItems(catalogGroups(menu, categories, products, noon)).map((category) => category.id),
      ).toEqual([10, 11]);
    });
  });

  describe(menuBranchIds.name, () => {
    it('lists the branch ids', () => {
      expect(menuBranchIds({ branches: [{ id: 1 }, { id: 3 }] })).toEqual([1, 3]);
    });
  });

  describe(branchTimeZone.name, () => {
    it('falls back to Europe/Vienna', () => {
      expect(branchTimeZone(null)).toBe('Europe/Vienna');
      expect(branchTimeZone({ timeZone: 'Europe/Berlin' })).toBe('Europe/Berlin');
    });
  });
});
