import type { Request } from 'express';

/** The compressed variants the site stores beside a file, in our order of preference (br is smaller). */
export const PRECOMPRESSED = [
  { token: 'br', ext: '.br' },
  { token: 'gzip', ext: '.gz' },
] as const;

/**
 * The first of `variants` (in our order) that the request's Accept-Encoding allows, negotiated by
 * Express (q=0 refuses, `*` matches, tokens are case-insensitive, no header means identity only);
 * undefined: send the plain bytes.
 */
export function acceptedEncoding<V extends { token: string }>(
  req: Request,
  variants: readonly V[],
): V | undefined {
  return variants.find((v) => req.acceptsEncodings(v.token) === v.token);
}
