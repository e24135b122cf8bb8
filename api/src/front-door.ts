import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { HeaderSet } from './security/security-headers';
import type { PublicCache } from './http/public-cache';
import type { RequestRecords } from './ops/request-log';
import { answerHealthz } from './ops/health-router';
import { setRoutePattern } from './http/route-pattern';
import type { Request } from 'express';

/**
 * The answers that need nothing of the middleware chain, given before Express routes the request:
 * `GET|HEAD /healthz` and public reads the cache already holds for a URL it has seen. Each carries
 * what the chain would have put on it, in the same order (request id, the release's security
 * headers, then the route's own), is counted by the metrics and logged like any other (probes are
 * not logged). Returns false, having written nothing, for every other request: https (HSTS) or a
 * proxy's X-Forwarded-Proto, conditional requests, personal cookies (except on a server render's own
 * reads: `knownHit`), misses and the rest take the chain.
 */
export function frontDoor({
  records,
  securityHeaders,
  cache,
}: {
  records: RequestRecords;
  /** The current release's security headers (a new list when a release switch changes them). */
  securityHeaders: () => HeaderSet;
  cache: PublicCache;
}) {
  let set: HeaderSet | undefined;
  /** X-Request-Id (value filled per request) and the security headers, flat, for writeHead. */
  let head: string[] = [];
  const headFor = (id: string) => {
    const current = securityHeaders();
    if (current !== set) {
      set = current;
      head = ['X-Request-Id', '', ...current.flat()];
    }
    const copy = head.slice();
    copy[1] = id;
    return copy;
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const { method, url = '' } = req;
    if (method !== 'GET' && method !== 'HEAD') return false;
    // Strict-Transport-Security goes on https answers only, which the chain works out (req.secure).
    if ((req.socket as TLSSocket).encrypted || req.headers['x-forwarded-proto'] !== undefined) return false;
    const started = performance.now();
    if (url === '/healthz') {
      if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined)
        return false;
      const id = records.idOf(req);
      setRoutePattern(req as Request, '/healthz');
      answerHealthz(res, headFor(id));
      records.answered(req, res, performance.now() - started, id, true);
      return true;
    }
    if (!url.startsWith('/api/')) return false;
    const found = cache.knownHit(req);
    if (!found) return false;
    const id = records.idOf(req);
    cache.sendKnownHit(req, res, headFor(id), found);
    records.answered(req, res, performance.now() - started, id, false);
    return true;
  };
}
