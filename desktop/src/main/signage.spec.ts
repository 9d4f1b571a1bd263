import { fetchSignageTv } from './signage.js';

describe(fetchSignageTv.name, () => {
  const answering = (status: number, body: unknown, seen: Array<{ url: string; auth: string | null }> = []) =>
    (async (url: URL, init?: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;

  it('answers the identifier of the TV the device shows, asked with its key', async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    const fetchFn = answering(
      200,
      { data: { tv: { id: 3, identifier: 'schaufenster', name: 'S' }, segments: [] } },
      seen,
    );
    await expect(fetchSignageTv('http://shop', 'dk_1', fetchFn)).resolves.toBe('schaufenster');
    expect(seen).toEqual([{ url: 'http://shop/api/devices/me/signage', auth: 'Bearer dk_1' }]);
  });

  it('answers null when no TV is set', async () => {
    await expect(
      fetchSignageTv('http://shop', 'dk', answering(200, { data: { tv: null } })),
    ).resolves.toBeNull();
  });

  it('throws when the backend refuses, so the shell keeps the TV of its last start', async () => {
    await expect(fetchSignageTv('http://shop', 'dk', answering(503, {}))).rejects.toThrow('503');
  });
});
