import helmet from 'helmet';
import type { RequestHandler } from 'express';
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

/**
 * Security headers for every response. Scripts only from our origin and the remotes' origins
 * (no 'unsafe-inline'); HSTS only over https, where it means something.
 */
export function securityHeaders(getManifest: (fresh: boolean) => RemotesManifest): RequestHandler {
  const build = (origins: string[]) =>
    helmet({
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
  let cachedKey = '';
  let cached = build([]);
  return (req, res, next) => {
    // Documents need the current remotes' origins; other answers may use a look up to a second old.
    const isDocument = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    const origins = remoteOrigins(getManifest(isDocument));
    const key = origins.join(' ');
    if (key !== cachedKey) {
      cachedKey = key;
      cached = build(origins);
    }
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure)
      res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
    cached(req, res, next);
  };
}
