/**
 * Wall-clock time in an IANA time zone, with nothing but `Intl`: instant → local date and time, local date and
 * time → instant (DST-aware), and calendar-date arithmetic on `YYYY-MM-DD` strings.
 *
 * Local times that do not exist (the hour skipped when DST starts) resolve to the moment the clock jumps
 * (02:30 → the instant the clock goes from 02:00 to 03:00), the first instant whose wall time is not earlier:
 * so "opens at 02:30" opens at 03:00 and "closes at 02:30" closes at 03:00, exactly as a wall clock compared
 * with `HH:MM` would say. Local times that exist twice (the hour repeated when DST ends) resolve to the earlier
 * instant.
 *
 * @packageDocumentation
 */
import { DEFAULT_TIME_ZONE } from './contract/branch.js';
import type { IsoDate } from './contract/base.js';

/** A wall-clock reading in a time zone. */
export interface LocalDateTime {
  /** Calendar date `YYYY-MM-DD`. */
  date: IsoDate;
  /** Year. */
  year: number;
  /** Month 1-12. */
  month: number;
  /** Day of month 1-31. */
  day: number;
  /** Hour 0-23. */
  hour: number;
  /** Minute 0-59. */
  minute: number;
  /** Second 0-59. */
  second: number;
  /** Minutes since local midnight (0-1439). */
  minutesOfDay: number;
  /** ISO weekday index: 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** `YYYY-MM-DD` of a year, month (1-12) and day. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Splits `YYYY-MM-DD` into numbers; throws a RangeError on anything else. */
export function parseIsoDate(date: IsoDate): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function utcMidnight(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  return Date.UTC(year, month - 1, day);
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const shifted = new Date(utcMidnight(date) + days * DAY);
  return isoDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY);
}

/** The period of the same length just before `from … to` (inclusive dates): the statistics' comparison. */
export function previousPeriod(from: IsoDate, to: IsoDate): { from: IsoDate; to: IsoDate } {
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** ISO weekday index of a calendar date: 0 = Monday … 6 = Sunday. */
export function weekdayOf(date: IsoDate): number {
  return (new Date(utcMidnight(date)).getUTCDay() + 6) % 7;
}

/** The wall-clock reading of an instant in a time zone. */
export function toLocal(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): LocalDateTime {
  const ms = instant.getTime();
  const offset = quarterOffset(ms, timeZone);
  if (offset === null) return readLocal(instant, timeZone);
  const wall = new Date(ms + offset);
  return reading(
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    (wall.getUTCDay() + 6) % 7,
  );
}

/** A wall-clock reading of its parts (the weekday from the date when not given). */
function reading(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  weekday?: number,
): LocalDateTime {
  const date = isoDate(year, month, day);
  return {
    date,
    year,
    month,
    day,
    hour,
    minute,
    second,
    minutesOfDay: hour * 60 + minute,
    weekday: weekday ?? weekdayOf(date),
  };
}

/** The wall-clock reading through Intl's formatToParts (about 5 µs a call, so {@link toLocal} keeps offsets). */
function readLocal(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year, month, day, minute, second } = parts as Record<
    'year' | 'month' | 'day' | 'minute' | 'second',
    number
  >;
  const hour = parts.hour === 24 ? 0 : (parts.hour as number);
  return reading(year, month, day, hour, minute, second);
}

/** The local calendar date of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): IsoDate {
  return toLocal(instant, timeZone).date;
}

/** Offset of the zone from UTC at an instant, in minutes (Vienna: 60 in winter, 120 in summer). */
export function offsetMinutes(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const ms = instant.getTime();
  return Math.round((quarterOffset(ms, timeZone) ?? exactOffset(ms, timeZone)) / MINUTE);
}

const QUARTER = 15 * MINUTE;
/** Instants before this are read through Intl each time (Date.UTC would read years 0–99 as 1900–1999). */
const CACHED_FROM = Date.UTC(1900, 0, 1);
const QUARTERS_PER_ZONE = 4096;

/**
 * The zone's offsets already read, by zone and quarter hour of UTC (NaN: a quarter with a transition in
 * it). Opening hours, slots and every order ask the wall time of the same few hours again and again, each
 * time through Intl's formatToParts; a quarter hour whose first and last second have the same offset has it
 * throughout, so it is kept (bounded per zone, emptied when full) and the reading is plain arithmetic. The
 * per-second cache this replaces made the store page's first render 40 ms shorter on a phone (issue 10);
 * an order read the wall time about 28 times, 3 % of the server's time per order (issue 29).
 */
const quarterOffsets = new Map<string, Map<number, number>>();

/** The offset (ms) that holds through the whole quarter hour of `ms`, or null when it changes in it. */
function quarterOffset(ms: number, timeZone: string): number | null {
  if (!(ms >= CACHED_FROM)) return null; // an invalid date's NaN too
  const quarter = Math.floor(ms / QUARTER);
  let zone = quarterOffsets.get(timeZone);
  let offset = zone?.get(quarter);
  if (offset === undefined) {
    const first = exactOffset(quarter * QUARTER, timeZone);
    offset = first === exactOffset((quarter + 1) * QUARTER - 1000, timeZone) ? first : Number.NaN;
    if (!zone) quarterOffsets.set(timeZone, (zone = new Map()));
    if (zone.size >= QUARTERS_PER_ZONE) zone.clear();
    zone.set(quarter, offset);
  }
  return Number.isNaN(offset) ? null : offset;
}

/** The offset (ms, whole seconds) at an instant, read through Intl. */
function exactOffset(ms: number, timeZone: string): number {
  const wholeSeconds = Math.floor(ms / 1000) * 1000;
  const local = readLocal(new Date(wholeSeconds), timeZone);
  return (
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - wholeSeconds
  );
}

/**
 * The instant of a wall-clock time: `minutes` after local midnight of `date` (values ≥ 1440 run into the
 * following days, so `24:00` is the next midnight). Times in a DST gap give the moment of the jump, repeated
 * times the earlier instant (see the module notes).
 */
export function fromLocal(date: IsoDate, minutes: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const wall = utcMidnight(date) + minutes * MINUTE;
  const offsetBefore = offsetMinutes(new Date(wall - DAY), timeZone);
  const offsetAfter = offsetMinutes(new Date(wall + DAY), timeZone);
  const before = wall - offsetBefore * MINUTE;
  const after = wall - offsetAfter * MINUTE;
  const beforeValid = offsetMinutes(new Date(before), timeZone) === offsetBefore;
  const afterValid = offsetMinutes(new Date(after), timeZone) === offsetAfter;
  if (beforeValid && afterValid) return new Date(Math.min(before, after));
  if (afterValid) return new Date(after);
  if (beforeValid) return new Date(before);
  return transitionBetween(after, before, offsetAfter, timeZone);
}

/** The first instant in `(low, high]` whose offset is `offsetAfter` (binary search to the minute). */
function transitionBetween(low: number, high: number, offsetAfter: number, timeZone: string): Date {
  let lo = Math.floor(low / MINUTE) * MINUTE;
  let hi = Math.ceil(high / MINUTE) * MINUTE;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / MINUTE / 2) * MINUTE;
    if (offsetMinutes(new Date(mid), timeZone) === offsetAfter) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** The instant of local midnight starting `date`. */
export function startOfLocalDay(date: IsoDate, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return fromLocal(date, 0, timeZone);
}

/** `HH:mm` of an instant in a time zone (spec section 9). */
export function formatTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const local = toLocal(instant, timeZone);
  return `${pad(local.hour)}:${pad(local.minute)}`;
}

/** `DD.MM.YYYY` of a calendar date (spec section 9). */
export function formatIsoDate(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
}

/** `DD.MM.YYYY` of an instant in a time zone. */
export function formatDate(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatIsoDate(localDate(instant, timeZone));
}

/**
 * Minutes after midnight of a time of day: `"HH:MM"` (also `"H:MM"` and `"HH:MM:SS"`); `"24:00"` is 1440.
 * `null` for anything else.
 */
export function parseTimeOfDay(text: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

/** `HH:MM` of minutes after midnight (1440 → `24:00`). */
export function formatTimeOfDay(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
