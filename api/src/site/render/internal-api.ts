import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import { Duplex } from 'node:stream';
import type { Request } from 'express';
import { markInternalCall } from '../../http/internal-call';
import { rememberStaffSession, type StaffSession } from '../../http/staff-session';

/** Who a server render reads for: the visitor's cookies and request id, and their staff session, looked up once. */
export interface RenderIdentity {
  headers: Pick<Request['headers'], 'cookie'>;
  id?: string | undefined;
  /** The page request's staff session (null: none), so no read looks it up again; undefined: not looked up. */
  staff?: StaffSession | null;
}

/**
 * The socket of an in-process request: what the response writes is collected, nothing leaves the
 * process. It says it is a loopback client (the address the API would have seen), not TLS.
 */
class MemorySocket extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 0;
  readonly chunks: Buffer[] = [];
  override _read() {}
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    this.chunks.push(chunk);
    done();
  }
  setTimeout() {
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
}

/** The status, headers and body of the raw HTTP/1.1 answer an in-process response wrote (never chunked). */
function readAnswer(raw: Buffer): Response {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = raw.subarray(end + 4);
  const nullBody = status === 204 || status === 304;
  return new Response(nullBody ? null : new Uint8Array(body), { status, headers });
}

/**
 * `fetch` for server renders: the page's API calls are dispatched to this same app in process (a
 * Node request and response over a socket in memory: no port, no TCP, no HTTP client), through the
 * very routes, cache and headers a browser's call meets, so the answers and the caching rules are the
 * browser's. They go as the visitor would have been answered: with their cookies (staff see drafts)
 * and the staff session the page already looked up (a read neither looks it up again nor counts as
 * activity), nothing else of theirs. Each call carries the page request's X-Request-Id, which the API
 * adopts (only these in-process requests are believed), so one id ties the page's log line to those
 * of its data. Reads only: a render never writes.
 */
export function internalApi(app: RequestListener) {
  return function fetchFor(visitor: RenderIdentity) {
    const cookie = visitor.headers.cookie;
    const id = visitor.id;
    return (url: string, init: RequestInit = {}): Promise<Response> => {
      const method = (init.method ?? 'GET').toUpperCase();
      if (method !== 'GET') throw new Error(`A server render may only read (${method} ${url})`);
      if (!url.startsWith('/api/')) throw new Error(`A server render only calls the API (${url})`);
      init.signal?.throwIfAborted();
      const socket = new MemorySocket();
      const req = new IncomingMessage(socket as never);
      req.method = 'GET';
      req.url = url;
      req.httpVersion = '1.1';
      req.httpVersionMajor = 1;
      req.httpVersionMinor = 1;
      // identity: an in-process answer gains nothing from being gzipped and gunzipped again.
      req.headers = {
        host: '127.0.0.1',
        accept: 'application/json',
        'accept-encoding': 'identity',
        ...(cookie ? { cookie } : {}),
        ...(id ? { 'x-request-id': id } : {}),
      };
      req.rawHeaders = Object.entries(req.headers).flatMap(([k, v]) => [k, String(v)]);
      req.push(null);
      markInternalCall(req);
      if (visitor.staff !== undefined) rememberStaffSession(req, visitor.staff);
      const res = new ServerResponse(req);
      // The body runs to the end of what was written: no chunked framing to undo.
      res.useChunkedEncodingByDefault = false;
      res.shouldKeepAlive = false;
      res.assignSocket(socket as never);
      return new Promise<Response>((resolve, reject) => {
        const abort = () => reject(init.signal?.reason ?? new Error('aborted'));
        init.signal?.addEventListener('abort', abort, { once: true });
        res.once('finish', () => {
          init.signal?.removeEventListener('abort', abort);
          // As a connection that closes after its answer: the response's 'close' follows (the
          // request log records the call then).
          socket.destroy();
          try {
            resolve(readAnswer(Buffer.concat(socket.chunks)));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.once('error', reject);
        app(req, res);
      });
    };
  };
}
