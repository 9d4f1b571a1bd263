import { WEEKDAY_SHORT_NAMES_DE } from './calendar.js';
import { DEFAULT_TIME_ZONE } from './contract/branch.js';
import { formatTime, toLocal } from './zoned-time.js';

/** The time fields of an order (ISO 8601 instants). */
export interface OrderTimeFields {
  /** What the customer chose; null or missing: "so bald wie möglich". */
  appointmentDate?: string | null;
  /** What staff confirmed. */
  appointment?: string | null;
  /** When the order came in (the day an "as soon as possible" order is for). */
  createdAt?: string | null;
}

/** An order's times as staff read them on the order ticket and in the order panel. */
export interface OrderTimes {
  /** The customer's wish: "so bald wie möglich" or the day and time (`Fr, 27.11. 18:30`). */
  wanted: string;
  /** The confirmed time, null while none is: the time of day alone on the day of the wish, else with its day. */
  confirmed: string | null;
}

/** `Fr, 27.11. 18:30`: an instant with its weekday in the time zone, so another day stands out. */
export function formatDayTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const local = toLocal(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAY_SHORT_NAMES_DE[local.weekday]}, ${two(local.day)}.${two(local.month)}. ${formatTime(instant, timeZone)}`;
}

/**
 * The time the customer wished ("so bald wie möglich" or the day and time) and the time staff confirmed,
 * only the time of day when it is on the day of the wish (or of the order, for "so bald wie möglich"), else
 * with its day. The same rules as the desktop's order ticket (desktop/src/main/terminal/receipt.ts).
 */
export function orderTimes(order: OrderTimeFields, timeZone: string = DEFAULT_TIME_ZONE): OrderTimes {
  const wanted = order.appointmentDate ? new Date(order.appointmentDate) : null;
  const confirmed = order.appointment ? new Date(order.appointment) : null;
  if (!confirmed) return { wanted: wantedText(wanted, timeZone), confirmed: null };
  const reference = wanted ?? (order.createdAt ? new Date(order.createdAt) : null);
  const sameDay =
    reference !== null && toLocal(reference, timeZone).date === toLocal(confirmed, timeZone).date;
  return {
    wanted: wantedText(wanted, timeZone),
    confirmed: sameDay ? formatTime(confirmed, timeZone) : formatDayTime(confirmed, timeZone),
  };
}

const wantedText = (wanted: Date | null, timeZone: string) =>
  wanted ? formatDayTime(wanted, timeZone) : 'so bald wie möglich';
