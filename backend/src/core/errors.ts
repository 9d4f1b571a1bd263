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

export interface FieldError {
  message: string;
  field?: string;
}

/** A failure the user should read: the message is German and shown as it is. */
export class DomainError extends Error {
  readonly errors: FieldError[];
  constructor(
    readonly code: DomainErrorCode,
    messageOrErrors: string | FieldError[],
    field?: string,
  ) {
    const errors =
      typeof messageOrErrors === 'string' ? [{ message: messageOrErrors, field }] : messageOrErrors;
    super(errors[0]?.message ?? code);
    this.name = 'DomainError';
    this.errors = errors.map((e) => (e.field === undefined ? { message: e.message } : e));
  }
}
