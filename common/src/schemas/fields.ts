import './jitless.js';
import { z } from 'zod';
import { t } from '../i18n/index.js';
import { isLinkablePhone, PHONE_FIELD_MESSAGE } from '../phone.js';

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** Whether `value` is an id a row can have (an integer in 1 … {@link MAX_ID}). */
export function isRowId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_ID;
}

/** A row's id in a form: an integer in 1 … {@link MAX_ID}. */
const rowId = () => z.number().int().positive().max(MAX_ID);

/** An id from a path segment or query text (digits only), or null when no row can have it. */
export function rowIdOf(raw: string): number | null {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return isRowId(id) ? id : null;
}

/**
 * Reusable field schemas with the limits the columns have, shared by the API's validation and the back
 * office's forms (the same rule, the same German message, on both sides).
 */
export const fields = {
  /** Required text: trimmed, not empty, at most `max` characters. */
  text: (max = 200) => z.string().trim().min(1).max(max),
  /** Optional text; null and missing become ''. */
  optionalText: (max = 2000) =>
    z
      .string()
      .max(max)
      .nullish()
      .transform((v) => v ?? ''),
  /** URL identifier: lower-case letters, digits and dashes. */
  identifier: () =>
    z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]*$/, {
        message: 'Nur Kleinbuchstaben, Ziffern und Bindestriche sind erlaubt.',
      }),
  email: () => z.email().max(200),
  optionalEmail: () =>
    z
      .union([z.email().max(200), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || ''),
  /**
   * Optional phone number a link will dial (branch, shop): empty, or one that becomes E.164 — `+49 30 …`,
   * `0043 …` or national `030 …`; junk is refused with a German sentence instead of a broken link later.
   */
  optionalPhone: () =>
    z
      .string()
      .max(50)
      .nullish()
      .transform((v) => (v ?? '').trim())
      .refine(isLinkablePhone, { message: PHONE_FIELD_MESSAGE }),
  /** Money in major units, at most two decimals, not negative. */
  money: () =>
    z
      .number()
      .min(0)
      .max(9_999_999_999)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
        message: 'Höchstens zwei Nachkommastellen sind erlaubt.',
      }),
  /** Tax rate in percent (0-100, two decimals). */
  percent: () => z.number().min(0).max(100),
  /** `HH:MM`. */
  time: () =>
    z
      .string()
      .regex(/^([01]\d|2[0-4]):[0-5]\d$/, { message: 'Dieser Wert entspricht keiner gültigen Uhrzeit.' }),
  /** `YYYY-MM-DD`. */
  date: () => z.iso.date(),
  /** ISO 8601 date-time, kept as Date. */
  dateTime: () => z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
  /** A row's id (a PostgreSQL integer). */
  id: rowId,
  /** A reference to another entity: `{ id }` (a PostgreSQL integer). */
  ref: () => z.object({ id: rowId() }),
  /** The id of an owned child as GET returned it: matched on write (kept), absent for a new child. */
  childId: () => rowId().optional(),
  /** Several references. */
  refs: () => z.array(z.object({ id: rowId() })).default([]),
  bool: (fallback = false) => z.boolean().default(fallback),
  /** An optional `{ id }` reference; missing becomes null. */
  optionalRef: () =>
    z
      .object({ id: rowId() })
      .nullish()
      .transform((v) => v ?? null),
  /** An optional ISO date-time; missing becomes null. */
  optionalDateTime: () =>
    z.iso
      .datetime({ offset: true })
      .transform((v) => new Date(v))
      .nullish()
      .transform((v) => v ?? null),
  /** An optional `YYYY-MM-DD`; missing becomes null. */
  optionalDate: () =>
    z.iso
      .date()
      .nullish()
      .transform((v) => v ?? null),
  /** An optional URL identifier; empty and missing become null (so a partial unique index ignores them). */
  optionalIdentifier: () =>
    z
      .string()
      .trim()
      .max(100)
      .regex(/^([a-z0-9][a-z0-9-]*)?$/, {
        message: 'Nur Kleinbuchstaben, Ziffern und Bindestriche sind erlaubt.',
      })
      .nullish()
      .transform((v) => v || null),
  /** Whole and half days (holiday accounting), between min and max. */
  halfDays: (min: number, max: number) =>
    z
      .number()
      .min(min)
      .max(max)
      .refine((v) => Number.isInteger(v * 2), { message: 'Nur ganze und halbe Tage sind erlaubt.' }),
};

const TYPE_NAMES: Record<string, string> = {
  string: 'string',
  number: 'number',
  boolean: 'bool',
  object: 'object',
  array: 'array',
  integer: 'integer',
  date: 'date',
};

/** One zod issue as the German message the user reads (Symfony's standard texts). */
export function germanMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t('validation.blank');
      return t('validation.type', { type: TYPE_NAMES[issue.expected] ?? String(issue.expected) });
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? t('validation.blank')
          : t('validation.tooShort', { min: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return t('validation.tooFewItems', { min: Number(issue.minimum) });
      return issue.inclusive ? t('validation.min', { min: Number(issue.minimum) }) : t('validation.positive');
    case 'too_big':
      if (issue.origin === 'string') return t('validation.tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return t('validation.tooManyItems', { max: Number(issue.maximum) });
      return t('validation.max', { max: Number(issue.maximum) });
    case 'invalid_format':
      // A pattern with its own German text (identifier, HH:MM) keeps that text.
      if (issue.format === 'regex' && issue.message && !issue.message.startsWith('Invalid'))
        return issue.message;
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'url') return t('validation.url');
      if (issue.format === 'uuid') return t('validation.uuid');
      if (issue.format === 'date') return t('validation.date');
      if (issue.format === 'datetime') return t('validation.dateTime');
      if (issue.format === 'time') return t('validation.time');
      return t('validation.invalid');
    case 'invalid_value':
      return t('validation.choice');
    case 'unrecognized_keys':
      return t('validation.extraFields');
    case 'custom':
      return issue.message && !issue.message.startsWith('Invalid') ? issue.message : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/** One field error as the API sends it (`field` like `deliveryAreas.0.price`). */
export interface SchemaFieldError {
  message: string;
  field?: string;
}

/** zod's issues as the `errors` list, first issue first. */
export function toFieldErrors(error: z.ZodError): SchemaFieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? { message: germanMessage(issue), field } : { message: germanMessage(issue) };
  });
}
