import { availableDays } from './appointments.js';
import type { OpeningHourRule } from './contract/branch.js';
import {
  applySlotCapacity,
  firstAvailableTime,
  hasSlotLimit,
  isSlotFull,
  slotStart,
} from './slot-capacity.js';
import { fromLocal } from './zoned-time.js';

const VIENNA = 'Europe/Vienna';
const at = (date: string, time: string): Date => {
  const [h, m] = time.split(':').map(Number);
  return fromLocal(date, h! * 60 + m!, VIENNA);
};
const daily = (from: string, to: string): OpeningHourRule => ({ type: 'daily', isClosed: false, from, to });
const hhmm = (d: Date) =>
  d.toLocaleTimeString('de-AT', { timeZone: VIENNA, hour: '2-digit', minute: '2-digit' });

describe('slot capacity', () => {
  describe(slotStart.name, () => {
    it('floors a time to the start of its slot on the local quarter hours', () => {
      expect(slotStart(at('2026-11-20', '12:14'), 15)).toEqual(at('2026-11-20', '12:00'));
      expect(slotStart(at('2026-11-20', '12:15'), 15)).toEqual(at('2026-11-20', '12:15'));
      expect(slotStart(at('2026-07-20', '18:59'), 30)).toEqual(at('2026-07-20', '18:30'));
    });
  });

  describe(isSlotFull.name, () => {
    const taken = new Map([[at('2026-11-20', '12:00').getTime(), 2]]);
    it('is full when the slot holds as many orders as the capacity', () => {
      expect(isSlotFull(at('2026-11-20', '12:10'), taken, { slotMinutes: 15, capacity: 2 })).toBe(true);
      expect(isSlotFull(at('2026-11-20', '12:10'), taken, { slotMinutes: 15, capacity: 3 })).toBe(false);
      expect(isSlotFull(at('2026-11-20', '12:15'), taken, { slotMinutes: 15, capacity: 2 })).toBe(false);
    });
    it('is never full without a limit', () => {
      expect(hasSlotLimit({ slotMinutes: 15, capacity: null })).toBe(false);
      expect(isSlotFull(at('2026-11-20', '12:10'), taken, { slotMinutes: 15 })).toBe(false);
    });
  });

  describe(applySlotCapacity.name, () => {
    const days = availableDays(
      { rules: [daily('12:00', '13:00')], timeZone: VIENNA },
      at('2026-11-20', '08:00'),
      2,
    );

    it('splits a window around a full slot and keeps the rest', () => {
      const taken = new Map([[at('2026-11-20', '12:15').getTime(), 1]]);
      const result = applySlotCapacity(days, taken, { slotMinutes: 15, capacity: 1 });
      expect(result[0]!.windows.map((w) => [hhmm(w.from), hhmm(w.to)])).toEqual([
        ['12:00', '12:10'],
        ['12:30', '12:55'],
      ]);
      expect(result[1]).toEqual(days[1]);
    });

    it('drops a day whose slots are all full, and finds the next free time', () => {
      const taken = new Map(
        ['12:00', '12:15', '12:30', '12:45'].map((time) => [at('2026-11-20', time).getTime(), 4] as const),
      );
      const result = applySlotCapacity(days, taken, { slotMinutes: 15, capacity: 4 });
      expect(result.map((d) => d.date)).toEqual(['2026-11-21']);
      expect(firstAvailableTime(result)).toEqual(at('2026-11-21', '12:00'));
      expect(firstAvailableTime([])).toBeNull();
    });

    it('changes nothing without a limit', () => {
      expect(applySlotCapacity(days, new Map(), { slotMinutes: 15, capacity: null })).toEqual(days);
    });
  });
});
