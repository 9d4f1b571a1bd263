/**
 * Opening and delivery hours (spec section 4, "Branch open state"), evaluated in the branch's IANA time zone.
 *
 * ## How rules combine for a calendar date
 * 1. `once` rules whose `date` is that date define the day, regardless of their position in the list (a
 *    holiday or special day must not be undone by list order). A `once` rule therefore applies in its own
 *    week only — on its own date.
 * 2. Otherwise the `daily` and weekday rules apply in list order: a later rule of a different type for the
 *    same weekday replaces what came before (`daily 09-18` then `saturday 10-14` → Saturday 10-14); a later
 *    rule of the same type adds a window (two `monday` rules = a split shift).
 * 3. A rule with `isClosed` contributes no window (so a closed rule alone closes the day).
 *
 * ## Windows
 * A window is `[from, to)` (start inclusive, end exclusive) in local wall-clock time:
 * - `to` of `00:00` or `24:00` means midnight at the end of the day (`00:00`-`00:00` is the whole day);
 * - `to` earlier than `from` passes midnight: the window belongs to the day it starts on and ends at `to` on
 *   the next day (`friday 18:00-02:00` is open Saturday 01:30);
 * - `from` equal to `to` (other than `00:00`) is an empty window.
 * Adjacent or overlapping windows merge (`23:00-24:00` and next day `00:00-02:00` is one opening).
 *
 * ## Daylight saving
 * Windows are converted to instants per day, so a window lasts as long as the wall clock says: `00:00-24:00`
 * is 23 hours on the day DST starts and 25 hours on the day it ends. A boundary inside the skipped hour is the
 * moment of the jump (02:30 → 03:00, as a wall clock compared with `HH:MM` would say); a boundary inside the
 * repeated hour takes its first occurrence.
 *
 * @packageDocumentation
 */
import type { IsoDate } from './contract/base.js';
import {
  DEFAULT_TIME_ZONE,
  WEEKDAY_RULE_TYPES,
  type Branch,
  type OpeningHourRule,
} from './contract/branch.js';
import { t } from './i18n/de.js';
import { translator, type TextLanguage } from './i18n/en.js';
import {
  addDays,
  daysBetween,
  formatIsoDate,
  formatTime,
  fromLocal,
  localDate,
  parseTimeOfDay,
  weekdayOf,
} from './zoned-time.js';

/** A set of hours rules with the time zone they are read in. */
export interface Hours {
  /** The rules. */
  rules: readonly OpeningHourRule[];
  /** IANA time zone (default `Europe/Vienna`). */
  timeZone?: string;
}

/** A half-open span of time `[start, end)`. */
export interface Interval {
  /** First instant inside. */
  start: Date;
  /** First instant after. */
  end: Date;
}

/** Less than this many minutes left counts as closing soon (spec section 9). */
export const CLOSING_SOON_MINUTES = 60;

/** How many days ahead the weekly rules are searched for the next opening or closing. */
export const WEEK_LOOKAHEAD_DAYS = 8;

/** How far ahead `once` rules are considered for the next opening. */
export const ONCE_LOOKAHEAD_DAYS = 366;

/** German weekday names, Monday first (index = ISO weekday 0-6). */
export const WEEKDAY_NAMES_DE = [
  'Montag',
  'Dienstag',
  'Mittwoch',
  'Donnerstag',
  'Freitag',
  'Samstag',
  'Sonntag',
] as const;

/** The opening hours of a branch. */
export function openingHoursOf(branch: Pick<Branch, 'openingHours' | 'timeZone'>): Hours {
  return { rules: branch.openingHours ?? [], timeZone: branch.timeZone || DEFAULT_TIME_ZONE };
}

/** The hours delivery follows: delivery hours when enabled, else the opening hours (spec section 4). */
export function deliveryHoursOf(
  branch: Pick<Branch, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled' | 'timeZone'>,
): Hours {
  return {
    rules: branch.isDeliveryHoursEnabled ? (branch.deliveryHours ?? []) : (branch.openingHours ?? []),
    timeZone: branch.timeZone || DEFAULT_TIME_ZONE,
  };
}

/**
 * The window of a rule in minutes after the local midnight of its day: `to` may exceed 1440 when the window
 * passes midnight. `null` when the rule is closed, malformed or empty.
 */
export function ruleWindow(
  rule: Pick<OpeningHourRule, 'isClosed' | 'from' | 'to'>,
): { from: number; to: number } | null {
  if (rule.isClosed) return null;
  const from = parseTimeOfDay(rule.from);
  let to = parseTimeOfDay(rule.to);
  if (from === null || to === null || from >= 1440) return null;
  if (to === 0) to = 1440;
  if (to === from) return null;
  if (to < from) to += 1440;
  return { from, to };
}

/** The rules that define a calendar date (see the module notes); closed rules included. */
export function rulesForDate(rules: readonly OpeningHourRule[], date: IsoDate): OpeningHourRule[] {
  const once = rules.filter(
    (rule) => rule.type === 'once' && typeof rule.date === 'string' && rule.date.slice(0, 10) === date,
  );
  if (once.length > 0) return once;
  const weekday = WEEKDAY_RULE_TYPES[weekdayOf(date)];
  let current: OpeningHourRule[] = [];
  for (const rule of rules) {
    if (rule.type !== 'daily' && rule.type !== weekday) continue;
    if (current.length > 0 && current[0].type === rule.type) current.push(rule);
    else current = [rule];
  }
  return current;
}

/** The windows starting on a calendar date as instants (not merged). */
export function windowsStartingOn(hours: Hours, date: IsoDate): Interval[] {
  const timeZone = hours.timeZone ?? DEFAULT_TIME_ZONE;
  const intervals: Interval[] = [];
  for (const rule of rulesForDate(hours.rules, date)) {
    const window = ruleWindow(rule);
    if (!window) continue;
    const start = fromLocal(date, window.from, timeZone);
    const end = fromLocal(date, window.to, timeZone);
    if (end > start) intervals.push({ start, end });
  }
  return intervals;
}

/** Sorts intervals and merges overlapping or touching ones. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start.getTime() <= last.end.getTime()) {
      if (interval.end > last.end) last.end = interval.end;
    } else {
      merged.push({ start: interval.start, end: interval.end });
    }
  }
  return merged;
}

/**
 * The merged open intervals of windows starting on the calendar dates `firstDate` … `lastDate` (the day
 * before is included too, for windows passing midnight into `firstDate`).
 */
export function openIntervals(hours: Hours, firstDate: IsoDate, lastDate: IsoDate): Interval[] {
  const windows: Interval[] = [];
  const days = daysBetween(firstDate, lastDate);
  for (let offset = -1; offset <= days; offset += 1)
    windows.push(...windowsStartingOn(hours, addDays(firstDate, offset)));
  return mergeIntervals(windows);
}

function contains(interval: Interval, at: Date): boolean {
  return interval.start.getTime() <= at.getTime() && at.getTime() < interval.end.getTime();
}

/** Whether the hours are open at an instant. */
export function isOpenAt(hours: Hours, at: Date): boolean {
  const today = localDate(at, hours.timeZone ?? DEFAULT_TIME_ZONE);
  return openIntervals(hours, today, today).some((interval) => contains(interval, at));
}

/**
 * When the current opening ends: the end of the merged interval containing `at`. `null` when closed at `at`,
 * or when the opening lasts beyond the one-week look-ahead (a branch open around the clock).
 */
export function closesAt(hours: Hours, at: Date): Date | null {
  const today = localDate(at, hours.timeZone ?? DEFAULT_TIME_ZONE);
  const lastDate = addDays(today, WEEK_LOOKAHEAD_DAYS);
  const intervals = openIntervals(hours, today, lastDate);
  const current = intervals.find((interval) => contains(interval, at));
  if (!current) return null;
  const horizon = fromLocal(addDays(lastDate, 1), 0, hours.timeZone ?? DEFAULT_TIME_ZONE);
  return current.end.getTime() >= horizon.getTime() ? null : current.end;
}

/** Whether fewer than {@link CLOSING_SOON_MINUTES} minutes of the current opening are left. */
export function isClosingSoon(hours: Hours, at: Date): boolean {
  const end = closesAt(hours, at);
  return end !== null && end.getTime() - at.getTime() < CLOSING_SOON_MINUTES * 60_000;
}

/**
 * The next moment the hours open after `at` (strictly later; `null` when none within a year). Weekly rules
 * are searched for a week, `once` rules up to {@link ONCE_LOOKAHEAD_DAYS} days ahead.
 */
export function nextOpening(hours: Hours, at: Date): Date | null {
  const timeZone = hours.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDate(at, timeZone);
  const weekly = openIntervals(hours, today, addDays(today, WEEK_LOOKAHEAD_DAYS)).find(
    (interval) => interval.start > at,
  );
  if (weekly) return weekly.start;
  const onceDates = [
    ...new Set(
      hours.rules
        .filter((rule) => rule.type === 'once' && typeof rule.date === 'string')
        .map((rule) => (rule.date as string).slice(0, 10)),
    ),
  ]
    .filter(
      (date) =>
        daysBetween(today, date) > WEEK_LOOKAHEAD_DAYS && daysBetween(today, date) <= ONCE_LOOKAHEAD_DAYS,
    )
    .sort();
  for (const date of onceDates) {
    const opening = openIntervals(hours, date, date).find((interval) => interval.start > at);
    if (opening) return opening.start;
  }
  return null;
}

/** Open state of one set of hours at an instant. */
export interface OpenState {
  /** Open now. */
  isOpen: boolean;
  /** End of the current opening (null when closed or open beyond a week). */
  closesAt: Date | null;
  /** Fewer than 60 minutes left. */
  isClosingSoon: boolean;
  /** Next opening when closed (null when open or none known). */
  nextOpening: Date | null;
}

/** Everything the UI needs about one set of hours at an instant. */
export function openState(hours: Hours, at: Date): OpenState {
  const isOpen = isOpenAt(hours, at);
  const end = isOpen ? closesAt(hours, at) : null;
  return {
    isOpen,
    closesAt: end,
    isClosingSoon: end !== null && end.getTime() - at.getTime() < CLOSING_SOON_MINUTES * 60_000,
    nextOpening: isOpen ? null : nextOpening(hours, at),
  };
}

/** Whether the branch is open at an instant (opening hours). */
export function isBranchOpen(branch: Pick<Branch, 'openingHours' | 'timeZone'>, at: Date): boolean {
  return isOpenAt(openingHoursOf(branch), at);
}

/** Whether delivery is open at an instant (delivery hours when enabled, else opening hours). */
export function isDeliveryOpen(
  branch: Pick<Branch, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled' | 'timeZone'>,
  at: Date,
): boolean {
  return isOpenAt(deliveryHoursOf(branch), at);
}

/** English weekday names, Monday first (the kiosk's English face). */
export const WEEKDAY_NAMES_EN = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/**
 * The day of a next opening relative to `now`: `null` for today, the weekday name within six days (German,
 * or English for the kiosk's English face), else the date `DD.MM.YYYY`.
 */
export function dayLabel(
  next: Date,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  language: TextLanguage = 'de',
): string | null {
  const nextDate = localDate(next, timeZone);
  const days = daysBetween(localDate(now, timeZone), nextDate);
  if (days <= 0) return null;
  if (days <= 6) return (language === 'en' ? WEEKDAY_NAMES_EN : WEEKDAY_NAMES_DE)[weekdayOf(nextDate)];
  return formatIsoDate(nextDate);
}

/**
 * "Wir öffnen wieder um {time} Uhr." (today) or "Wir öffnen wieder am {day} um {time} Uhr."; for delivery
 * "Wir liefern wieder ab {time} Uhr." / "… am {day} ab {time} Uhr.". `null` when no next opening.
 */
export function reopeningText(
  next: Date | null,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  kind: 'opening' | 'delivery' = 'opening',
  language: TextLanguage = 'de',
): string | null {
  if (!next) return null;
  const say = translator(language);
  const time = formatTime(next, timeZone);
  const day = dayLabel(next, now, timeZone, language);
  if (kind === 'delivery') {
    return day === null
      ? say('branch.deliveryReopensToday', { time })
      : say('branch.deliveryReopensOn', { day, time });
  }
  return day === null ? say('branch.reopensToday', { time }) : say('branch.reopensOn', { day, time });
}

/**
 * The closed text of a branch card or store page: the next opening, else the branch's closed message, else
 * "Geschlossen" (spec section 4).
 */
export function closedText(
  branch: Pick<Branch, 'openingHours' | 'timeZone' | 'closedMessage'>,
  now: Date,
): string {
  const hours = openingHoursOf(branch);
  const next = nextOpening(hours, now);
  return reopeningText(next, now, hours.timeZone) ?? (branch.closedMessage?.trim() || t('branch.closed'));
}

/** The toolbar status of a selected branch. */
export interface BranchStatusLabel {
  /** "Geöffnet bis {time}", "Geöffnet" (open beyond a week) or "Geschlossen". */
  text: string;
  /** Warning style: closing within 60 minutes. */
  isWarning: boolean;
  /** Open now. */
  isOpen: boolean;
}

/** The toolbar's status of a selected branch (spec section 2). */
export function branchStatusLabel(
  branch: Pick<Branch, 'openingHours' | 'timeZone'>,
  now: Date,
): BranchStatusLabel {
  const hours = openingHoursOf(branch);
  const state = openState(hours, now);
  if (!state.isOpen) return { text: t('branch.closed'), isWarning: false, isOpen: false };
  if (!state.closesAt) return { text: t('branch.open'), isWarning: false, isOpen: true };
  return {
    text: t('branch.openUntil', { time: formatTime(state.closesAt, hours.timeZone) }),
    isWarning: state.isClosingSoon,
    isOpen: true,
  };
}

/** The toolbar's open-branch count: "1 Standort geöffnet", "N Standorte geöffnet", "Alle Standorte geschlossen". */
export function openBranchesText(openCount: number): string {
  if (openCount <= 0) return t('toolbar.allClosed');
  if (openCount === 1) return t('toolbar.oneOpen');
  return t('toolbar.manyOpen', { n: openCount });
}

/** How many of the branches are open at an instant. */
export function countOpenBranches(
  branches: readonly Pick<Branch, 'openingHours' | 'timeZone'>[],
  now: Date,
): number {
  return branches.filter((branch) => isBranchOpen(branch, now)).length;
}
