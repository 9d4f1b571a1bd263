import {
  formatIsoDate,
  formatTimeOfDay,
  localDate,
  ruleWindow,
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

/** The day's windows, overlapping ones merged: `07:00 – 16:30 Uhr`, `11:00 – 14:00, 17:00 – 22:00 Uhr`. */
function timesOf(rules: readonly OpeningHourRule[]): string {
  const windows = rules
    .map((rule) => ruleWindow(rule))
    .filter((window): window is { from: number; to: number } => window !== null)
    .sort((a, b) => a.from - b.from);
  const merged: Array<{ from: number; to: number }> = [];
  for (const window of windows) {
    const last = merged.at(-1);
    if (last && window.from <= last.to) last.to = Math.max(last.to, window.to);
    else merged.push({ ...window });
  }
  if (merged.length === 0) return 'geschlossen';
  // Past midnight the end is read on the next day (`18:00 – 02:00`).
  const end = (to: number) => formatTimeOfDay(to > 1440 ? to - 1440 : to);
  return `${merged.map((window) => `${formatTimeOfDay(window.from)} – ${end(window.to)}`).join(', ')} Uhr`;
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
