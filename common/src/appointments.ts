/**
 * Appointments (spec sections 2, 5 and 9): the earliest possible time after lead times, the available days
 * and time windows over a 180-day horizon, suggested slots every 30 minutes, validation with the spec's
 * German messages, and the date button's label.
 *
 * Semantics:
 * - The earliest appointment is `max(now, branch.orderableFrom)`, pushed by the longest lead time of the
 *   cart's products, rounded up to the next 5 minutes. Minute and hour lead times are durations; day and week
 *   lead times are calendar days in the branch zone (same wall-clock time), so they are right across DST.
 * - An appointment is valid when it is not before the earliest time, within the horizon, and the hours
 *   (delivery hours for delivery orders) are open at that instant.
 * - A window lists the selectable times of one local day: from its first 5-minute time to its last 5-minute
 *   time that is still open (the closing time itself is not open, see `opening-hours.ts`). Both ends are
 *   therefore selectable, as the time picker's jump buttons need.
 *
 * @packageDocumentation
 */
import type { IsoDate } from './contract/base.js';
import { DEFAULT_TIME_ZONE, type Branch } from './contract/branch.js';
import type { LeadTimeType, Product } from './contract/catalog.js';
import type { OrderType } from './contract/order.js';
import { t, type Message } from './i18n/de.js';
import { deliveryHoursOf, isOpenAt, openIntervals, openingHoursOf, type Hours } from './opening-hours.js';
import { busyExtraMinutes } from './ordering-pause.js';
import { addDays, daysBetween, formatDate, formatTime, fromLocal, localDate, toLocal } from './zoned-time.js';

/** How many days ahead appointments are offered (spec section 9). */
export const APPOINTMENT_HORIZON_DAYS = 180;

/** Spacing of suggested slots in minutes (spec section 9). */
export const APPOINTMENT_SLOT_MINUTES = 30;

/** Appointments are on a 5-minute grid; the earliest time is rounded up to it. */
export const APPOINTMENT_ROUNDING_MINUTES = 5;

/** The time picker's minute step (spec section 5). */
export const TIME_PICKER_MINUTE_STEP = 5;

const MINUTE = 60_000;

/** A lead time: a value in a unit. */
export interface LeadTime {
  /** Unit. */
  type: LeadTimeType;
  /** Amount (≥ 0). */
  value: number;
}

/** The product fields lead times read. */
export type LeadTimeProduct = Pick<Product, 'isLeadTimeEnabled' | 'leadTimeType' | 'leadTimeValue'>;

const LEAD_MINUTES: Record<LeadTimeType, number> = { minutes: 1, hours: 60, days: 1440, weeks: 10080 };

/** A lead time's nominal length in minutes (a day counts 1440). */
export function leadTimeMinutes(lead: LeadTime): number {
  return lead.value * LEAD_MINUTES[lead.type];
}

/** The longest enabled lead time among the cart's products, or null when none has one. */
export function longestLeadTime(products: readonly LeadTimeProduct[]): LeadTime | null {
  let longest: LeadTime | null = null;
  for (const product of products) {
    if (
      !product.isLeadTimeEnabled ||
      !product.leadTimeType ||
      !product.leadTimeValue ||
      product.leadTimeValue <= 0
    )
      continue;
    const lead = { type: product.leadTimeType, value: product.leadTimeValue };
    if (!longest || leadTimeMinutes(lead) > leadTimeMinutes(longest)) longest = lead;
  }
  return longest;
}

/** Adds a lead time to an instant: durations for minutes and hours, calendar days for days and weeks. */
export function addLeadTime(start: Date, lead: LeadTime | null, timeZone: string = DEFAULT_TIME_ZONE): Date {
  if (!lead) return start;
  if (lead.type === 'minutes' || lead.type === 'hours')
    return new Date(start.getTime() + leadTimeMinutes(lead) * MINUTE);
  const local = toLocal(start, timeZone);
  const days = lead.type === 'weeks' ? lead.value * 7 : lead.value;
  const whole = Math.floor(days);
  const shifted = fromLocal(addDays(local.date, whole), local.minutesOfDay, timeZone);
  const rest = (days - whole) * 1440 + local.second / 60;
  return new Date(shifted.getTime() + rest * MINUTE);
}

/** Rounds an instant up to the next multiple of `minutes` (unchanged when already on it). */
export function roundUpToMinutes(instant: Date, minutes: number = APPOINTMENT_ROUNDING_MINUTES): Date {
  const size = minutes * MINUTE;
  return new Date(Math.ceil(instant.getTime() / size) * size);
}

/** Input of {@link earliestAppointment}. */
export interface EarliestAppointmentInput {
  /** The current time. */
  now: Date;
  /** The cart's products (for lead times). */
  products?: readonly LeadTimeProduct[];
  /** The branch zone. */
  timeZone?: string;
  /** The branch accepts orders only from this moment (ISO 8601). */
  orderableFrom?: string | null;
  /** Extra preparation minutes of the branch's busy mode ("Viel los"); 0 or absent: none. */
  extraMinutes?: number;
}

/**
 * The earliest appointment: max(now + busy mode's extra minutes, orderableFrom) + longest lead time,
 * rounded up to 5 minutes.
 */
export function earliestAppointment(input: EarliestAppointmentInput): Date {
  const orderableFrom = input.orderableFrom ? new Date(input.orderableFrom) : null;
  const ready = new Date(input.now.getTime() + Math.max(0, input.extraMinutes ?? 0) * MINUTE);
  const start =
    orderableFrom && !Number.isNaN(orderableFrom.getTime()) && orderableFrom > ready ? orderableFrom : ready;
  return roundUpToMinutes(
    addLeadTime(start, longestLeadTime(input.products ?? []), input.timeZone ?? DEFAULT_TIME_ZONE),
  );
}

/** The selectable times of one day: every 5-minute time from `from` to `to`, both included. */
export interface AppointmentWindow {
  /** First selectable time. */
  from: Date;
  /** Last selectable time. */
  to: Date;
}

function windowsOfDay(
  intervals: readonly { start: Date; end: Date }[],
  date: IsoDate,
  earliest: Date,
  timeZone: string,
): AppointmentWindow[] {
  const dayStart = fromLocal(date, 0, timeZone).getTime();
  const dayEnd = fromLocal(date, 1440, timeZone).getTime();
  const step = APPOINTMENT_ROUNDING_MINUTES * MINUTE;
  const windows: AppointmentWindow[] = [];
  for (const interval of intervals) {
    const start = Math.max(interval.start.getTime(), dayStart, earliest.getTime());
    const end = Math.min(interval.end.getTime(), dayEnd);
    const from = Math.ceil(start / step) * step;
    const to = Math.ceil(end / step) * step - step;
    if (from <= to && from < end) windows.push({ from: new Date(from), to: new Date(to) });
  }
  return windows;
}

/** The selectable windows of one local day, not before `earliest`. */
export function availableWindows(hours: Hours, date: IsoDate, earliest: Date): AppointmentWindow[] {
  const timeZone = hours.timeZone ?? DEFAULT_TIME_ZONE;
  return windowsOfDay(openIntervals(hours, date, addDays(date, 1)), date, earliest, timeZone);
}

/** One available day with its windows. */
export interface AvailableDay {
  /** The local date. */
  date: IsoDate;
  /** Its windows (never empty). */
  windows: AppointmentWindow[];
}

/**
 * Every day from the earliest appointment's day over the horizon (default 180 days) that has a selectable
 * time, with its windows.
 */
export function availableDays(
  hours: Hours,
  earliest: Date,
  horizonDays: number = APPOINTMENT_HORIZON_DAYS,
): AvailableDay[] {
  const timeZone = hours.timeZone ?? DEFAULT_TIME_ZONE;
  const first = localDate(earliest, timeZone);
  const last = addDays(first, horizonDays - 1);
  const intervals = openIntervals(hours, first, addDays(last, 1));
  const days: AvailableDay[] = [];
  let cursor = 0;
  for (let offset = 0; offset < horizonDays; offset += 1) {
    const date = addDays(first, offset);
    const dayStart = fromLocal(date, 0, timeZone).getTime();
    const dayEnd = fromLocal(date, 1440, timeZone).getTime();
    while (cursor < intervals.length && intervals[cursor].end.getTime() <= dayStart) cursor += 1;
    const touching = [];
    for (let i = cursor; i < intervals.length && intervals[i].start.getTime() < dayEnd; i += 1)
      touching.push(intervals[i]);
    const windows = windowsOfDay(touching, date, earliest, timeZone);
    if (windows.length > 0) days.push({ date, windows });
  }
  return days;
}

/** Suggested slots of a window: its start, then every 30 minutes up to its end. */
export function appointmentSlots(window: AppointmentWindow): Date[] {
  const slots: Date[] = [];
  for (
    let time = window.from.getTime();
    time <= window.to.getTime();
    time += APPOINTMENT_SLOT_MINUTES * MINUTE
  ) {
    slots.push(new Date(time));
  }
  return slots;
}

/** Whether a time lies in one of the windows (the time picker's save button). */
export function isInWindows(windows: readonly AppointmentWindow[], time: Date): boolean {
  return windows.some((window) => window.from <= time && time <= window.to);
}

/** Input of {@link validateAppointment}. */
export interface ValidateAppointmentInput {
  /** The branch (hours, zone, appointment requirement, orderableFrom). */
  branch: Pick<
    Branch,
    | 'openingHours'
    | 'deliveryHours'
    | 'isDeliveryHoursEnabled'
    | 'timeZone'
    | 'isAppointmentRequired'
    | 'busyMode'
    | 'orderableFrom'
  >;
  /** The order type (delivery orders follow the delivery hours). */
  orderType: OrderType;
  /** The chosen appointment, or null/undefined for "as soon as possible". */
  appointment: Date | null | undefined;
  /** The current time. */
  now: Date;
  /** The cart's products (lead times). */
  products?: readonly LeadTimeProduct[];
}

/** The hours an order type follows: delivery hours (when enabled) for delivery, opening hours otherwise. */
export function hoursForOrderType(
  branch: Pick<Branch, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled' | 'timeZone'>,
  orderType: OrderType,
): Hours {
  return orderType === 'delivery' ? deliveryHoursOf(branch) : openingHoursOf(branch);
}

/**
 * Checks a chosen appointment; `null` when fine. Messages: "Bitte wählen Sie einen Termin aus." (required and
 * missing), the too-early text with the earliest time, the too-late text beyond the horizon, and
 * "Zum ausgewählten Zeitpunkt haben wir leider geschlossen. …" outside the hours.
 */
export function validateAppointment(input: ValidateAppointmentInput): Message | null {
  const { branch, appointment } = input;
  if (!appointment) return branch.isAppointmentRequired ? { key: 'appointment.required' } : null;
  const timeZone = branch.timeZone || DEFAULT_TIME_ZONE;
  const earliest = earliestAppointment({
    now: input.now,
    products: input.products,
    timeZone,
    orderableFrom: branch.orderableFrom,
    extraMinutes: busyExtraMinutes(branch, input.now),
  });
  if (appointment < earliest) {
    return {
      key: 'appointment.tooEarly',
      params: { date: formatDate(earliest, timeZone), time: formatTime(earliest, timeZone) },
    };
  }
  if (
    daysBetween(localDate(earliest, timeZone), localDate(appointment, timeZone)) >= APPOINTMENT_HORIZON_DAYS
  ) {
    return { key: 'appointment.tooLate', params: { days: APPOINTMENT_HORIZON_DAYS } };
  }
  if (!isOpenAt(hoursForOrderType(branch, input.orderType), appointment))
    return { key: 'appointment.closed' };
  return null;
}

/**
 * The date button's label: "Heute", "Morgen" or the date `DD.MM.YYYY`; without a date "So bald wie möglich",
 * or "Keine Angabe" when an appointment is required.
 */
export function appointmentDateLabel(
  appointment: Date | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  isRequired = false,
): string {
  if (!appointment) return isRequired ? t('appointment.noEntry') : t('appointment.asap');
  const days = daysBetween(localDate(now, timeZone), localDate(appointment, timeZone));
  if (days === 0) return t('appointment.today');
  if (days === 1) return t('appointment.tomorrow');
  return formatDate(appointment, timeZone);
}
