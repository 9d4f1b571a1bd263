import { formatMoney, staffState, t, toCents, unitLabel } from '@ordering/common';
import type { StaffOrder } from '@ordering/common';

/** The columns of the live board, left to right. */
export type BoardColumn = 'new' | 'confirmed' | 'inDelivery' | 'ready' | 'completed';

export const BOARD_COLUMNS: readonly { id: BoardColumn; label: string }[] = [
  { id: 'new', label: 'Neu' },
  { id: 'confirmed', label: 'Bestätigt · in Zubereitung' },
  { id: 'inDelivery', label: 'In Zustellung' },
  { id: 'ready', label: 'Abholbereit' },
  { id: 'completed', label: 'Abgeschlossen (heute)' },
];

/** The stored `status` of an online order still waiting for its payment: no staff state, not on the board. */
export const PENDING_PAYMENT = 'pendingPayment';

/**
 * The column of an order, from common's staff state: unconfirmed → new; confirmed (being prepared) →
 * confirmed; in delivery → "In Zustellung" for delivery and "Abholbereit" for takeaway and dine-in;
 * delivered (handed over, not yet completed) → "In Zustellung";
 * completed → completed. Rejected, cancelled, failed and unpaid online orders are not on the board.
 */
export function boardColumn(order: StaffOrder): BoardColumn | null {
  if (order.status === PENDING_PAYMENT) return null;
  switch (staffState(order)) {
    case 'unconfirmed':
      return 'new';
    case 'confirmed':
      return 'confirmed';
    case 'inDelivery':
      return order.isDelivery ? 'inDelivery' : 'ready';
    case 'delivered':
      // Handed over but not yet settled: it stays with the deliveries until it is completed.
      return 'inDelivery';
    case 'completed':
      return 'completed';
    default:
      return null;
  }
}

/** "Abholung", "Lieferung" or "Vor Ort essen". */
export function orderTypeLabel(order: Pick<StaffOrder, 'isDelivery' | 'isDineIn'>): string {
  if (order.isDelivery) return t('orderType.delivery');
  if (order.isDineIn) return t('orderType.dineIn');
  return t('orderType.takeaway');
}

const timeFormat = new Intl.DateTimeFormat('de-AT', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Vienna',
});
const dateTimeFormat = new Intl.DateTimeFormat('de-AT', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Vienna',
});
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' });

/** `YYYY-MM-DD` of a moment in the shop's time zone. */
export function localDay(date: Date): string {
  return dayFormat.format(date);
}

/** "12:30 Uhr" today, "Mo., 24.11., 12:30 Uhr" on another day. */
export function formatWhen(iso: string, now: Date): string {
  const date = new Date(iso);
  if (localDay(date) === localDay(now)) return `${timeFormat.format(date)} Uhr`;
  return `${dateTimeFormat.format(date)} Uhr`;
}

/**
 * "Widerrufen am 20.11.2026, 12:00 Uhr" for an order the customer withdrew (§356a BGB), else null. The
 * withdrawal changes no status: staff decide on the refund and on work not yet done.
 */
export function withdrawnLabel(order: StaffOrder): string | null {
  const at = order.withdrawal?.withdrawnAt;
  return at ? `Widerrufen am ${dateTimeFormat.format(new Date(at))} Uhr` : null;
}

/** The wanted time: the confirmed appointment, else the requested one, else "So bald wie möglich". */
export function wantedTime(order: StaffOrder, now: Date): string {
  const iso = order.appointment ?? order.appointmentDate;
  return iso ? formatWhen(iso, now) : t('appointment.asap');
}

/** The customer's name (or company) for a card. */
export function customerName(order: StaffOrder): string {
  const name = [order.firstName, order.lastName].filter(Boolean).join(' ').trim();
  const company = typeof order.company === 'string' ? order.company : '';
  const fallback = typeof order.name === 'string' ? order.name : '';
  return [name || fallback, company].filter(Boolean).join(', ') || 'Ohne Namen';
}

/** The order total in common's money format ("23,40 €"). */
export function orderTotal(order: StaffOrder): string {
  const gross = order.pricing?.totalGross;
  return typeof gross === 'number' ? formatMoney(toCents(gross)) : '–';
}

/** The amount of an item ("2 ×" or "0,5 kg"). */
export function itemAmount(item: StaffOrder['items'][number]): string {
  const amount = String(item.amount).replace('.', ',');
  if (!item.unit || item.unit === 'piece') return `${amount} ×`;
  try {
    return `${amount} ${unitLabel(item.unit)}`;
  } catch {
    return `${amount} ${item.unit}`;
  }
}

/** Sort key of a card: the wanted time, else the arrival. */
export function dueAt(order: StaffOrder): number {
  const iso = order.appointment ?? order.appointmentDate ?? order.createdAt;
  return iso ? Date.parse(iso) : 0;
}

/** A new order waiting this long turns amber, and red (overdue) at the second threshold (minutes). */
export const AGE_AMBER_MINUTES = 5;
export const AGE_RED_MINUTES = 10;

/** How long an order has waited and how urgent it looks: `fresh`, `amber` or `red`. */
export interface OrderAge {
  minutes: number;
  text: string;
  level: 'fresh' | 'amber' | 'red';
}

/**
 * The card's age: minutes since the order arrived ("seit 12 Min", "seit 1 Std 5 Min"). A new order turns
 * amber after {@link AGE_AMBER_MINUTES} and red after {@link AGE_RED_MINUTES}; an accepted one turns red
 * once its time has passed and amber in the last {@link AGE_AMBER_MINUTES} before it.
 */
export function orderAge(order: StaffOrder, column: BoardColumn, now: Date): OrderAge {
  const created = order.createdAt ? Date.parse(order.createdAt) : now.getTime();
  const minutes = Math.max(0, Math.floor((now.getTime() - created) / 60_000));
  const text =
    minutes < 60
      ? `seit ${minutes} Min`
      : `seit ${Math.floor(minutes / 60)} Std${minutes % 60 ? ` ${minutes % 60} Min` : ''}`;
  let level: OrderAge['level'] = 'fresh';
  if (column === 'new') {
    level = minutes >= AGE_RED_MINUTES ? 'red' : minutes >= AGE_AMBER_MINUTES ? 'amber' : 'fresh';
  } else if (column === 'confirmed' || column === 'ready' || column === 'inDelivery') {
    const due = order.appointment ?? order.appointmentDate;
    const left = due ? (Date.parse(due) - now.getTime()) / 60_000 : Infinity;
    level = left < 0 ? 'red' : left <= AGE_AMBER_MINUTES ? 'amber' : 'fresh';
  }
  return { minutes, text, level };
}

/**
 * The order of the "Neu" column: overdue ones first (missed, or waiting {@link AGE_RED_MINUTES} and more;
 * the longest waiting on top), then the newest first: what needs a hand now is never below the fold.
 */
export function compareNew(now: Date, isMissed: (id: number) => boolean) {
  const created = (o: StaffOrder) => (o.createdAt ? Date.parse(o.createdAt) : 0);
  const overdue = (o: StaffOrder) => isMissed(o.id) || now.getTime() - created(o) >= AGE_RED_MINUTES * 60_000;
  return (a: StaffOrder, b: StaffOrder): number => {
    const ao = overdue(a);
    const bo = overdue(b);
    if (ao !== bo) return ao ? -1 : 1;
    return ao ? created(a) - created(b) || a.id - b.id : created(b) - created(a) || b.id - a.id;
  };
}
