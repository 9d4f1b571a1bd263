import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestScope } from './logger.js';

const VALID_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new uuid), returns it in
 * the response header and logs one line when the response is finished.
 */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      requestScope.run({ requestId }, () =>
        logger.info(
          { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        ),
      );
    });
    requestScope.run({ requestId }, () => next());
  };
}
