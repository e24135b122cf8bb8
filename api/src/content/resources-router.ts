import { Router, type Request } from 'express';
import {
  API_PATHS,
  publishedListQuery,
  resourceLeadSchema,
  ResourceRoutes,
  underApi,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { forbidden, notFound } from '../http/errors';
import { parseBody, parseQuery, rejectInvalidBody } from '../http/validate';
import { rateLimit } from '../http/rate-limit';
import { sendBlob } from '../files/send-blob';
import { findUploadedFile } from '../files/uploaded-files';
import { resolveResourceFile } from './content-files';
import { countDownload, findResource, listResources, storeLead } from './content-repository';
import { createDownloadTokens, type DownloadTokens } from './download-token';
import { canSeeDrafts, listIncludesDrafts } from './reader-access';

function idParam(req: Request): number {
  const raw = req.params['id'];
  if (typeof raw !== 'string' || !/^[1-9]\d{0,8}$/.test(raw)) throw notFound('Resource not found');
  return Number(raw);
}

/** Resources: the list, lead capture for gated files and the (counted) file delivery. */
/** Gated-resource leads per client address: far above what a person sends. */
export const LEAD_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

export function resourcesRouter(
  db: Db,
  tokens: DownloadTokens = createDownloadTokens(),
  opts: { rateLimitScale?: number } = {},
) {
  const router = Router();

  router.get(underApi(API_PATHS.resources), async (req, res) => {
    const query = parseQuery(publishedListQuery, req);
    res.json(await listResources(db, await listIncludesDrafts(req, db, query)));
  });

  // Per client address, valid submissions only (invalid ones are refused first).
  const leadLimiter = rateLimit(db, {
    name: 'resource-lead',
    ...LEAD_RATE_LIMIT,
    scale: opts.rateLimitScale ?? 1,
  });
  router.post(
    underApi(API_PATHS.resourceLeads),
    rejectInvalidBody(resourceLeadSchema),
    leadLimiter,
    async (req, res) => {
      const id = idParam(req);
      const { website, name, email } = parseBody(resourceLeadSchema, req);
      const resource = await findResource(db, id, await canSeeDrafts(req, db));
      if (!resource) throw notFound('Resource not found');
      // Honeypot filled in: look like a success, store nothing, hand out no working link.
      if (website) {
        res.status(201).json({ url: ResourceRoutes.download(id) });
        return;
      }
      await storeLead(db, { resourceId: id, name, email });
      const token = tokens.issue(id);
      res.status(201).json({ url: `${ResourceRoutes.download(id)}?token=${encodeURIComponent(token)}` });
    },
  );

  router.get(underApi(API_PATHS.resourceDownload), async (req, res) => {
    const id = idParam(req);
    const resource = await findResource(db, id, await canSeeDrafts(req, db));
    if (!resource) throw notFound('Resource not found');
    if (resource.gated) {
      // The lead already counted this download; the token only proves it was given.
      if (!tokens.verify(id, req.query['token']))
        throw forbidden('This download link is invalid or has expired');
    }
    const file = await resolveResourceFile(resource.fileUrl);
    const blob = file?.kind === 'stored' ? await findUploadedFile(db, file.name) : undefined;
    if (!file || (file.kind === 'stored' && !blob)) throw notFound('File not found');
    if (!resource.gated) await countDownload(db, id);
    if (file.kind === 'stored') {
      await sendBlob(db, req, res, blob!, { cacheControl: 'no-store', attachment: file.name });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (file.kind === 'external') {
      // No body: the OpenAPI document describes this answer as a bare redirect (Express's
      // `res.redirect` would add a "Found. Redirecting to …" note).
      res.status(302).location(file.url).end();
      return;
    }
    await new Promise<void>((resolve, reject) =>
      res.download(file.fileName, file.fileName, { root: file.root, dotfiles: 'deny' }, (err) =>
        err && !res.headersSent ? reject(err) : resolve(),
      ),
    );
  });

  return router;
}
