import { fixture, loadedRoot, makeProduct } from '../testing/fixtures';
import { CatalogStore } from './CatalogStore';
import { activeGroupIndex, categoryScrollOffset, jumpOffsetOf } from './scrolling';

describe(CatalogStore.name, () => {
  describe('search and dietary chips', () => {
    async function tagged() {
      const data = fixture();
      data.tags.push({ id: 4, name: 'vegetarisch' }, { id: 5, name: 'vegan' });
      data.products.push(
        makeProduct({ id: 20, name: 'Käsespätzle', description: 'Mit Röstzwiebeln.', tags: [{ id: 4 }] }),
        makeProduct({
          id: 21,
          name: 'Linsencurry',
          description: 'Mit Basmatireis.',
          tags: [{ id: 4 }, { id: 5 }],
        }),
      );
      data.menus[0].catalog[1].products.push({ id: 20, isEnabled: true }, { id: 21, isEnabled: true });
      const { root } = await loadedRoot({ data });
      root.branches.select('wien');
      return root.catalog;
    }
    const names = (catalog: CatalogStore) =>
      catalog.shownGroups.flatMap((group) => group.products.map(({ product }) => product.name));

    it('offers a chip per tag the products carry', async () => {
      const catalog = await tagged();
      expect(catalog.tags.map((tag) => tag.name)).toEqual(['vegetarisch', 'vegan']);
    });

    it('finds by a word of the description, umlauts either way, and combines with the chips', async () => {
      const catalog = await tagged();
      catalog.setSearchTerm('roestzwiebeln');
      expect(names(catalog)).toEqual(['Käsespätzle']);
      catalog.setSearchTerm('mit');
      catalog.toggleTag(5);
      expect(names(catalog)).toEqual(['Linsencurry']);
      expect(catalog.categoryBar.map((category) => category.name)).toEqual(['Hauptspeisen']);
      catalog.setSearchTerm('pizza');
      expect(catalog.shownGroups).toEqual([]);
      catalog.clearFilters();
      expect(catalog.isFiltered).toBe(false);
      expect(catalog.shownGroups).toEqual(catalog.groups);
    });
  });

  describe('groups', () => {
    it('lists the active menu of the selected branch in menu order, without hidden products', async () => {
      const data = fixture();
      data.products.push(makeProduct({ id: 9, name: 'Aus', isEnabled: false }));
      data.products.push(
        makeProduct({ id: 10, name: 'Saison', isEnabled: false, isVisibleWhenUnavailable: true }),
      );
      data.menus[0].catalog[1].products.push({ id: 9, isEnabled: true }, { id: 10, isEnabled: true });
      const { root } = await loadedRoot({ data });
      root.branches.select('wien');

      const groups = root.catalog.groups;
      expect(groups.map((group) => group.category.name)).toEqual(['Menü', 'Hauptspeisen']);
      const names = groups[1].products.map((entry) => `${entry.product.name}:${entry.visibility}`);
      expect(names).toEqual([
        'Wiener Schnitzel:available',
        'Schnitzel nach Wahl:available',
        'Fließestrich:available',
        'Saison:disabled',
      ]);
    });

    it('takes the menu with the latest availableFrom in the past', async () => {
      const data = fixture();
      data.menus.push({
        id: 2,
        availableFrom: '2026-03-01T00:00:00.000Z',
        branches: [{ id: 1 }],
        catalog: [{ id: 1, products: [{ id: 3, isEnabled: true }] }],
      });
      data.menus.push({
        id: 3,
        availableFrom: '2026-04-01T00:00:00.000Z',
        branches: [{ id: 1 }],
        catalog: [{ id: 1, products: [{ id: 1, isEnabled: true }] }],
      });
      const { root } = await loadedRoot({ data });
      root.branches.select('wien');
      expect(root.catalog.menu?.id).toBe(2);
    });
  });

  describe('categoryBar', () => {
    it('skips bundles and empty categories', async () => {
      const data = fixture();
      data.categories.push({ id: 3, name: 'Leer', isEnabled: true, isVisibleWhenUnavailable: false });
      data.menus[0].catalog.push({ id: 3, products: [] });
      const { root } = await loadedRoot({ data });
      root.branches.select('wien');
      expect(root.catalog.categoryBar.map((category) => category.name)).toEqual(['Hauptspeisen']);
    });

    it('is empty when the plugin is off', async () => {
      const data = fixture();
      data.config = { ...data.config, enablePluginCategoryBar: false };
      const { root } = await loadedRoot({ data });
      root.branches.select('wien');
      expect(root.catalog.categoryBar).toEqual([]);
    });
  });
});

describe(activeGroupIndex.name, () => {
  it('is the last group whose top is above 25 % of the window height', () => {
    expect(activeGroupIndex([10, 150, 400], 800)).toBe(1);
    expect(activeGroupIndex([-900, -300, 199], 800)).toBe(2);
    expect(activeGroupIndex([300, 900], 800)).toBe(0);
    expect(activeGroupIndex([], 800)).toBe(-1);
  });
});

describe(categoryScrollOffset.name, () => {
  it('is 150 px on desktop and 36 % of the width on narrow screens', () => {
    expect(categoryScrollOffset(1280)).toBe(150);
    expect(categoryScrollOffset(360)).toBe(130);
  });
});

describe(jumpOffsetOf.name, () => {
  it("takes the page's own offset in rem or px, else the store page's", () => {
    expect(jumpOffsetOf(' 12rem', 16, 1080)).toBe(192);
    expect(jumpOffsetOf('200px', 16, 1080)).toBe(200);
    expect(jumpOffsetOf('', 16, 1280)).toBe(150);
    expect(jumpOffsetOf('', 16, 360)).toBe(130);
    expect(jumpOffsetOf('calc(1rem + 2px)', 16, 1280)).toBe(150);
  });
});
