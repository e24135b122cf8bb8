import type { Request } from 'express';
import { ResourceRoutes, resourceLeadSchema } from '@agency/contracts';
import { notFound } from '../http/errors';
import type { FormAction } from '../http/form-action';
import { findResource, storeLead } from './content-repository';
import type { DownloadTokens } from './download-token';
import { canSeeDrafts } from './reader-access';

/** Gated-resource leads per client address: far above what a person sends. */
export const LEAD_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

/** The resource a route's `:id` names (a positive integer), or 404. */
export function resourceIdParam(req: Request): number {
  const raw = req.params['id'];
  if (typeof raw !== 'string' || !/^[1-9]\d{0,8}$/.test(raw)) throw notFound('Resource not found');
  return Number(raw);
}

/**
 * A gated resource's lead form (POST /api/resources/:id/leads and its access page's form): the lead is
 * stored (and the download counted) before the signed link is handed out.
 */
export function resourceLeadAction(
  tokens: DownloadTokens,
): FormAction<typeof resourceLeadSchema, { resourceId: number }, { url: string }> {
  const signed = (id: number) =>
    `${ResourceRoutes.download(id)}?token=${encodeURIComponent(tokens.issue(id))}`;
  return {
    form: 'resource-lead',
    schema: resourceLeadSchema,
    limit: { name: 'resource-lead', ...LEAD_RATE_LIMIT },
    async context(req, app) {
      const resourceId = resourceIdParam(req);
      const resource = await findResource(app, resourceId, await canSeeDrafts(req, app.db));
      if (!resource) throw notFound('Resource not found');
      return { resourceId };
    },
    async store(db, { name, email }, { resourceId }, source) {
      await storeLead(db, { resourceId, name, email, source });
      // A resend within the flash's 10 minutes gets this link again, still valid (15 min).
      return { url: signed(resourceId) };
    },
    json: (stored) => stored,
    outcome: ({ url }, { resourceId }) => ({ form: 'resource-lead', resourceId, status: 'success', url }),
    // Honeypot: look like a success, store nothing, hand out no working link.
    decoy: {
      json: (_input, { resourceId }) => ({ url: ResourceRoutes.download(resourceId) }),
      outcome: ({ resourceId }) => ({
        form: 'resource-lead',
        resourceId,
        status: 'success',
        url: ResourceRoutes.download(resourceId),
      }),
    },
    identity: ({ name, email }, { resourceId }) => [resourceId, name, email],
  };
}
