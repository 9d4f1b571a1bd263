import {
  isoWeekNumber,
  monthGrid,
  monthTitle,
  MONTH_NAMES_DE,
  shiftMonth,
  WEEKDAY_SHORT_NAMES_DE,
} from './calendar.js';

describe('calendar', () => {
  describe(isoWeekNumber.name, () => {
    it('follows ISO 8601 at year boundaries', () => {
      expect(isoWeekNumber('2026-01-01')).toBe(1);
      expect(isoWeekNumber('2026-12-31')).toBe(53);
      expect(isoWeekNumber('2027-01-03')).toBe(53);
      expect(isoWeekNumber('2027-01-04')).toBe(1);
      expect(isoWeekNumber('2026-03-29')).toBe(13);
    });
  });

  describe(monthTitle.name, () => {
    it('uses German month names', () => {
      expect(monthTitle(2026, 3)).toBe('März 2026');
      expect(MONTH_NAMES_DE).toHaveLength(12);
      expect(WEEKDAY_SHORT_NAMES_DE).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    });
  });

  describe(monthGrid.name, () => {
    it('builds Monday-first ISO weeks covering the month with availability', () => {
      const weeks = monthGrid(2026, 3, '2026-03-24', new Set(['2026-03-23', '2026-03-25']));
      expect(weeks).toHaveLength(6);
      expect(weeks[0].week).toBe(9);
      expect(weeks[0].days[0]).toMatchObject({ date: '2026-02-23', isInMonth: false, isPast: true });
      expect(weeks[5].days[1]).toMatchObject({ date: '2026-03-31', day: 31, isInMonth: true });
      const day = (date: string) => weeks.flatMap((week) => week.days).find((d) => d.date === date);
      expect(day('2026-03-23')).toMatchObject({ isPast: true, isAvailable: false });
      expect(day('2026-03-24')).toMatchObject({ isToday: true, isAvailable: false });
      expect(day('2026-03-25')).toMatchObject({ isPast: false, isAvailable: true });
    });

    it('stops after the week holding the last day of the month', () => {
      expect(monthGrid(2027, 2, '2027-01-01', new Set())).toHaveLength(4);
    });
  });

  describe(shiftMonth.name, () => {
    it('moves across year boundaries', () => {
      expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
      expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    });
  });
});
