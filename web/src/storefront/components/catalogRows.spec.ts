import type { CatalogGroup } from '@ordering/common';
import { catalogRows, gridColumnCount, headRowIndex } from './catalogRows';

type Group = CatalogGroup<{ id: number }, { id: number }>;

function group(id: number, products: number): Group {
  return {
    category: { id },
    visibility: 'available',
    products: Array.from({ length: products }, (_, i) => ({
      product: { id: id * 100 + i },
      visibility: 'available',
    })),
  };
}

describe('catalogRows', () => {
  it('puts each group as its heading and rows of the grid, the last row marked', () => {
    const rows = catalogRows([group(1, 5), group(2, 2)], 2);
    expect(rows.map((row) => row.key)).toEqual(['h1', 'r1-0-2', 'r1-2-2', 'r1-4-2', 'h2', 'r2-0-2']);
    const lastOfFirst = rows[3]!;
    expect(lastOfFirst.kind === 'row' && lastOfFirst.products.map((entry) => entry.product.id)).toEqual([
      104,
    ]);
    expect(rows.filter((row) => row.kind === 'row' && row.last).map((row) => row.key)).toEqual([
      'r1-4-2',
      'r2-0-2',
    ]);
    const second = rows[2]!;
    expect(second.kind === 'row' && second.first).toBe(2);
  });

  it('keeps every product exactly once, in menu order, for any column count', () => {
    const groups = [group(1, 7), group(2, 12), group(3, 1)];
    const all = groups.flatMap((g) => g.products.map((entry) => entry.product.id));
    for (const columns of [1, 2, 3, 4, 5, 0, 2.7]) {
      const ids = catalogRows(groups, columns).flatMap((row) =>
        row.kind === 'row' ? row.products.map((entry) => entry.product.id) : [],
      );
      expect(ids).toEqual(all);
    }
  });

  it('finds a category heading by id, -1 for one not shown', () => {
    const rows = catalogRows([group(1, 3), group(7, 3)], 3);
    expect(headRowIndex(rows, 7)).toBe(2);
    expect(headRowIndex(rows, 9)).toBe(-1);
  });
});

describe('gridColumnCount', () => {
  it('counts the resolved tracks of grid-template-columns', () => {
    expect(gridColumnCount('320px 320px 320px')).toBe(3);
    expect(gridColumnCount('  488px ')).toBe(1);
    expect(gridColumnCount('minmax(0px, 1fr) minmax(0px, 1fr)')).toBe(2);
    expect(gridColumnCount('none')).toBe(1);
  });
});
