import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { Env } from '../env';
import { requestContext } from '../logger';

/** What a proxy's request id may look like to be reused: short, and nothing a log reader could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Load balancers poll these: one line per poll would drown the log. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Gives every request an id (X-Request-Id on the answer, `reqId` on every log line written while it
 * is handled) and logs one line when it is answered. A proxy's X-Request-Id is kept only behind a
 * trusted proxy (TRUST_PROXY > 0); otherwise a client could forge ids in our logs.
 */
export function requestLog(log: Logger, env: Pick<Env, 'TRUST_PROXY'>): RequestHandler {
  const access = pinoHttp({
    logger: log,
    // The query string can carry a download token, and headers carry cookies: log neither.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => PROBES.has(String(req.url).split('?')[0]!) },
    // A 5xx was already logged with its cause by the error handler; this line only records it.
    customErrorObject: (_req, _res, _err, val: { res: unknown; responseTime: number }) => ({
      res: val.res,
      responseTime: val.responseTime,
    }),
    customErrorMessage: () => 'request failed',
  });
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id =
      env.TRUST_PROXY > 0 && typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    requestContext.run({ reqId: id }, () => access(req, res, next));
  };
}
