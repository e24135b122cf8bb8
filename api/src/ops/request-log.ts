import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Env } from '../env';
import { requestContext } from '../logger';
import { isInternalCall } from '../http/internal-call';
import { rememberRoutePatterns, routePatternOf, UNMATCHED } from '../http/route-pattern';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id (X-Request-Id), set first thing (see requestLog). */
    id?: string;
  }
}

/** What a proxy's request id may look like to be reused: short, and nothing a log reader could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Load balancers poll these: one line per poll would drown the log. */
const PROBES = new Set(['/healthz', '/readyz']);

/** The path without its query string (which can carry a download token): logged for unmatched requests. */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * The request id and the record of an answered request, shared by the middleware below and the
 * front door (front-door.ts), which answers some requests before Express sees them.
 */
export function requestRecords(
  log: Logger,
  env: Pick<Env, 'TRUST_PROXY'>,
  onAnswered?: (req: Request, res: Response, ms: number) => void,
) {
  const trustIds = env.TRUST_PROXY > 0;
  /**
   * A proxy's X-Request-Id is kept only behind a trusted proxy (TRUST_PROXY > 0), and a server
   * render's own loopback calls carry the page request's id (site/render/internal-api.ts); otherwise
   * a client could forge ids in our logs.
   */
  const idOf = (req: IncomingMessage): string => {
    const given = trustIds || isInternalCall(req) ? req.headers['x-request-id'] : undefined;
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  };
  const answered = (req: IncomingMessage, res: ServerResponse, ms: number, id: string, probe: boolean) => {
    onAnswered?.(req as Request, res as Response, ms);
    if (probe || !log.isLevelEnabled('info')) return;
    const route = routePatternOf(req as Request);
    // A 5xx was already logged with its cause by the error handler; this line only records it.
    log.info(
      {
        reqId: id,
        req: {
          method: req.method,
          path: route === UNMATCHED ? pathOf((req as Request).originalUrl ?? req.url ?? '') : route,
        },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(ms),
      },
      res.statusCode >= 500 ? 'request failed' : 'request completed',
    );
  };
  return { idOf, answered };
}

export type RequestRecords = ReturnType<typeof requestRecords>;

/**
 * Gives every request an id (X-Request-Id on the answer, `reqId` on every log line written while it
 * is handled) and, once it is answered, records it: `onAnswered` (the metrics) and one log line with
 * the method, the route pattern (the path when no route answered), the status and the duration.
 * Probes get their id and their metrics, and nothing else: no log line, no request context.
 */
export function requestLog(records: RequestRecords): RequestHandler {
  return (req, res, next) => {
    rememberRoutePatterns(Object.getPrototypeOf(req) as object);
    const id = records.idOf(req);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = performance.now();
    const probe = PROBES.has(pathOf(req.url));
    // 'close' comes after 'finish', and also when the client leaves first.
    res.once('close', () => records.answered(req, res, performance.now() - started, id, probe));
    if (probe) return next();
    requestContext.run({ reqId: id }, next);
  };
}
