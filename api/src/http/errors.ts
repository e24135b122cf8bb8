import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { ErrorCode, type ApiErrorBody } from '@agency/contracts';
import type { Logger } from 'pino';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
export const notFound = (message = 'Not found') => new HttpError(404, ErrorCode.NOT_FOUND, message);
export const conflict = (message: string, code: ErrorCode = ErrorCode.CONFLICT) =>
  new HttpError(409, code, message);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, ErrorCode.UNAUTHORIZED, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, ErrorCode.FORBIDDEN, message);

/** Field path → first message, for forms to show beside each field. */
export function zodFieldMessages(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

const UNAVAILABLE_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
];
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Connection ended unexpectedly|PGlite is closed/i;

/** Database connection failures (also when wrapped as a query error's cause): not the request's fault. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.includes(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one place errors become HTTP answers; no stack trace ever leaves the server. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const send = (status: number, body: ApiErrorBody) => {
      if (res.headersSent) return;
      res.status(status).json(body);
    };
    if (err instanceof HttpError) {
      return send(err.status, {
        message: err.message,
        code: err.code,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (err instanceof ZodError) {
      const fields = zodFieldMessages(err);
      return send(400, { message: Object.values(fields).join('; '), code: ErrorCode.VALIDATION, fields });
    }
    const bp = err as BodyParserError;
    if (bp?.type === 'entity.too.large') {
      return send(413, { message: 'Request body is too large', code: ErrorCode.PAYLOAD_TOO_LARGE });
    }
    if (bp?.type === 'entity.parse.failed') {
      return send(400, { message: 'Malformed JSON body', code: ErrorCode.MALFORMED_JSON });
    }
    if (bp?.type && typeof bp.status === 'number' && bp.status >= 400 && bp.status < 500) {
      return send(bp.status, { message: 'Bad request body', code: ErrorCode.VALIDATION });
    }
    if (isDatabaseUnavailable(err)) {
      log.error({ err, path: req.path }, 'database unavailable');
      res.setHeader('Retry-After', '5');
      return send(503, { message: 'Service temporarily unavailable', code: ErrorCode.SERVICE_UNAVAILABLE });
    }
    log.error({ err, path: req.path }, 'unhandled error');
    return send(500, { message: 'Something went wrong', code: ErrorCode.INTERNAL });
  };
}
