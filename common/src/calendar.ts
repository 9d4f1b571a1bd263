/**
 * The date picker's calendar (spec sections 2 and 9): German month and weekday names, ISO week numbers and the
 * month grid, Monday first.
 *
 * @packageDocumentation
 */
import type { IsoDate } from './contract/base.js';
import { addDays, isoDate, parseIsoDate, weekdayOf } from './zoned-time.js';

/** German month names, January first. */
export const MONTH_NAMES_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** Short German weekday names of the calendar header, Monday first: Mo … So. */
export const WEEKDAY_SHORT_NAMES_DE = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;

/** The ISO 8601 week number of a date (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekNumber(date: IsoDate): number {
  const thursday = addDays(date, 3 - weekdayOf(date));
  const { year } = parseIsoDate(thursday);
  const firstThursday = addDays(isoDate(year, 1, 4), 3 - weekdayOf(isoDate(year, 1, 4)));
  const days = Math.round((Date.parse(thursday) - Date.parse(firstThursday)) / 86_400_000);
  return 1 + days / 7;
}

/** The month title of the picker: "März 2026". */
export function monthTitle(year: number, month: number): string {
  return `${MONTH_NAMES_DE[month - 1]} ${year}`;
}

/** One day cell of the picker. */
export interface CalendarDay {
  /** The date. */
  date: IsoDate;
  /** Day of month. */
  day: number;
  /** Belongs to the shown month (false for the leading/trailing days of neighbouring months). */
  isInMonth: boolean;
  /** Before today: disabled. */
  isPast: boolean;
  /** Today. */
  isToday: boolean;
  /** Selectable: not past and in the available days. */
  isAvailable: boolean;
}

/** One row of the picker: an ISO week. */
export interface CalendarWeek {
  /** ISO week number. */
  week: number;
  /** Monday … Sunday. */
  days: CalendarDay[];
}

/**
 * The month grid of the date picker: full ISO weeks (Monday first) covering the month; a day is available
 * when it is not before `today` and is in `availableDays`.
 */
export function monthGrid(
  year: number,
  month: number,
  today: IsoDate,
  availableDays: ReadonlySet<IsoDate>,
): CalendarWeek[] {
  const first = isoDate(year, month, 1);
  let cursor = addDays(first, -weekdayOf(first));
  const weeks: CalendarWeek[] = [];
  do {
    const days: CalendarDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      const date = addDays(cursor, i);
      const parts = parseIsoDate(date);
      const isPast = date < today;
      days.push({
        date,
        day: parts.day,
        isInMonth: parts.month === month,
        isPast,
        isToday: date === today,
        isAvailable: !isPast && availableDays.has(date),
      });
    }
    weeks.push({ week: isoWeekNumber(cursor), days });
    cursor = addDays(cursor, 7);
  } while (parseIsoDate(cursor).month === month && parseIsoDate(cursor).year === year);
  return weeks;
}

/** The month before (`-1`) or after (`+1`) a month, for the picker's arrows. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
