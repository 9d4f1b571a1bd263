import { ERROR_CODES, type ErrorCode } from '@ordering/common';

/** What went wrong, independent of HTTP; {@link HttpErrorFilter} maps each code to a status once. */
export type DomainErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'unavailable';

export const STATUS_OF: Record<DomainErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
};

/**
 * One entry of the error envelope: the German text the user reads, the form field it belongs to, and a
 * stable machine-readable code (`branch_closed`, `slot_full` …) that clients react to instead of the text.
 */
export interface FieldError {
  message: string;
  field?: string;
  /** One of common's `ERROR_CODES` (typecheck refuses any other). */
  code?: ErrorCode;
}

/**
 * A failure the user should read: the message is German and shown as it is. `code` is the kind (it sets
 * the HTTP status); an entry may carry a machine code of its own (`reason` for the single-message form)
 * for conditions a client reacts to (`branch_closed`, `slot_full` …). Without one, the status says it.
 */
export class DomainError extends Error {
  readonly errors: FieldError[];
  constructor(
    readonly code: DomainErrorCode,
    messageOrErrors: string | FieldError[],
    field?: string,
    reason?: ErrorCode,
  ) {
    const errors =
      typeof messageOrErrors === 'string'
        ? [{ message: messageOrErrors, field, code: reason }]
        : messageOrErrors;
    super(errors[0]?.message ?? code);
    this.name = 'DomainError';
    this.errors = errors.map((e) => ({
      message: e.message,
      ...(e.field === undefined ? {} : { field: e.field }),
      ...(e.code === undefined ? {} : { code: e.code }),
    }));
  }
}

/**
 * A failure with a reason code that says what common's `ERROR_CODES` says for it: the German text is the
 * code's default, so the sentence lives in one place (`reasonError('conflict', 'already_paid')`).
 */
export function reasonError(kind: DomainErrorCode, reason: ErrorCode, field?: string): DomainError {
  return new DomainError(kind, ERROR_CODES[reason], field, reason);
}

/**
 * Unique indexes a user's request can run into, each with its German sentence and field: a violation of
 * one of these (PostgreSQL 23505 naming the index) is answered with that entry instead of the generic
 * "Dieser Wert wird bereits verwendet." Entity files register theirs when they are loaded.
 */
const UNIQUE_VIOLATIONS = new Map<string, FieldError>();

export function describeUniqueIndex(name: string, error: FieldError): void {
  UNIQUE_VIOLATIONS.set(name, error);
}

export function uniqueViolationOf(name: string | undefined): FieldError | undefined {
  return name === undefined ? undefined : UNIQUE_VIOLATIONS.get(name);
}
