import { ApiClient } from '../api/ApiClient';
import { fakeFetch, json } from '../testing/fakeFetch';
import { serverProbe } from './probe';

describe(serverProbe.name, () => {
  it('is true when /api/health answers ok', async () => {
    const fetch = fakeFetch(json(200, { data: { status: 'ok', database: 'ok' } }));
    await expect(serverProbe(new ApiClient({ fetch }))()).resolves.toBe(true);
    expect(fetch.calls[0].url).toBe('/api/health');
  });

  it('is true when the server answers with an error: the connection works', async () => {
    const fetch = fakeFetch(json(503, { errors: [{ message: 'Die Datenbank ist nicht erreichbar.' }] }));
    await expect(serverProbe(new ApiClient({ fetch }))()).resolves.toBe(true);
  });

  it('is false when the server cannot be reached', async () => {
    const fetch = fakeFetch(new TypeError('Failed to fetch'));
    await expect(serverProbe(new ApiClient({ fetch }))()).resolves.toBe(false);
  });
});
