import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { RemotesManifest } from '@agency/contracts';

/** Origins other than our own that remote entries are loaded from (a CDN or a second origin per remote). */
export function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const { entry } of Object.values(manifest.remotes)) {
    if (/^https?:\/\//i.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/** The headers every answer carries, as name/value pairs set in order (computed once per release). */
export type HeaderSet = readonly (readonly [string, string])[];

/**
 * Security headers for every response, for one set of remotes' origins. Scripts only from our origin
 * and the remotes' origins (no 'unsafe-inline'). helmet computes them, once, into a list that each
 * request then only copies (helmet per request cost a closure and a dozen calls per answer).
 */
export function securityHeaderSet(manifest: RemotesManifest): HeaderSet {
  const origins = remoteOrigins(manifest);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...origins],
        // Radix dialogs lock scrolling with a small injected <style>; inline styles cannot run code,
        // and Mozilla Observatory does not penalise 'unsafe-inline' in style-src. Scripts stay strict.
        'style-src': ["'self'", "'unsafe-inline'", ...origins],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", ...origins],
        'connect-src': ["'self'", ...origins],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  // helmet's headers depend on its options only, never on the request: record what it sets once.
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return headers;
}

const HSTS = 'max-age=63072000; includeSubDomains; preload';

/** Puts `set` on the answer (HSTS only over https, where it means something). */
export function applySecurityHeaders(req: Request, res: Response, set: HeaderSet) {
  for (const [name, value] of set) res.setHeader(name, value);
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
}

/** Middleware form: the current release's header set (see remotes-manifest.ts releaseView) on every answer. */
export function securityHeaders(current: () => HeaderSet): RequestHandler {
  return (req, res, next) => {
    applySecurityHeaders(req, res, current());
    next();
  };
}
