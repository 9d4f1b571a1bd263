/**
 * The staff time clock (Zeiterfassung at the staff entrance): which step an employee may take next, and
 * how long an activity has been worked. The backend enforces these rules; the tablet shows only the
 * buttons they allow. See docs/decisions/time-tracking.md.
 */

import type { MarketProfile } from './market.js';

/** What the clock shows about an employee: no open activity, working, in a pause. */
export type TimeClockState = 'none' | 'running' | 'paused';

/** The four steps of the clock: Kommen, Pause, Weiter, Gehen. */
export const TIME_CLOCK_ACTIONS = ['start', 'pause', 'resume', 'end'] as const;
export type TimeClockAction = (typeof TIME_CLOCK_ACTIONS)[number];

/** The employee's PIN for the clock: 4 to 8 digits. */
export const TIME_CLOCK_PIN_PATTERN = /^\d{4,8}$/;

const ALLOWED: Record<TimeClockState, readonly TimeClockAction[]> = {
  none: ['start'],
  running: ['pause', 'end'],
  // Leaving from a pause ends the pause at the same moment (the pause stays unpaid).
  paused: ['resume', 'end'],
};

/** The steps allowed from a state: none → start; running → pause or end; paused → resume or end. */
export function allowedClockActions(state: TimeClockState): readonly TimeClockAction[] {
  return ALLOWED[state];
}

/** Whether `action` may follow `state`. */
export function isClockActionAllowed(state: TimeClockState, action: TimeClockAction): boolean {
  return ALLOWED[state].includes(action);
}

/** The parts of a working activity the time computation needs (ISO 8601 strings). */
export interface TimedActivity {
  startedAt: string;
  endedAt: string | null;
  pauses: ReadonlyArray<{ start: string; end: string | null }>;
}

/**
 * Milliseconds worked: from the start to the end (or `now` while open), less every pause (an open pause
 * up to the end or `now`). Never negative.
 */
export function workedMs(activity: TimedActivity, now: Date): number {
  const until = activity.endedAt ? Date.parse(activity.endedAt) : now.getTime();
  const paused = activity.pauses.reduce((sum, p) => {
    const start = Date.parse(p.start);
    const end = Math.min(p.end ? Date.parse(p.end) : until, until);
    return sum + Math.max(0, end - start);
  }, 0);
  return Math.max(0, until - Date.parse(activity.startedAt) - paused);
}

/**
 * The part of an activity inside [from, to) (an open one up to `now`), its pauses cut to that part; an
 * activity that does not touch the span becomes empty (0 ms worked).
 */
export function activityWithin(activity: TimedActivity, now: Date, from: Date, to: Date): TimedActivity {
  const until = activity.endedAt ? Date.parse(activity.endedAt) : now.getTime();
  const lo = Math.max(Date.parse(activity.startedAt), from.getTime());
  const hi = Math.min(until, to.getTime());
  if (hi <= lo) {
    const none = new Date(lo).toISOString();
    return { startedAt: none, endedAt: none, pauses: [] };
  }
  const pauses = activity.pauses
    .map((p) => ({
      start: Math.max(Date.parse(p.start), lo),
      end: Math.min(p.end ? Date.parse(p.end) : until, hi),
    }))
    .filter((p) => p.end > p.start)
    .map((p) => ({ start: new Date(p.start).toISOString(), end: new Date(p.end).toISOString() }));
  return { startedAt: new Date(lo).toISOString(), endedAt: new Date(hi).toISOString(), pauses };
}

/**
 * Milliseconds worked inside [from, to). The one rule for days (week overview, statistics): a shift across
 * midnight counts in each day with its part, and its pauses likewise, split exactly at local midnight.
 */
export function workedMsWithin(activity: TimedActivity, now: Date, from: Date, to: Date): number {
  return workedMs(activityWithin(activity, now, from, to), now);
}

/** Whole minutes worked (an unfinished minute does not count), see {@link workedMs}. */
export function workedMinutes(activity: TimedActivity, now: Date): number {
  return Math.floor(workedMs(activity, now) / 60_000);
}

/** "7:05" for 425 minutes: hours and minutes worked, as the clock and the week overview show them. */
export function formatWorkedMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** A user whose clock PIN the caller may set: one row of `GET /api/time-tracking/pins` (never the hash). */
export interface ClockPinHolder {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  branches: Array<{ id: number; name: string }>;
  hasPin: boolean;
}

/**
 * One tile of the clock's staff list (`GET /api/time-tracking/{branchId}/{apiKey}/staff`): a person
 * assigned to the branch who can clock in. Only what the tile shows: the id the tablet sends with the
 * PIN (`X-User-Id`), the name and its initials; never the user name, roles or anything else.
 */
export interface ClockStaffMember {
  id: number;
  /** First and last name ("Anna Muster"). */
  name: string;
  /** Up to two capital letters for the tile ("AM"). */
  initials: string;
}

/**
 * The initials of a tile: the first letters of first and last name ("Anna" "Muster" → "AM"), of the two
 * first words of a single name ("Anna-Lena" → "A"; "Anna Lena" → "AL"), uppercased in German. Empty names
 * give "?".
 */
export function staffInitials(firstName: string, lastName: string): string {
  const letter = (word: string) => Array.from(word.trim())[0] ?? '';
  const first = firstName.trim();
  const last = lastName.trim();
  const words = [first, last].filter(Boolean).join(' ').split(/\s+/).filter(Boolean);
  const initials = first && last ? letter(first) + letter(last) : words.slice(0, 2).map(letter).join('');
  return initials.toLocaleUpperCase('de-DE') || '?';
}

/**
 * The words of the working activities' types: "Arbeit", "Urlaub" and the market's word for sick leave
 * ("Krankmeldung" in Germany, "Krankenstand" in Austria).
 */
export function activityTypeLabels(market: MarketProfile): Record<'work' | 'holiday' | 'sick', string> {
  return { work: 'Arbeit', holiday: 'Urlaub', sick: market.sickLeave };
}
