import {
  catalogTags,
  filterCatalogGroups,
  foldSearchText,
  productHasTags,
  productMatches,
  toggleTagId,
} from './catalog-search.js';

const tags = [
  { id: 1, name: 'vegetarisch' },
  { id: 2, name: 'vegan' },
  { id: 3, name: 'glutenfrei' },
  { id: 4, name: 'scharf' },
];
const kaese = {
  id: 1,
  name: 'Käsespätzle',
  description: '<p>Mit Röstzwiebeln und Bergkäse</p>',
  tags: [{ id: 1 }],
};
const bowl = {
  id: 2,
  name: 'Buddha Bowl',
  description: 'Quinoa, Kichererbsen, Süßkartoffel',
  tags: [{ id: 1 }, { id: 2 }, { id: 3 }],
};
const schnitzel = {
  id: 3,
  name: 'Wiener Schnitzel',
  description: 'vom Kalb, mit Petersilkartoffeln',
  tags: [],
};
const available = 'available' as const;
const groups = [
  {
    category: 'Hauptspeisen',
    visibility: available,
    products: [kaese, schnitzel].map((product) => ({ product, visibility: available })),
  },
  { category: 'Bowls', visibility: available, products: [{ product: bowl, visibility: available }] },
];

describe('foldSearchText', () => {
  it('ignores case, umlauts written either way, ß and accents', () => {
    expect(foldSearchText('KÄSE')).toBe(foldSearchText('kaese'));
    expect(foldSearchText('Käse')).toBe(foldSearchText('Kase'));
    expect(foldSearchText('Süßkartoffel')).toBe(foldSearchText('suesskartoffel'));
    expect(foldSearchText('Crème')).toBe('creme');
  });
});

describe('productMatches', () => {
  it('finds a product by a word of its name, its description (without markup) or a tag', () => {
    expect(productMatches(kaese, 'spätzle', tags)).toBe(true);
    expect(productMatches(kaese, 'rostzwiebeln', tags)).toBe(true);
    expect(productMatches(kaese, 'xyz', tags)).toBe(false);
    expect(productMatches(bowl, 'VEGAN', tags)).toBe(true);
    expect(productMatches(schnitzel, 'vegan', tags)).toBe(false);
  });

  it('needs every word of the term; an empty term matches', () => {
    expect(productMatches(bowl, 'quinoa süss', tags)).toBe(true);
    expect(productMatches(bowl, 'quinoa kalb', tags)).toBe(false);
    expect(productMatches(bowl, '  ', tags)).toBe(true);
    expect(productMatches({ name: 'Wasser', description: null }, 'wasser')).toBe(true);
  });
});

describe('tag chips', () => {
  it('a product must carry every selected tag', () => {
    expect(productHasTags(bowl, [1, 2])).toBe(true);
    expect(productHasTags(kaese, [1, 2])).toBe(false);
    expect(productHasTags(schnitzel, [])).toBe(true);
  });

  it('offers only the tags the shown products carry, in catalogue order', () => {
    expect(catalogTags(groups, tags).map((tag) => tag.name)).toEqual(['vegetarisch', 'vegan', 'glutenfrei']);
  });

  it('toggles a tag in and out of the selection', () => {
    expect(toggleTagId([1], 2)).toEqual([1, 2]);
    expect(toggleTagId([1, 2], 1)).toEqual([2]);
  });
});

describe('filterCatalogGroups', () => {
  it('keeps the grouping and drops groups left empty', () => {
    const result = filterCatalogGroups(groups, 'kartoffel', [], tags);
    expect(
      result.map((group) => [group.category, group.products.map(({ product }) => product.name)]),
    ).toEqual([
      ['Hauptspeisen', ['Wiener Schnitzel']],
      ['Bowls', ['Buddha Bowl']],
    ]);
  });

  it('combines the term with the chips', () => {
    expect(
      filterCatalogGroups(groups, 'kartoffel', [1], tags).flatMap((g) =>
        g.products.map((p) => p.product.name),
      ),
    ).toEqual(['Buddha Bowl']);
    expect(
      filterCatalogGroups(groups, '', [1], tags).flatMap((g) => g.products.map((p) => p.product.name)),
    ).toEqual(['Käsespätzle', 'Buddha Bowl']);
    expect(filterCatalogGroups(groups, 'pizza', [], tags)).toEqual([]);
  });

  it('without term and chips returns every group', () => {
    expect(filterCatalogGroups(groups, '', [], tags)).toEqual(groups);
  });
});
