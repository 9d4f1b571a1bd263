import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { TimeSheetStore, WORKING_TIME_FAILED } from './TimeSheetStore';

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
});
