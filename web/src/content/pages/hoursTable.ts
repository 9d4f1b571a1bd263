import {
  formatIsoDate,
  localDate,
  rulesForDate,
  WEEKDAY_NAMES_DE,
  type OpeningHourRule,
} from '@ordering/common';

/** A Monday (2024-01-01): the reference week the weekday rules are read in. */
const REFERENCE_MONDAY = new Date(Date.UTC(2024, 0, 1));

/** One row of an hours table: a day and its times (`09:00 – 18:00 Uhr`) or `geschlossen`. */
export interface HoursRow {
  day: string;
  times: string;
}

function timesOf(rules: readonly OpeningHourRule[]): string {
  const open = rules.filter((rule) => !rule.isClosed);
  if (open.length === 0) return 'geschlossen';
  return `${open.map((rule) => `${rule.from} – ${rule.to === '00:00' ? '24:00' : rule.to}`).join(', ')} Uhr`;
}

/**
 * The week of a set of rules (daily and weekday rules combined as `common` combines them), Monday first,
 * followed by the special days (`once`) from today on, in date order.
 */
export function hoursTable(rules: readonly OpeningHourRule[], now: Date, timeZone: string): HoursRow[] {
  const weekly = rules.filter((rule) => rule.type !== 'once');
  const week = WEEKDAY_NAMES_DE.map((day, index) => {
    const date = new Date(REFERENCE_MONDAY.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { day, times: timesOf(rulesForDate(weekly, date)) };
  });
  const today = localDate(now, timeZone);
  const special = rules
    .filter(
      (rule) => rule.type === 'once' && typeof rule.date === 'string' && rule.date.slice(0, 10) >= today,
    )
    .map((rule) => rule.date!.slice(0, 10))
    .filter((date, index, all) => all.indexOf(date) === index)
    .sort()
    .map((date) => ({ day: formatIsoDate(date), times: timesOf(rulesForDate(rules, date)) }));
  return [...week, ...special];
}
