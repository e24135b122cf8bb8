import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import type { Request } from 'express';
import { markInternalCall } from '../../http/internal-call';

/**
 * `fetch` for server renders: the page's API calls go to this same app over a private loopback
 * listener (started on first use, on an ephemeral port, never keeping the process alive), as the
 * visitor would have been answered: with their cookies (staff see drafts), nothing else of theirs.
 * Each call carries the page request's X-Request-Id, which the API adopts (only this listener's
 * requests are believed), so one id ties the page's log line to those of its data.
 * Reads only: a render never writes.
 */
export function internalApi(app: RequestListener) {
  let origin: Promise<string> | undefined;
  const start = () =>
    new Promise<string>((resolve, reject) => {
      const server = http.createServer((req, res) => {
        markInternalCall(req);
        app(req, res);
      });
      server.keepAliveTimeout = 30_000;
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.unref();
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
    });

  return function fetchFor(visitor: Pick<Request, 'headers'> & { id?: string | undefined }) {
    const cookie = visitor.headers.cookie;
    const id = visitor.id;
    return async (url: string, init: RequestInit = {}): Promise<Response> => {
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET') throw new Error(`A server render may only read (${method} ${url})`);
      if (!url.startsWith('/api/')) throw new Error(`A server render only calls the API (${url})`);
      origin ??= start().catch((err: unknown) => {
        origin = undefined;
        throw err;
      });
      return fetch(`${await origin}${url}`, {
        // identity: an in-process answer gains nothing from being gzipped and gunzipped again.
        headers: {
          accept: 'application/json',
          'accept-encoding': 'identity',
          ...(cookie ? { cookie } : {}),
          ...(id ? { 'x-request-id': id } : {}),
        },
        signal: init.signal ?? null,
      });
    };
  };
}
