import { STATISTICS_SETS, type StatisticsSet } from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { parseSelection, presetOf, presetRange, selectionQuery, StatisticsStore } from './StatisticsStore';

const NOW = new Date('2026-12-02T10:00:00Z'); // Wednesday, 11:00 in Vienna

/** An answer per set, in the order the store asks (the order of STATISTICS_SETS). */
function answers(overrides: Partial<Record<StatisticsSet, Record<string, unknown>>> = {}) {
  const range = { from: '2026-11-03', to: '2026-12-02', branchId: null, byBranch: true };
  return STATISTICS_SETS.map((set) =>
    json(200, { data: { ...range, total: 0, series: [], byUser: [], ...overrides[set] } }),
  );
}

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const errors = new ErrorStore();
  const store = new StatisticsStore({ api: new ApiClient({ fetch }), errors, now: () => NOW });
  return { store, fetch, errors };
}

describe(StatisticsStore.name, () => {
  describe('presetRange', () => {
    it('ends each quick choice today; the month starts on its first', () => {
      expect(presetRange('today', '2026-12-02')).toEqual({ from: '2026-12-02', to: '2026-12-02' });
      expect(presetRange('7d', '2026-12-02')).toEqual({ from: '2026-11-26', to: '2026-12-02' });
      expect(presetRange('30d', '2026-12-02')).toEqual({ from: '2026-11-03', to: '2026-12-02' });
      expect(presetRange('month', '2026-12-02')).toEqual({ from: '2026-12-01', to: '2026-12-02' });
    });
  });

  describe('the URL query', () => {
    const TODAY = '2026-12-02';
    const DEFAULT = { from: '2026-11-03', to: '2026-12-02' };

    it('reads from, to and branch and writes them back the same way', () => {
      const wanted = parseSelection('?from=2026-11-01&to=2026-11-23&branch=4', TODAY);
      expect(wanted).toEqual({ from: '2026-11-01', to: '2026-11-23', branchId: 4 });
      expect(selectionQuery(wanted)).toBe('from=2026-11-01&to=2026-11-23&branch=4');
      expect(selectionQuery({ ...wanted, branchId: null })).toBe('from=2026-11-01&to=2026-11-23');
    });

    it.each([
      ['nothing', ''],
      ['no real day', '?from=2026-02-30&to=2026-03-01'],
      ['words', '?from=gestern&to=heute'],
      ['only one end', '?from=2026-11-01'],
      ['a reversed range', '?from=2026-12-01&to=2026-11-01'],
      ['more than 366 days', '?from=2025-01-01&to=2026-01-02'],
      ['a time appended', '?from=2026-11-01T00:00&to=2026-11-23'],
    ])('falls back to the last 30 days for %s', (_, search) => {
      expect(parseSelection(search, TODAY)).toEqual({ ...DEFAULT, branchId: null });
    });

    it.each(['0', '-3', 'x', '1.5', '4abc', '99999999999'])('ignores the branch %p', (branch) => {
      expect(parseSelection(`?from=2026-11-01&to=2026-11-23&branch=${branch}`, TODAY).branchId).toBeNull();
    });

    it('recognises a quick choice by its days, anything else is custom', () => {
      expect(presetOf('2026-11-26', '2026-12-02', TODAY)).toBe('7d');
      expect(presetOf('2026-12-01', '2026-12-02', TODAY)).toBe('month');
      expect(presetOf('2026-11-01', '2026-11-23', TODAY)).toBe('custom');
    });

    it('loads what the URL asks for, and corrects a branch that does not exist to every branch', async () => {
      const branches = json(200, { data: [{ id: 4, name: 'Linz' }] });
      const { store, fetch } = setup(branches, ...answers(), ...answers());
      await store.applyQuery('?from=2026-11-01&to=2026-11-23&branch=4');
      expect(fetch.calls[1]!.url).toBe(
        '/api/statistics/unique-visitors?from=2026-11-01&to=2026-11-23&branchId=4',
      );
      expect([store.preset, store.query]).toEqual(['custom', 'from=2026-11-01&to=2026-11-23&branch=4']);
      await store.applyQuery('?from=2026-11-01&to=2026-11-23&branch=4'); // the same again: no request
      expect(fetch.calls).toHaveLength(1 + STATISTICS_SETS.length);
      await store.applyQuery('?from=2026-11-26&to=2026-12-02&branch=9');
      expect(fetch.calls.at(-1)!.url).toBe(
        `/api/statistics/${STATISTICS_SETS.at(-1)}?from=2026-11-26&to=2026-12-02`,
      );
      expect([store.preset, store.branchId, store.query]).toEqual([
        '7d',
        null,
        'from=2026-11-26&to=2026-12-02',
      ]);
    });

    it('keeps what it shows when the URL comes without a query (back from another screen)', async () => {
      const { store, fetch } = setup(...answers());
      await store.applyQuery('');
      expect(store.query).toBe('from=2026-11-03&to=2026-12-02');
      await store.choose('custom');
      await store.applyQuery('');
      expect(fetch.calls).toHaveLength(STATISTICS_SETS.length);
    });
  });

  describe('load', () => {
    it('asks every set for the last 30 days by default and keeps the answers', async () => {
      const { store, fetch } = setup(
        ...answers({
          orders: { total: 3 },
          revenue: { total: 88.8, orders: 3, averageOrderValue: 29.6 },
          'unique-visitors': { total: 30 },
          conversion: { visitors: 8, buyers: 1, purchases: 1 },
        }),
      );
      await store.load();
      expect(fetch.calls.map((c) => c.url)).toEqual(
        STATISTICS_SETS.map((set) => `/api/statistics/${set}?from=2026-11-03&to=2026-12-02`),
      );
      expect(store.revenue).toMatchObject({ total: 88.8, averageOrderValue: 29.6 });
      expect(store.conversionRate).toBe(12.5); // 1 of 8 visitors with consent ordered
      expect(store.shown).toEqual({ from: '2026-11-03', to: '2026-12-02', branchId: null });
      expect(store.loading).toBe(false);
    });

    it('divides only consenting buyers by consenting visitors, never all orders (no "750 %")', async () => {
      const { store } = setup(
        ...answers({
          orders: { total: 15 },
          'unique-visitors': { total: 2 },
          conversion: { visitors: 2, buyers: 1, purchases: 3 },
        }),
      );
      await store.load();
      expect(store.conversionRate).toBe(50);
    });

    it('loads a quick choice and the branch filter', async () => {
      const { store, fetch } = setup(...answers(), ...answers());
      await store.choose('7d');
      await store.setBranch(4);
      expect(fetch.calls[0]!.url).toBe('/api/statistics/unique-visitors?from=2026-11-26&to=2026-12-02');
      expect(fetch.calls.at(-1)!.url).toBe(
        `/api/statistics/${STATISTICS_SETS.at(-1)}?from=2026-11-26&to=2026-12-02&branchId=4`,
      );
      expect(store.conversionRate).toBeNull(); // no visitor with consent
    });

    it('checks a custom range at its field before asking', async () => {
      const { store, fetch } = setup();
      await store.choose('custom');
      store.setFrom('2026-12-05');
      store.setTo('2026-12-01');
      await store.load();
      expect(store.rangeError).toEqual({
        field: 'to',
        message: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
      });
      store.setFrom('2024-01-01');
      store.setTo('2026-01-01');
      await store.load();
      expect(store.rangeError?.message).toBe('Der Zeitraum darf höchstens 366 Tage umfassen.');
      expect(fetch.calls).toHaveLength(0);
    });

    it('adds one German error with a retry when a set fails, and the retry loads again', async () => {
      const failing = answers();
      failing[4] = new Response('', { status: 500 });
      const { store, errors, fetch } = setup(...failing, ...answers({ orders: { total: 7 } }));
      await store.load();
      expect(errors.entries.map((e) => e.message)).toEqual(['Statistik konnte nicht geladen werden.']);
      expect(store.orders).toBeUndefined();
      await errors.retry(errors.entries[0]!.id);
      expect(errors.entries).toHaveLength(0);
      expect(store.orders?.total).toBe(7);
      expect(fetch.calls).toHaveLength(2 * STATISTICS_SETS.length);
    });

    it('shows the server’s first message when it sent one', async () => {
      const failing = answers();
      failing[0] = json(400, {
        errors: [{ field: 'to', message: 'Der Zeitraum darf höchstens 366 Tage umfassen.' }],
      });
      const { store, errors } = setup(...failing);
      await store.load();
      expect(errors.entries[0]!.message).toBe('Der Zeitraum darf höchstens 366 Tage umfassen.');
    });

    it('drops an answer that arrives after a newer request', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = answers({ orders: { total: 1 } }).map((r) => async () => {
        await gate;
        return r;
      });
      const { store } = setup(...slow, ...answers({ orders: { total: 2 } }));
      const first = store.load();
      await store.choose('7d');
      release();
      await first;
      expect(store.orders?.total).toBe(2);
      expect(store.shown?.from).toBe('2026-11-26');
    });
  });

  it('puts planned and worked time of each person side by side', async () => {
    const { store } = setup(
      ...answers({
        'working-activities': {
          byUser: [
            { userId: 2, name: 'Marie Huber', minutes: 450, activities: 1, holidayDays: 1, sickDays: 0 },
          ],
        },
        'working-schedules': {
          byUser: [
            { userId: 2, name: 'Marie Huber', minutes: 720, shifts: 2 },
            { userId: 3, name: 'Lena Leitner', minutes: 480, shifts: 1 },
          ],
        },
      }),
    );
    await store.load();
    expect(store.workingTime).toEqual([
      { userId: 2, name: 'Marie Huber', planned: 720, worked: 450, absenceDays: 1 },
      { userId: 3, name: 'Lena Leitner', planned: 480, worked: 0, absenceDays: 0 },
    ]);
  });
});
