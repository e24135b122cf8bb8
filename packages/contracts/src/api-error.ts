import { z } from 'zod';
import { ErrorCode, type ApiErrorBody } from './errors';

/** The error body every API error answers, as a schema (the OpenAPI document's error response). */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  /** Field messages for validation errors, keyed by field path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** A 412 on a content item: who saved it last, and when. */
  changedBy: z.string().optional(),
  changedAt: z.iso.datetime({ offset: true }).optional(),
}) satisfies z.ZodType<ApiErrorBody>;
