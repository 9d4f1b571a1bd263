import { t } from '@ordering/common';
import { z } from 'zod';
import type { RequestContext } from '../core/request-context.js';
import { DomainError } from '../core/errors.js';
import { isCalendarDay } from '../core/input.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { FilterDefinition } from '../crud/resource.js';
import { fields } from '../core/validation.js';

// Shared with the back office's forms (common/src/schemas/fields.ts).
export const { optionalRef, optionalDateTime, optionalDate, optionalIdentifier, halfDays } = fields;

export const END_BEFORE_START = 'Das Ende muss nach dem Beginn liegen.';

/** @throws DomainError('validation') naming `field` when `end` is not after `start`. */
export function assertAfter(
  start: Date | string | null | undefined,
  end: Date | string | null | undefined,
  field: string,
) {
  if (!start || !end) return;
  if (new Date(end).getTime() <= new Date(start).getTime())
    throw new DomainError('validation', END_BEFORE_START, field);
}

/** Employees (branch-scoped users) are limited to their own rows; managers and admins are not. */
export const isBranchScoped = (ctx: RequestContext) => ctx.branchScope() !== 'all';

/** @throws DomainError('forbidden') for branch-scoped users (writes that only managers make). */
export function assertManager(ctx: RequestContext) {
  if (isBranchScoped(ctx)) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
}

/** A `from`/`to` query value: a calendar day (read in the row's branch time zone) or an ISO date-time. */
type Bound = { kind: 'date'; value: string } | { kind: 'instant'; value: string };

export function parseBound(field: string, raw: unknown): Bound {
  const s = String(raw).trim();
  // A real calendar day: JavaScript rolls 2026-02-30 over to 2 March, PostgreSQL refuses it (a 500).
  if (isCalendarDay(s)) return { kind: 'date', value: s };
  const parsed = z.iso.datetime({ offset: true }).safeParse(s);
  if (parsed.success && isCalendarDay(s.slice(0, 10)))
    return { kind: 'instant', value: new Date(s).toISOString() };
  throw new DomainError('validation', t('validation.date'), field);
}

/**
 * `from` and `to` list filters for rows that span a time range (start, and an end that may be open):
 * a row is listed when it overlaps [from, to]. A calendar day counts whole, in the branch's time zone
 * (the list joins the branch as alias `branch`).
 */
export function overlapFilters(startProperty: string, endProperty: string): Record<string, FilterDefinition> {
  const dayStart = (param: string) =>
    `(CAST(CAST(:${param} AS date) AS timestamp) AT TIME ZONE branch.timeZone)`;
  const dayEnd = (param: string) =>
    `(CAST(CAST(:${param} AS date) + 1 AS timestamp) AT TIME ZONE branch.timeZone)`;
  return {
    from: {
      type: 'string',
      apply: (qb, alias, raw) => {
        const b = parseBound('from', raw);
        const bound = b.kind === 'date' ? dayStart('rangeFrom') : 'CAST(:rangeFrom AS timestamptz)';
        qb.andWhere(`(${alias}.${endProperty} IS NULL OR ${alias}.${endProperty} > ${bound})`, {
          rangeFrom: b.value,
        });
      },
    },
    to: {
      type: 'string',
      apply: (qb, alias, raw) => {
        const b = parseBound('to', raw);
        const bound = b.kind === 'date' ? dayEnd('rangeTo') : 'CAST(:rangeTo AS timestamptz)';
        qb.andWhere(`${alias}.${startProperty} < ${bound}`, { rangeTo: b.value });
      },
    },
  };
}
