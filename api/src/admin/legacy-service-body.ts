import type { RequestHandler } from 'express';
import { visualOfGradient } from '@agency/contracts';

/**
 * Clients written against the first service contract send `gradient` (a CSS class) instead of
 * `visual`, and features as plain strings: read them as the visual and the items they mean, so
 * those clients keep working while the CMS uses the new fields. Under that contract a new service
 * went live at once, so without `published` theirs still do (new items are otherwise drafts).
 */
export const readLegacyServiceBody: RequestHandler = (req, _res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    if ('gradient' in body) {
      body['visual'] ??= visualOfGradient(body['gradient']);
      body['published'] ??= true;
      delete body['gradient'];
    }
    if (Array.isArray(body['features'])) {
      body['features'] = body['features'].map((f: unknown) =>
        typeof f === 'string' ? { title: f, description: '' } : f,
      );
    }
  }
  next();
};
