import { formatIsoDate, formatMoney, toCents, UNITS, type UnitCode } from '@ordering/common';

/** German weekday names, Monday first (the statistics' matrix order). */
export const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
export const WEEKDAYS_SHORT = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

/** A count with German grouping: `12345` → `12.345`; decimals with a comma (`2,5`). */
export function formatCount(value: number): string {
  const [whole, fraction] = String(Math.round(value * 100) / 100).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction ? `${grouped},${fraction}` : grouped;
}

/** Money of the API (major units) as `1.234,56 EUR`, through common's exact formatter. */
export function formatEuro(value: number): string {
  return formatMoney(toCents(value));
}

/** Money without cents for chart axes: `1.235 EUR`. */
export function formatEuroShort(value: number): string {
  return `${formatCount(Math.round(value))}\u00a0EUR`;
}

/** Minutes as hours and minutes: `450` → `7:30 Std.`. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${formatCount(Math.floor(abs / 60))}:${String(abs % 60).padStart(2, '0')}\u00a0Std.`;
}

/** `01.12.2026` … */
export const formatDay = formatIsoDate;

/** `Di, 01.12.` for chart labels. */
export function formatShortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return `${WEEKDAYS_SHORT[weekday]}, ${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.`;
}

/** `01.12.2026 – 07.12.2026`, or one day. */
export function formatRange(from: string, to: string): string {
  return from === to ? formatIsoDate(from) : `${formatIsoDate(from)} – ${formatIsoDate(to)}`;
}

/** `4 Stk.`, `12,5 m²`. */
export function formatQuantity(amount: number, unit: string): string {
  const label = UNITS[unit as UnitCode]?.label ?? unit;
  return label ? `${formatCount(amount)}\u00a0${label}` : formatCount(amount);
}

/** `12–13 Uhr`. */
export function formatHourSpan(hour: number): string {
  return `${hour}–${hour + 1} Uhr`;
}
