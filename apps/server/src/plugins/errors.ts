import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@shiftline/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseBusyError, isDatabaseUnavailable } from '../db/database.js';

/** A domain error: the code decides the HTTP status, fields name what was wrong with the input. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const invalidField = (field: string, reason: string) =>
  new AppError('validation_failed', `${field} ${reason}`, { [field]: reason });
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('forbidden', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);

function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Turns a request-validation issue path ('/end', '/breaks/0/start') into a field name ('end', 'breaks.0.start'). */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? (context ?? 'request') : path;
}

/**
 * PostgreSQL's errors about a value itself: class 22 (data exception: out-of-range numbers and dates, malformed
 * text such as a NUL byte) and 54000 (a value too large to index). Any such error comes from the input.
 */
function isDatabaseInputError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000');
}

/** The largest request line and headers the server reads (Node's default is 16 KiB). */
export const MAX_REQUEST_HEAD_BYTES = 64 * 1024;

/**
 * Answers a request Node's HTTP parser refused before the app saw it (a head over MAX_REQUEST_HEAD_BYTES: 431, a
 * malformed request: 400) with the app's JSON error body instead of Node's bare status line.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const reason = tooLarge
    ? `is longer than ${MAX_REQUEST_HEAD_BYTES / 1024} KiB (the address and headers together)`
    : 'is not a well-formed HTTP request';
  const body = JSON.stringify(errorBody('validation_failed', `The request ${reason}.`, { request: reason }));
  const statusText = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? 'is invalid';
      }
      const summary = Object.entries(fields)
        .map(([name, reason]) => `${name}: ${reason}`)
        .join('; ');
      return reply.status(400).send(errorBody('validation_failed', `Invalid request. ${summary}`, fields));
    }
    if (isDatabaseInputError(error)) {
      // A safety net: the request schemas should have refused this input; the log says which route let it through.
      request.log.warn({ err: error }, 'input refused by the database');
      const reason = 'holds a value the database cannot store (out of range or malformed)';
      return reply
        .status(400)
        .send(errorBody('validation_failed', `Invalid request: it ${reason}.`, { request: reason }));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('rate_limited', 'Too many attempts. Wait a minute and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own input errors: malformed JSON, wrong content type, body too large.
      const field = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      return reply.status(status).send(errorBody('validation_failed', error.message, { [field]: error.message }));
    }
    if (error instanceof DatabaseBusyError) {
      // Contention, not an outage: the database answers, this request found no free connection in time.
      request.log.warn('database connections all busy');
      return reply
        .status(429)
        .header('retry-after', '1')
        .send(errorBody('busy', 'The server is busy with many changes at once. Please try again in a moment.'));
    }
    if (isDatabaseUnavailable(error)) {
      // Frozen, restarting or unreachable: say so at once, and let clients and load balancers retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody('unavailable', 'The database is not answering. Please try again in a moment.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });
});
