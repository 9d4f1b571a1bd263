import { readInitPayload, type InitPayload } from './api.js';

describe(readInitPayload.name, () => {
  it('maps recognised urls to their data and skips unknown ones when the payload mixes both', () => {
    const payload: InitPayload = [
      { url: 'tags', data: { data: [{ id: 1, name: 'Vegan' }] } },
      { url: 'unknown', data: { data: 42 } },
    ];
    const result = readInitPayload(payload);
    expect(result.tags).toEqual([{ id: 1, name: 'Vegan' }]);
    expect(result).not.toHaveProperty('unknown');
    expect(result.branches).toBeUndefined();
  });
});

describe('readInitPayload with API paths', () => {
  it('reads entries named by the collection API path, as GET /api/init sends them', () => {
    const payload: InitPayload = [
      { url: '/api/branches', data: { data: [{ id: 3 }] } },
      { url: '/api/config', data: { data: { shopName: 'Gruber & Linde' } } },
      { url: '/api/users', data: { data: [{ id: 1 }] } },
    ];
    const result = readInitPayload(payload);
    expect(result.branches).toEqual([{ id: 3 }]);
    expect(result.config).toEqual({ shopName: 'Gruber & Linde' });
    expect(result).not.toHaveProperty('users');
  });
});

describe('readInitPayload and the catalogue', () => {
  it("skips products and categories: they come with each menu's catalogue route, not with init", () => {
    const payload: InitPayload = [
      { url: '/api/menus', data: { data: [{ id: 2 }] } },
      { url: '/api/products', data: { data: [{ id: 7 }] } },
      { url: '/api/categories', data: { data: [{ id: 5 }] } },
    ];
    const result = readInitPayload(payload);
    expect(result.menus).toEqual([{ id: 2 }]);
    expect(result).not.toHaveProperty('products');
    expect(result).not.toHaveProperty('categories');
  });
});
