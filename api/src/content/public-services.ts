/**
 * Services as visitors get them (the registry's public reads, admin/content-types.ts, and the
 * preview of a service): read tolerantly from the stored row by the contracts (odd stored lists
 * become empty ones), answered typed, with the spec's `gradient` class derived from the visual.
 */
import { z } from 'zod';
import {
  SERVICE_ICONS,
  SERVICE_VISUALS,
  SERVICE_VISUAL_GRADIENTS,
  focalPointSchema,
  serviceDetailSchema,
  serviceSchema,
  type Service,
  type ServiceDetail,
  type ServiceVisual,
} from '@agency/contracts';

const withGradient = <T extends { visual: ServiceVisual }>(service: T) => ({
  ...service,
  gradient: SERVICE_VISUAL_GRADIENTS[service.visual],
});

/** GET /api/services: a service as the lists show it; its features are their titles. */
export const publicServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.enum(SERVICE_ICONS),
  visual: z.enum(SERVICE_VISUALS),
  features: z.array(z.string()),
  provenResult: z.string(),
  displayOrder: z.number().int(),
  /** The spec's gradient class, derived from `visual`. */
  gradient: z.enum(Object.values(SERVICE_VISUAL_GRADIENTS) as [string, ...string[]]),
}) satisfies z.ZodType<Service & { gradient: string }>;

/** GET /api/services/{slug}: everything the service's page shows; features with their descriptions. */
export const publicServiceDetailSchema = publicServiceSchema.extend({
  subtitle: z.string(),
  intro: z.string(),
  features: z.array(z.object({ title: z.string(), description: z.string() })),
  benefits: z.array(z.string()),
  process: z.array(z.object({ phase: z.string(), description: z.string() })),
  testimonial: z.object({ quote: z.string(), author: z.string(), role: z.string() }).nullable(),
  /** A picture staff chose for the social card (absent: the generated card). */
  socialImageUrl: z.string().optional(),
  /** Its focal point, when it is a library image staff set one on. */
  socialImageFocus: focalPointSchema.optional(),
}) satisfies z.ZodType<ServiceDetail & { gradient: string }>;

type ServiceRow = Record<string, unknown>;

/** A stored service as the lists show it. */
export const toPublicServiceCard = (row: ServiceRow) => withGradient(serviceSchema.parse(row));

/** A stored service as its page shows it: its quote, author and role as one `testimonial` (or null). */
export const toPublicService = (row: ServiceRow) => {
  const { testimonialQuote: quote, testimonialAuthor: author, testimonialRole: role, ...rest } = row;
  return withGradient(
    serviceDetailSchema.parse({ ...rest, testimonial: quote ? { quote, author, role } : null }),
  );
};
