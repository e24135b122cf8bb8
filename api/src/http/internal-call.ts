import type { IncomingMessage } from 'node:http';

const internal = Symbol('internalCall');

/**
 * Marks a request that came in on the server render's private loopback listener
 * (site/render/internal-api.ts): the app itself asking for a page's data. Only that listener sets
 * it, so no client can; what such a request says about itself (its X-Request-Id) can be believed.
 */
export function markInternalCall(req: IncomingMessage) {
  (req as IncomingMessage & { [internal]?: true })[internal] = true;
}

export const isInternalCall = (req: IncomingMessage) =>
  (req as IncomingMessage & { [internal]?: true })[internal] === true;
