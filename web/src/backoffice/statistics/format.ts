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

/** Money of the API (major units) as `1.234,56 €`, through common's exact formatter. */
export function formatEuro(value: number): string {
  return formatMoney(toCents(value));
}

/** Money without cents for chart axes: `1.235 €`. */
export function formatEuroShort(value: number): string {
  return `${formatCount(Math.round(value))}\u00a0€`;
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

/**
 * The change from `previous` to `current` in tenths of a percent, rounded half away from zero: exact, as
 * both are whole numbers (counts, or money in cents) and the arithmetic is on big integers. Null when
 * the previous period had nothing (no percentage of zero).
 */
export function changeTenths(current: number, previous: number): number | null {
  if (!Number.isInteger(current) || !Number.isInteger(previous))
    throw new RangeError(`Not whole numbers: ${current}, ${previous}`);
  if (previous === 0) return null;
  const numerator = BigInt(current - previous) * 1000n;
  const denominator = BigInt(Math.abs(previous));
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return Number(negative ? -rounded : rounded);
}

/** A key figure's comparison with the previous period, for the line under it. */
export interface Comparison {
  /** `+12,5 % ggü. Vorperiode`, `−3 % ggü. Vorperiode`, `± 0 % …`, or the previous value when it was 0. */
  text: string;
  /** Whether the change is good news for the shop (more revenue), bad (more cancellations), or neither. */
  tone: 'good' | 'bad' | 'same';
}

/**
 * Compares a key figure with the previous period. `money` figures come in major units and are compared in
 * cents; `moreIsBetter` is false for cancellations. The percentage is rounded only for the text.
 */
export function compare(
  current: number,
  previous: number,
  { money = false, moreIsBetter = true }: { money?: boolean; moreIsBetter?: boolean } = {},
): Comparison {
  const whole = (value: number) => (money ? toCents(value) : Math.round(value));
  const tenths = changeTenths(whole(current), whole(previous));
  const tone = (sign: number): Comparison['tone'] =>
    sign === 0 ? 'same' : sign > 0 === moreIsBetter ? 'good' : 'bad';
  if (tenths === null)
    return current === 0
      ? { text: '± 0\u00a0% ggü. Vorperiode', tone: 'same' }
      : // Nothing to compare with: no colour either (a first week is no news, good or bad).
        { text: `Vorperiode: ${money ? formatEuro(0) : '0'}`, tone: 'same' };
  const sign = tenths > 0 ? '+' : tenths < 0 ? '−' : '± ';
  return {
    text: `${sign}${formatCount(Math.abs(tenths) / 10)}\u00a0% ggü. Vorperiode`,
    tone: tone(Math.sign(whole(current) - whole(previous))),
  };
}
