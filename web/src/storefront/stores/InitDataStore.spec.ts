import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { fixture, initPayload, steerableClock } from '../testing/fixtures';
import { DATA_MAX_AGE_MS, InitDataStore } from './InitDataStore';

describe(InitDataStore.name, () => {
  describe('load', () => {
    it('reads every entry of /api/init and counts the load', async () => {
      const fetch = fakeFetch(json(200, { data: initPayload(fixture()) }));
      const data = new InitDataStore(new ApiClient({ fetch }), () => new Date('2026-03-02T11:00:00Z'));

      await data.load();

      expect(fetch.calls[0].url).toBe('/api/init');
      expect(data.branches.map((branch) => branch.identifier)).toEqual(['wien', 'graz']);
      expect(data.menus.map((menu) => menu.id)).toEqual([1]);
      expect(data.config?.shopName).toBe('Gruber & Linde');
      expect(data.isLoaded).toBe(true);
      expect(data.version).toBe(1);
      expect(data.loadedAt?.toISOString()).toBe('2026-03-02T11:00:00.000Z');
    });

    it('shares one request between concurrent calls', async () => {
      const fetch = fakeFetch(json(200, { data: initPayload(fixture()) }));
      const data = new InitDataStore(new ApiClient({ fetch }), () => new Date());
      await Promise.all([data.load(), data.load(), data.ensureLoaded()]);
      expect(fetch.calls).toHaveLength(1);
    });

    it('shows the German error of section 8 and keeps nothing when the server fails', async () => {
      const data = new InitDataStore(
        new ApiClient({ fetch: fakeFetch(json(500, { errors: [] })) }),
        () => new Date(),
      );
      await data.load();
      expect(data.status).toBe('error');
      expect(data.error).toBe('Daten konnten nicht geladen werden.');
      expect(data.isLoaded).toBe(false);
    });
  });

  describe('reloadIfStale', () => {
    it('reloads only once the data is 4 hours old', async () => {
      const clock = steerableClock('2026-03-02T11:00:00Z');
      const fetch = fakeFetch(
        json(200, { data: initPayload(fixture()) }),
        json(200, { data: initPayload(fixture({ menus: [] })) }),
      );
      const data = new InitDataStore(new ApiClient({ fetch }), clock);
      await data.load();

      clock.advance(DATA_MAX_AGE_MS - 1);
      expect(data.reloadIfStale()).toBe(false);
      clock.advance(1);
      expect(data.reloadIfStale()).toBe(true);
      await data.ensureLoaded();

      expect(fetch.calls).toHaveLength(2);
      expect(data.menus).toEqual([]);
      expect(data.version).toBe(2);
    });
  });
});
