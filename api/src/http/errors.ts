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

/** Postgres connection failures: the database is unreachable, not the request at fault. */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003'].includes(code)
  );
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
