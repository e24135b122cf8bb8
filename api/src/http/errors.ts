import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { $ZodError } from 'zod/v4/core';
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

/** 429: the answer carries Retry-After (whole seconds, at least 1). */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, ErrorCode.RATE_LIMITED, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new TooManyRequestsError(message, retryAfterSeconds);

/** Field path → first message, for forms to show beside each field. */
export function zodFieldMessages(err: $ZodError): Record<string, string> {
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
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Connection ended unexpectedly|PGlite is clos(ed|ing)/i;

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

/**
 * A client error raised by Express or a middleware (a malformed percent-escape in the path, a bad
 * range, ...): it carries its 4xx status as `status` or `statusCode`.
 */
function clientErrorStatus(err: unknown): number | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/** The one place errors become HTTP answers; no stack trace ever leaves the server. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const send = (status: number, body: ApiErrorBody) => {
      if (res.headersSent) return;
      res.status(status).json(body);
    };
    if (err instanceof HttpError) {
      if (err instanceof TooManyRequestsError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      return send(err.status, {
        message: err.message,
        code: err.code,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    // Classic zod and zod/mini errors alike (both are core errors).
    if (err instanceof $ZodError) {
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
    const clientStatus = clientErrorStatus(err);
    if (clientStatus) {
      log.warn({ path: req.path, status: clientStatus, reason: (err as Error).message }, 'client error');
      return send(clientStatus, {
        message: STATUS_CODES[clientStatus] ?? 'Bad request',
        code: CLIENT_ERROR_CODES[clientStatus] ?? ErrorCode.VALIDATION,
      });
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
