import type { Request } from 'express';
import { ErrorCode } from '@agency/contracts';
import { HttpError } from './errors';

/**
 * Whether the request carries a body. `fetch` and Node send `Content-Length: 0` (and no type) on a
 * POST or PUT without one: that is no body, so there is no type to refuse (type-is counts it as one).
 */
export function carriesBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** A body of another type than `types`: 415, with the types it takes. */
export function refuseOtherBodies(req: Request, types: string[], message: string): void {
  if (carriesBody(req) && req.is(types) === false)
    throw new HttpError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
}
