import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { QueryFailedError } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS, databaseFaultOf } from './database-faults.js';
import { DomainError, type FieldError, STATUS_OF, uniqueViolationOf } from './errors.js';
import { HTTP_MESSAGES } from './messages.js';

interface ErrorBody {
  errors: FieldError[];
}

const GENERIC_BY_STATUS: Record<number, string> = {
  400: 'Die Anfrage ist ungültig.',
  401: HTTP_MESSAGES.unauthorized,
  403: HTTP_MESSAGES.forbidden,
  404: HTTP_MESSAGES.notFound,
  405: HTTP_MESSAGES.methodNotAllowed,
  409: HTTP_MESSAGES.duplicate,
  413: HTTP_MESSAGES.tooLarge,
  429: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
  503: 'Der Dienst ist vorübergehend nicht verfügbar.',
};

/** What {@link toErrorResponse} makes of an error: status, body, extra headers and whether to log it. */
export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  log: boolean;
  headers?: Record<string, string>;
}

/** Maps any thrown value to a status and the `{ errors: [...] }` body with German messages. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    return {
      status: STATUS_OF[error.code],
      body: { errors: error.errors.map((e) => ({ ...e })) },
      log: false,
    };
  }
  if (error instanceof QueryFailedError) {
    const driverError = (error as QueryFailedError & { driverError?: { code?: string; constraint?: string } })
      .driverError;
    const code = driverError?.code;
    if (code === '23505') {
      const known = uniqueViolationOf(driverError?.constraint);
      return {
        status: 409,
        body: { errors: [known ? { ...known } : { message: HTTP_MESSAGES.duplicate, code: 'duplicate' }] },
        log: false,
      };
    }
    if (code === '23503') {
      return {
        status: 409,
        body: {
          errors: [
            {
              message: 'Der Eintrag wird noch verwendet oder verweist auf einen fehlenden Eintrag.',
              code: 'in_use',
            },
          ],
        },
        log: false,
      };
    }
  }
  // The database restarted or is out of reach, or the disk is full: the client learns what to do, never a 500.
  const fault = databaseFaultOf(error);
  if (fault === 'unavailable') {
    return {
      status: 503,
      body: { errors: [{ message: HTTP_MESSAGES.temporarilyUnavailable, code: 'database_unavailable' }] },
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      log: true,
    };
  }
  if (fault === 'storage_full') {
    return {
      status: 507,
      body: { errors: [{ message: HTTP_MESSAGES.storageFull, code: 'storage_full' }] },
      log: true,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    // Nest hands body-parser's failures over as a 400 whose cause is the parser's SyntaxError.
    if (status === 400 && error.cause instanceof SyntaxError) {
      return { status, body: { errors: [{ message: HTTP_MESSAGES.badJson }] }, log: false };
    }
    return {
      status,
      body: { errors: [{ message: GENERIC_BY_STATUS[status] ?? HTTP_MESSAGES.internal }] },
      log: status >= 500,
    };
  }
  // Errors of body-parser and other express middleware carry their status and a type.
  const e = error as { type?: string; status?: number; statusCode?: number };
  if (e && typeof e === 'object' && e.type === 'entity.parse.failed') {
    return { status: 400, body: { errors: [{ message: HTTP_MESSAGES.badJson }] }, log: false };
  }
  if (e && typeof e === 'object' && e.type === 'entity.too.large') {
    return { status: 413, body: { errors: [{ message: HTTP_MESSAGES.tooLarge }] }, log: false };
  }
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { errors: [{ message: GENERIC_BY_STATUS[status] ?? GENERIC_BY_STATUS[400] }] },
      log: false,
    };
  }
  return { status: 500, body: { errors: [{ message: HTTP_MESSAGES.internal }] }, log: true };
}

/** The one place where errors become HTTP. Stack traces and SQL go to the log, never to the client. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    const { status, body, log, headers } = toErrorResponse(error);
    if (log) this.logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    res.status(status).json(body);
  }
}

/** The same mapping for errors raised in plain express middleware (body parsing, static files). */
export function expressErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: (err?: unknown) => void) => {
    if (res.headersSent) return next(error);
    const { status, body, log, headers } = toErrorResponse(error);
    if (log) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    res.status(status).json(body);
  };
}
