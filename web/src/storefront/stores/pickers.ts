import {
  formatTime,
  fromLocal,
  isInWindows,
  MONTH_NAMES_DE,
  monthGrid,
  monthTitle,
  parseIsoDate,
  shiftMonth,
  TIME_PICKER_MINUTE_STEP,
  toLocal,
  WEEKDAY_NAMES_DE,
  weekdayOf,
  type AppointmentWindow,
  type CalendarWeek,
  type IsoDate,
} from '@ordering/common';
import { makeAutoObservable } from 'mobx';

/**
 * The date picker overlay (spec section 2): a month with ISO weeks, Monday first, German names; only
 * bookable days can be chosen; clear and save.
 */
export class DatePickerState {
  year: number;
  month: number;
  selected: IsoDate | null;
  private readonly available: ReadonlySet<IsoDate>;

  constructor(
    availableDays: readonly IsoDate[],
    private readonly today: IsoDate,
    initial: IsoDate | null,
  ) {
    this.available = new Set(availableDays);
    this.selected = initial;
    const shown = parseIsoDate(initial ?? availableDays[0] ?? today);
    this.year = shown.year;
    this.month = shown.month;
    makeAutoObservable<DatePickerState, 'available' | 'today'>(
      this,
      { available: false, today: false },
      { autoBind: true },
    );
  }

  get title(): string {
    return monthTitle(this.year, this.month);
  }

  get weeks(): CalendarWeek[] {
    return monthGrid(this.year, this.month, this.today, this.available);
  }

  /** No going back before the month of today. */
  get canGoBack(): boolean {
    const today = parseIsoDate(this.today);
    return this.year * 12 + this.month > today.year * 12 + today.month;
  }

  previousMonth(): void {
    if (!this.canGoBack) return;
    ({ year: this.year, month: this.month } = shiftMonth(this.year, this.month, -1));
  }

  nextMonth(): void {
    ({ year: this.year, month: this.month } = shiftMonth(this.year, this.month, 1));
  }

  select(date: IsoDate): void {
    if (this.available.has(date)) this.selected = date;
  }

  clear(): void {
    this.selected = null;
  }

  /** Save is disabled when the chosen date is not bookable (spec section 5). */
  get canSave(): boolean {
    return this.selected === null || this.available.has(this.selected);
  }
}

/**
 * "Dienstag, 3. März 2026": the accessible name of a day button (it contains the visible day number as a
 * word, WCAG 2.5.3).
 */
export function longDateLabel(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${WEEKDAY_NAMES_DE[weekdayOf(date)]}, ${day}. ${MONTH_NAMES_DE[month - 1]} ${year}`;
}

/**
 * The time picker overlay (spec sections 2 and 5): hour and minute spinners (minutes in steps of 5), the
 * day's windows whose ends can be clicked, save only inside a window.
 */
export class TimePickerState {
  hour: number;
  minute: number;

  constructor(
    private readonly date: IsoDate,
    readonly windows: readonly AppointmentWindow[],
    private readonly timeZone: string,
    initial: Date | null,
  ) {
    const start = toLocal(initial ?? windows[0]?.from ?? fromLocal(date, 12 * 60, timeZone), timeZone);
    this.hour = start.hour;
    this.minute = start.minute - (start.minute % TIME_PICKER_MINUTE_STEP);
    makeAutoObservable<TimePickerState, 'date' | 'timeZone'>(
      this,
      { date: false, timeZone: false, windows: false },
      { autoBind: true },
    );
  }

  get time(): Date {
    return fromLocal(this.date, this.hour * 60 + this.minute, this.timeZone);
  }

  get hasWindows(): boolean {
    return this.windows.length > 0;
  }

  get windowLabels(): { from: string; to: string; fromTime: Date; toTime: Date }[] {
    return this.windows.map((window) => ({
      from: formatTime(window.from, this.timeZone),
      to: formatTime(window.to, this.timeZone),
      fromTime: window.from,
      toTime: window.to,
    }));
  }

  changeHour(delta: number): void {
    this.hour = (this.hour + delta + 24) % 24;
  }

  changeMinute(delta: number): void {
    const step = TIME_PICKER_MINUTE_STEP;
    this.minute = (this.minute + delta * step + 60) % 60;
  }

  /** Clicking a window's start or end jumps there. */
  jumpTo(time: Date): void {
    const local = toLocal(time, this.timeZone);
    this.hour = local.hour;
    this.minute = local.minute - (local.minute % TIME_PICKER_MINUTE_STEP);
  }

  /** Save is disabled outside the available windows (spec section 5). */
  get canSave(): boolean {
    return isInWindows(this.windows, this.time);
  }
}
