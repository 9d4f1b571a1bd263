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
