/**
 * The slot pickers' model (issue 25, "slots in one tap"): the bookable days as chips ("Heute", "Morgen",
 * "Sa 29.11.") and, for the chosen day, its times as buttons, full slots kept and marked full, grouped by
 * part of the day so that a long day stays readable.
 *
 * @packageDocumentation
 */
import type { AppointmentWindow } from './appointments.js';
import { WEEKDAY_SHORT_NAMES_DE } from './calendar.js';
import type { IsoDate } from './contract/base.js';
import { translator, type TextLanguage } from './i18n/en.js';
import { daysBetween, formatTime, parseIsoDate, toLocal, weekdayOf } from './zoned-time.js';

const MINUTE = 60_000;

/** Buttons lie this far apart at least (a 5-minute slot would give 130 buttons a day) … */
export const SLOT_BUTTON_MIN_MINUTES = 15;
/** … and at most (an hour-long slot still offers the half hours). */
export const SLOT_BUTTON_MAX_MINUTES = 30;

/** One time button. */
export interface SlotChoice {
  /** The instant it books. */
  time: Date;
  /** "12:30" in the branch's zone. */
  label: string;
  /** The slot holds as many orders as it may: shown, not choosable. */
  isFull: boolean;
}

/** The distance of the buttons for a branch's slot length (clamped to 15–30 minutes). */
export function slotButtonMinutes(slotMinutes: number): number {
  return Math.min(SLOT_BUTTON_MAX_MINUTES, Math.max(SLOT_BUTTON_MIN_MINUTES, slotMinutes || 0));
}

function timesOf(window: AppointmentWindow, stepMinutes: number): number[] {
  const step = stepMinutes * MINUTE;
  const times: number[] = [];
  for (let time = Math.ceil(window.from.getTime() / step) * step; time <= window.to.getTime(); time += step)
    times.push(time);
  // A window shorter than a step still offers its first time.
  return times.length > 0 ? times : [window.from.getTime()];
}

/**
 * The buttons of one day: the free windows' and the full windows' times on the step's grid (a window too
 * short for the grid gives its first time), in order; a time both free and full counts as free.
 */
export function slotChoices(
  free: readonly AppointmentWindow[],
  full: readonly AppointmentWindow[],
  slotMinutes: number,
  timeZone: string,
): SlotChoice[] {
  const step = slotButtonMinutes(slotMinutes);
  const byTime = new Map<number, boolean>();
  for (const window of full) for (const time of timesOf(window, step)) byTime.set(time, true);
  for (const window of free) for (const time of timesOf(window, step)) byTime.set(time, false);
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, isFull]) => ({ time: new Date(time), label: formatTime(new Date(time), timeZone), isFull }));
}

/** Parts of the day, by the local hour they start at. */
const PARTS = [
  { key: 'appointment.morning', from: 0 },
  { key: 'appointment.noon', from: 11 },
  { key: 'appointment.afternoon', from: 14 },
  { key: 'appointment.evening', from: 17 },
] as const;

/** A part of the day with its buttons. */
export interface SlotGroup {
  /** "Vormittag", "Mittag", "Nachmittag", "Abend". */
  label: string;
  slots: SlotChoice[];
}

/** The buttons grouped by part of the day (parts without a button left out). */
export function groupByPartOfDay(
  choices: readonly SlotChoice[],
  timeZone: string,
  language: TextLanguage = 'de',
): SlotGroup[] {
  const tr = translator(language);
  const groups = PARTS.map((part) => ({ label: tr(part.key), from: part.from, slots: [] as SlotChoice[] }));
  for (const choice of choices) {
    const hour = toLocal(choice.time, timeZone).hour;
    const group = [...groups].reverse().find((candidate) => hour >= candidate.from)!;
    group.slots.push(choice);
  }
  return groups.filter((group) => group.slots.length > 0).map(({ label, slots }) => ({ label, slots }));
}

/** English weekdays and months for the kiosk's English face. */
const WEEKDAY_SHORT_NAMES_EN = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTH_SHORT_NAMES_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * A day chip's two lines: "Heute" / "Morgen" / "Sa" and the short date "29.11." (English: "Today" / "Sat"
 * and "29 Nov", a form no reader takes for a month first).
 */
export function dayChipLabel(
  date: IsoDate,
  today: IsoDate,
  language: TextLanguage = 'de',
): { name: string; date: string } {
  const tr = translator(language);
  const { month, day } = parseIsoDate(date);
  const offset = daysBetween(today, date);
  const weekdays = language === 'en' ? WEEKDAY_SHORT_NAMES_EN : WEEKDAY_SHORT_NAMES_DE;
  const name =
    offset === 0
      ? tr('appointment.today')
      : offset === 1
        ? tr('appointment.tomorrow')
        : weekdays[weekdayOf(date)]!;
  return { name, date: language === 'en' ? `${day} ${MONTH_SHORT_NAMES_EN[month - 1]}` : `${day}.${month}.` };
}
