import type { Request, RequestHandler } from 'express';

const absoluteForm = Symbol('absoluteForm');
type TargetedRequest = Request & { [absoluteForm]?: true };

/** `http://host[:port]/path?query`: what a proxy sends (RFC 9112 §3.2.2 says servers must accept it). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * Every request target in origin form before anything reads it: an absolute-form target
 * (`GET http://evil.example/about`) is served as its path (`/about`), whatever host it names, so
 * logs, metrics, the API, the renderer and the page cache all see one path. Pages redirect such a
 * request to their canonical path (site/page-address.ts), which wasAbsoluteForm tells them.
 */
export const requestTarget: RequestHandler = (req, res, next) => {
  if (req.url.startsWith('/')) return next();
  const authority = ABSOLUTE_FORM.exec(req.url);
  if (!authority) {
    // `*` (OPTIONS to the server as a whole) or garbage: nothing here answers it.
    res.status(400).type('text/plain').send('Bad request');
    return;
  }
  const rest = req.url.slice(authority[0].length);
  const target = rest.startsWith('/') ? rest : `/${rest}`;
  req.url = target;
  req.originalUrl = target;
  (req as TargetedRequest)[absoluteForm] = true;
  next();
};

export const wasAbsoluteForm = (req: Request) => (req as TargetedRequest)[absoluteForm] === true;
