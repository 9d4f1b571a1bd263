import {
  addDays,
  daysBetween,
  DEFAULT_TIME_ZONE,
  localDate,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
  t,
} from '@ordering/common';
import { DomainError } from '../core/errors.js';
import { INT32_MAX, isCalendarDay } from '../core/input.js';

/** A checked statistics query: local dates (inclusive) and the optional branch. */
export interface StatisticsQueryInput {
  from: string;
  to: string;
  branchId: number | null;
  /** `popular-items` only. */
  limit: number;
}

/**
 * Reads `from`, `to`, `branchId` and `limit` of a statistics call. Without dates: the last
 * {@link STATISTICS_DEFAULT_DAYS} days up to today in the shop's time zone; with `to` only, the 30 days
 * before it; with `from` only, up to today.
 * @throws DomainError('validation') naming the field (`from`, `to`, `branchId`, `limit`).
 */
export function parseStatisticsQuery(query: Record<string, unknown>, now: Date): StatisticsQueryInput {
  const errors: { message: string; field: string }[] = [];
  const date = (field: 'from' | 'to'): string | null => {
    const raw = query[field];
    if (raw === undefined || raw === '') return null;
    if (typeof raw !== 'string' || !isCalendarDay(raw.trim())) {
      errors.push({ field, message: t('validation.date') });
      return null;
    }
    return raw.trim();
  };
  const rawFrom = date('from');
  const rawTo = date('to');
  const today = localDate(now, DEFAULT_TIME_ZONE);
  const to = rawTo ?? (rawFrom && rawFrom > today ? rawFrom : today);
  const from = rawFrom ?? addDays(to, -(STATISTICS_DEFAULT_DAYS - 1));
  if (errors.length === 0 && to < from)
    errors.push({ field: 'to', message: 'Das Enddatum darf nicht vor dem Startdatum liegen.' });
  else if (errors.length === 0 && daysBetween(from, to) + 1 > STATISTICS_MAX_DAYS)
    errors.push({
      field: 'to',
      message: `Der Zeitraum darf höchstens ${STATISTICS_MAX_DAYS} Tage umfassen.`,
    });

  let branchId: number | null = null;
  const rawBranch = query.branchId;
  if (rawBranch !== undefined && rawBranch !== '') {
    const text = String(rawBranch);
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > INT32_MAX)
      errors.push({ field: 'branchId', message: t('validation.positive') });
    else branchId = Number(text);
  }
  let limit = 10;
  if (query.limit !== undefined && query.limit !== '') {
    const text = String(query.limit);
    if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 50)
      errors.push({ field: 'limit', message: t('validation.range', { min: 1, max: 50 }) });
    else limit = Number(text);
  }
  if (errors.length > 0) throw new DomainError('validation', errors);
  return { from, to, branchId, limit };
}

/** Every day from `from` to `to` with the value of `values` or 0. */
export function fillDays(from: string, to: string, values: Map<string, number>) {
  const days = daysBetween(from, to) + 1;
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    return { date, value: values.get(date) ?? 0 };
  });
}

/**
 * A `numeric` value as PostgreSQL returns it (text, already rounded to the cent in SQL) as a JSON number
 * in major units. Only the printing is a double; every sum was done exactly by the database.
 */
export function money(value: string | number | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** An empty weekday × hour matrix (7 × 24 zeros). */
export function emptyMatrix(): number[][] {
  return Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
}
