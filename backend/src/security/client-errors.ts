import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { t, type ErrorCode } from '@ordering/common';

/** What Node's HTTP parser reports for a request it could not read, as status, code and German text. */
export function clientErrorAnswer(code: string | undefined): {
  status: number;
  code: ErrorCode;
  message: string;
} {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'headers_too_large', message: t('http.headersTooLarge') };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'request_timeout', message: t('http.requestTimeout') };
  return { status: 400, code: 'invalid', message: t('http.badRequest') };
}

/**
 * Answers requests that never reach Express (header block over Node's 16 kB, malformed request line,
 * timeout) with the same `{ errors: [{ message, code }] }` envelope as every other error, instead of
 * Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer = clientErrorAnswer(error.code);
    const body = JSON.stringify({ errors: [{ message: answer.message, code: answer.code }] });
    socket.end(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
