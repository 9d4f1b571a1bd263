import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { parseDays, TimeSheetStore, WORKING_TIME_FAILED } from './TimeSheetStore';

const days = [
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
];
const user = { id: 3, username: 'anna', firstName: 'Anna', lastName: 'Berger' };

describe(TimeSheetStore.name, () => {
  describe('load', () => {
    it('asks for the week of today in Vienna and the holiday balances of its year', async () => {
      const fetch = fakeFetch(
        json(200, {
          data: {
            week: '2026-11-16',
            days,
            rows: [{ user, days: [0, 0, 0, 0, 450, 0, 0], totalMinutes: 450 }],
          },
        }),
        json(200, {
          data: [
            {
              id: 1,
              user,
              year: 2026,
              entitlementDays: 25,
              carriedOverDays: 0,
              takenDays: 5,
              remainingDays: 20,
            },
          ],
        }),
      );
      // 23:30 UTC on Saturday is Sunday in Vienna.
      const store = new TimeSheetStore(new ApiClient({ fetch }), new Date('2026-11-21T23:30:00Z'));
      await store.load();
      expect(fetch.calls.map((c) => c.url)).toEqual([
        '/api/time-sheets/working-time?week=2026-11-22',
        '/api/time-sheets/holiday-balances?year=2026',
      ]);
      expect(store.week).toBe('2026-11-16');
      expect(store.rows[0]!.totalMinutes).toBe(450);
      expect(store.balances[0]!.remainingDays).toBe(20);
      expect(store.year).toBe(2026);
    });

    it('reports each failure with its own message and keeps the other part', async () => {
      const fetch = fakeFetch(
        json(500, {}),
        json(200, { data: [] }),
        json(200, { data: { week: '2026-11-16', days, rows: [] } }),
        json(500, {}),
      );
      const store = new TimeSheetStore(new ApiClient({ fetch }), new Date('2026-11-20T10:00:00Z'));
      await store.load();
      expect(store.weekError).toBe(WORKING_TIME_FAILED);
      expect(store.balancesError).toBeNull();
      await store.load();
      expect(store.weekError).toBeNull();
      expect(store.balancesError).toBe('Urlaubskonten konnten nicht geladen werden.');
    });
  });

  describe('moveWeek', () => {
    it('goes a week back into the previous year and asks for that year’s balances', async () => {
      const fetch = fakeFetch(
        json(200, { data: { week: '2025-12-29', days: [], rows: [] } }),
        json(200, { data: [] }),
      );
      const store = new TimeSheetStore(new ApiClient({ fetch }), new Date('2026-01-05T10:00:00Z'));
      await store.moveWeek(-1);
      expect(fetch.calls.map((c) => c.url)).toEqual([
        '/api/time-sheets/working-time?week=2025-12-29',
        '/api/time-sheets/holiday-balances?year=2025',
      ]);
    });
  });

  describe('saveBalance', () => {
    const row = {
      id: null,
      user,
      year: 2026,
      entitlementDays: 0,
      carriedOverDays: 0,
      takenDays: 2,
      remainingDays: -2,
    };

    it('creates a balance for a user without one, then reads the sheet again for the server\u2019s count', async () => {
      const fetch = fakeFetch(
        json(201, { data: { id: 9 } }),
        json(200, { data: { week: '2026-11-16', days, rows: [] } }),
        json(200, {
          data: [{ ...row, id: 9, entitlementDays: 25, carriedOverDays: 1.5, remainingDays: 24.5 }],
        }),
      );
      const store = new TimeSheetStore(new ApiClient({ fetch }), new Date('2026-11-20T10:00:00Z'));
      expect(await store.saveBalance(row, { entitlementDays: 25, carriedOverDays: 1.5 })).toBeNull();
      expect(fetch.calls[0]).toMatchObject({ url: '/api/holiday-balances', method: 'POST' });
      expect(fetch.calls[0]!.body).toEqual({
        user: { id: 3 },
        year: 2026,
        entitlementDays: 25,
        carriedOverDays: 1.5,
      });
      expect(store.balances[0]!.remainingDays).toBe(24.5);
    });

    it("answers the server's German message and field when it refuses", async () => {
      const fetch = fakeFetch(
        json(400, {
          errors: [{ message: 'Dieser Wert sollte kleiner oder gleich 366 sein.', field: 'entitlementDays' }],
        }),
      );
      const store = new TimeSheetStore(new ApiClient({ fetch }));
      expect(
        await store.saveBalance({ ...row, id: 4 }, { entitlementDays: 400, carriedOverDays: 0 }),
      ).toEqual({
        message: 'Dieser Wert sollte kleiner oder gleich 366 sein.',
        field: 'entitlementDays',
      });
      expect(fetch.calls[0]).toMatchObject({ url: '/api/holiday-balances/4', method: 'PUT' });
    });
  });

  describe('parseDays', () => {
    it.each([
      ['25', 25],
      ['2,5', 2.5],
      [' -1.5 ', -1.5],
      ['', null],
      ['zwei', null],
      ['1e3', null],
    ])('reads %p as %p', (text, value) => {
      expect(parseDays(text)).toBe(value);
    });
  });
});
