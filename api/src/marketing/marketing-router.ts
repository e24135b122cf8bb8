import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  API_PATHS,
  underApi,
  contentBlockParamsSchema,
  contentBlockSchema,
  publishedListQuery,
  serviceDetailSchema,
  serviceListSchema,
  serviceParamsSchema,
  testimonialListSchema,
  SERVICE_VISUAL_GRADIENTS,
  type ServiceVisual,
} from '@agency/contracts';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { parseParams, parseQuery } from '../http/validate';
import { marketingRepository } from './marketing-repository';

/** A single block takes no query parameters at all. */
const noQuery = z.object({}).strict();

/** Clients may keep a copy but must revalidate it; Express answers 304 when the ETag still matches. */
function revalidateAlways(res: Response) {
  res.setHeader('Cache-Control', 'no-cache');
}

/** A public service also carries the spec's `gradient` class, derived from its visual. */
const withGradient = <T extends { visual: ServiceVisual }>(service: T) => ({
  ...service,
  gradient: SERVICE_VISUAL_GRADIENTS[service.visual],
});

/** A service as GET /api/services/:slug answers it. */
export const toPublicService = (row: unknown) => withGradient(serviceDetailSchema.parse(row));

/** Public marketing data: content blocks, services, testimonials. */
export function marketingRouter(app: Pick<AppContext, 'db' | 'clock'>) {
  const repo = marketingRepository(app);
  const router = Router();

  router.get(underApi(API_PATHS.contentBlock), async (req, res) => {
    parseQuery(noQuery, req);
    const { identifier } = parseParams(contentBlockParamsSchema, req);
    const block = await repo.findPublishedContentBlock(identifier);
    // An inactive block is as invisible to visitors as a missing one.
    if (!block) throw notFound(`No content block '${identifier}'`);
    revalidateAlways(res);
    res.json(contentBlockSchema.parse(block));
  });

  router.get(underApi(API_PATHS.services), async (req, res) => {
    parseQuery(publishedListQuery, req);
    const rows = await repo.listPublishedServices();
    revalidateAlways(res);
    res.json(serviceListSchema.parse(rows).map(withGradient));
  });

  router.get(underApi(API_PATHS.service), async (req, res) => {
    parseQuery(noQuery, req);
    // A malformed slug names no service either: 404, like an unknown or unpublished one.
    const params = serviceParamsSchema.safeParse(req.params);
    const service = params.success ? await repo.findPublishedService(params.data.slug) : null;
    if (!service) throw notFound('Service not found');
    revalidateAlways(res);
    res.json(toPublicService(service));
  });

  router.get(underApi(API_PATHS.testimonials), async (req, res) => {
    parseQuery(publishedListQuery, req);
    const rows = await repo.listPublishedTestimonials();
    revalidateAlways(res);
    res.json(testimonialListSchema.parse(rows));
  });

  return router;
}
