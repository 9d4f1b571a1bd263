import { t } from '@ordering/common';
import { MAX_ID, rowIdOf } from '@ordering/common/schemas';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError, reasonError } from './errors.js';

/** Largest value of a PostgreSQL `integer` (ids, positions, counts): an id column's bound. */
export const INT32_MAX = MAX_ID;
/** Years a filter date may name (PostgreSQL's date range is wider, JavaScript's Date narrower). */
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/**
 * The path of the first string in a JSON value (keys included) that holds a NUL character, as the error
 * envelope names fields (`items.2.name`), or null. PostgreSQL cannot store NUL in text; left alone it
 * would become a 500.
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here;
      const found = findNul(inner, here);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Refuses a value with a NUL character anywhere inside.
 * @throws DomainError('validation') "Dieser Wert ist ungültig." naming the field (or the path inside it).
 */
export function rejectNul(value: unknown, field: string): void {
  const found = findNul(value);
  if (found === null) return;
  const name = found === 'value' ? field : `${field}.${found}`;
  throw new DomainError('validation', t('validation.invalid'), name);
}

/** How deeply a JSON body may nest (the deepest real one, a navigation tree or CMS block, uses about 8). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value nests deeper than `max` arrays/objects. Iterative, so a hostile body of a
 * million brackets costs a loop, not the stack.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current))
      if (inner !== null && typeof inner === 'object') stack.push([inner, depth + 1]);
  }
  return false;
}

/**
 * Express middleware: a body nested deeper than {@link MAX_JSON_DEPTH} is a German 400; a NUL character in the path, a query parameter or the JSON body is a German 400
 * naming the parameter or field, for every route at once (after the body parser).
 */
export function rejectNulBytes(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    try {
      if (/%00/i.test(req.path)) throw new DomainError('validation', t('validation.invalid'), 'path');
      const query = req.query as Record<string, unknown>;
      for (const [name, value] of Object.entries(query)) {
        if (name.includes('\u0000')) throw new DomainError('validation', t('validation.invalid'), 'query');
        rejectNul(value, name);
      }
      if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) throw reasonError('validation', 'too_deep', 'body');
      const found = findNul(req.body);
      if (found !== null) throw new DomainError('validation', t('validation.invalid'), found);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * An id from a URL path: digits only, 1 to {@link INT32_MAX}. Anything else (`1.5`, `-1`, `2147483648`,
 * `abc`) cannot name a row, so it is the same 404 as an unknown id.
 * @param singular what the id names, for the message ("Bestellung" → "Bestellung wurde nicht gefunden.");
 *   without it the general "not found" text.
 * @throws DomainError('not_found').
 */
export function parseId(raw: string, singular?: string): number {
  const notFound = () =>
    new DomainError('not_found', singular ? `${singular} wurde nicht gefunden.` : t('http.notFound'));
  const id = rowIdOf(raw);
  if (id === null) throw notFound();
  return id;
}

/**
 * An integer filter or ref from a query string (`?branch=2`, `?user=3`): an integer within PostgreSQL's
 * `integer` range.
 * @throws DomainError('validation') "ganze Zahl" for `1.5` or `abc`, the range text for `2147483648`.
 */
export function parseIntFilter(raw: unknown, field: string, min = -INT32_MAX - 1, max = INT32_MAX): number {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
  if (s === null || !/^-?\d{1,12}$/.test(s))
    throw new DomainError('validation', t('validation.integer'), field);
  const n = Number(s);
  if (n < min || n > max) throw new DomainError('validation', t('validation.range', { min, max }), field);
  return n;
}

/** Whether `s` is `YYYY-MM-DD` of a real calendar day (no 30 February) in the years 1000-9999. */
export const isCalendarDay = (s: string): boolean => calendarDay(s) !== null;

/** `YYYY-MM-DD` for a real calendar day (no 30 February), as year, month and day; null otherwise. */
function calendarDay(s: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

/**
 * A date filter (`?from=2026-11-01`): a real calendar day `YYYY-MM-DD` (returned as that day's UTC
 * midnight, as `new Date('2026-11-01')` would), or a full ISO date-time with a time zone
 * (`2026-11-01T08:00:00Z`, `…+01:00`) whose date and time exist. `2026-02-30`, `2026-13-01`, `1`,
 * `-271821-04-20` and years outside 1000-9999 are refused (JavaScript would roll them over or accept
 * what PostgreSQL cannot store).
 * @throws DomainError('validation') with the German date text, naming the field.
 */
export function parseFilterDate(raw: unknown, field: string): Date {
  const invalid = () => new DomainError('validation', t('validation.date'), field);
  if (typeof raw !== 'string') throw invalid();
  const s = raw.trim();
  const day = calendarDay(s);
  if (day) return new Date(Date.UTC(day.year, day.month - 1, day.day));
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m || !calendarDay(m[1]!)) throw invalid();
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) throw invalid();
  const offset = m[5]!;
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(4)) > 59)) throw invalid();
  const date = new Date(s);
  if (Number.isNaN(date.getTime())) throw invalid();
  return date;
}

/**
 * A text parameter of the query string (`?q=`): one string (not `?q=a&q=b`), at most `max` characters,
 * no NUL; trimmed.
 * @throws DomainError('validation') naming the parameter.
 */
export function parseQueryText(raw: unknown, field: string, max = 200): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string') throw new DomainError('validation', t('validation.invalid'), field);
  rejectNul(raw, field);
  const s = raw.trim();
  if (s.length > max) throw new DomainError('validation', t('validation.tooLong', { max }), field);
  return s;
}
