import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { $ZodError } from 'zod/v4/core';
import { ErrorCode, type ApiErrorBody } from '@agency/contracts';
import type { Logger } from 'pino';
import { isDatabaseRefusingWork } from '../db/pg-errors';

export class HttpError extends Error {
  /** What else the answer says (a 412's who and when). */
  details: Pick<ApiErrorBody, 'changedBy' | 'changedAt'> = {};
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
  // Bounded waits: a statement cancelled by statement_timeout, a lock not obtained in time, and a
  // server with no connection left. The request was fine; the database was busy or stuck.
  '57014',
  '55P03',
  '53300',
];
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Connection ended unexpectedly|PGlite is clos(ed|ing)|Query read timeout/i;

/** The first PostgreSQL/system error code in an error or its causes (the failure's kind in the log). */
function errorCodeOf(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 4) return undefined;
  const { code, cause } = err as { code?: unknown; cause?: unknown };
  if (typeof code === 'string') return code;
  return errorCodeOf(cause, depth + 1);
}

/** How long repeats of one kind of failure are counted before their summary line. */
export const FAILURE_LOG_INTERVAL_MS = 10_000;

/**
 * Failures logged one line per kind per interval: the first one in full (its error, scrubbed of
 * query parameters by the logger's serializer), the rest counted into one summary line when the
 * interval ends. An outage then writes a few lines a minute, not one per request.
 */
export function failureLog(log: Logger, intervalMs = FAILURE_LOG_INTERVAL_MS) {
  const pending = new Map<string, { count: number; paths: Set<string> }>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    for (const [kind, { count, paths }] of pending) {
      if (count)
        log.error(
          { kind, count, paths: [...paths], intervalMs },
          `${count} more failures of kind ${kind} in the last ${Math.round(intervalMs / 1000)} s`,
        );
    }
    pending.clear();
  };
  return (kind: string, fields: Record<string, unknown>, message: string) => {
    const seen = pending.get(kind);
    if (seen) {
      seen.count++;
      if (seen.paths.size < 5 && typeof fields.path === 'string') seen.paths.add(fields.path);
      return;
    }
    pending.set(kind, { count: 0, paths: new Set() });
    log.error({ kind, ...fields }, message);
    if (!timer) {
      timer = setTimeout(flush, intervalMs);
      timer.unref();
    }
  };
}

/** Database connection failures (also when wrapped as a query error's cause): not the request's fault. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.includes(code) || isDatabaseRefusingWork(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * PostgreSQL refusing text it cannot store: a NUL (22021 in text, 22P05 in JSON) or half a surrogate
 * pair in JSON (22P02, whose detail names the surrogate). The contracts refuse these first; this is the backstop for
 * any text that reaches a query some other way: a hostile byte is the request's fault, never a 500.
 */
const UNSTORABLE_TEXT_CODES = ['22021', '22P05'];
const UNSTORABLE_TEXT_MESSAGE =
  /invalid byte sequence|unsupported Unicode escape|Unicode (low|high) surrogate/i;
export const UNSTORABLE_TEXT_ANSWER =
  'The request contains characters that cannot be stored (control characters)';

function isUnstorableText(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, severity, message, detail, cause } = err as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
    detail?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.includes(code)) return true;
  // The database's own words only (a wrapper's message quotes the query and its parameters).
  const said = severity ? [message, detail] : [];
  if (said.some((text) => typeof text === 'string' && UNSTORABLE_TEXT_MESSAGE.test(text))) return true;
  return isUnstorableText(cause, depth + 1);
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
  const failure = failureLog(log);
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
        ...err.details,
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
    if (isUnstorableText(err)) {
      log.warn({ path: req.path, code: errorCodeOf(err) }, 'request text the database cannot store');
      return send(400, { message: UNSTORABLE_TEXT_ANSWER, code: ErrorCode.VALIDATION });
    }
    if (isDatabaseUnavailable(err)) {
      failure(
        `database-unavailable:${errorCodeOf(err) ?? 'connection'}`,
        { err, path: req.path },
        'database unavailable',
      );
      res.setHeader('Retry-After', '5');
      return send(503, { message: 'Service temporarily unavailable', code: ErrorCode.SERVICE_UNAVAILABLE });
    }
    // Kind: the code, else the error's class and its message's first line (a query's SQL text,
    // never its parameters, which drizzle puts on the second line).
    const firstLine = String((err as Error)?.message ?? '')
      .split('\n')[0]!
      .slice(0, 80);
    const kind = errorCodeOf(err) ?? `${(err as object)?.constructor?.name ?? 'Error'}:${firstLine}`;
    failure(`unhandled:${kind}`, { err, path: req.path }, 'unhandled error');
    return send(500, { message: 'Something went wrong', code: ErrorCode.INTERNAL });
  };
}
