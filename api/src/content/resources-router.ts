import { Router } from 'express';
import { API_PATHS, underApi } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { forbidden, notFound } from '../http/errors';
import { jsonFormRoute } from '../http/form-action';
import { sendBlob } from '../files/send-blob';
import { findUploadedFile } from '../files/uploaded-files';
import { resolveResourceFile } from './content-files';
import { countDownload, findResource } from './content-repository';
import { resourceIdParam, resourceLeadAction } from './resource-lead-action';
import { createDownloadTokens, type DownloadTokens } from './download-token';
import { canSeeDrafts } from './reader-access';

export { LEAD_RATE_LIMIT } from './resource-lead-action';

/** Resources: the list, lead capture for gated files and the (counted) file delivery. */
export function resourcesRouter(
  app: Pick<AppContext, 'db' | 'clock' | 'rateLimits'>,
  tokens: DownloadTokens = createDownloadTokens(),
  opts: { rateLimitScale?: number; publicUrl?: string } = {},
) {
  const { db } = app;
  const router = Router();

  // The lead form's JSON adapter (resource-lead-action.ts holds its rules).
  router.post(
    underApi(API_PATHS.resourceLeads),
    jsonFormRoute(resourceLeadAction(tokens), {
      ...app,
      rateLimitScale: opts.rateLimitScale ?? 1,
      publicUrl: opts.publicUrl,
    }),
  );

  router.get(underApi(API_PATHS.resourceDownload), async (req, res) => {
    const id = resourceIdParam(req);
    const resource = await findResource(app, id, await canSeeDrafts(req, db));
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
