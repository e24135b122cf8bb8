import type { $ZodObject, $ZodType } from 'zod/v4/core';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One answer of an operation: JSON described by a contract schema, another media type, or no body. */
export interface Answer {
  description: string;
  /** A JSON body (rendered from the schema's input side: what a reader of the answer accepts). */
  schema?: $ZodType;
  /** A non-JSON body ('text/csv', 'application/pdf'…), or the types one of which it has. */
  mediaType?: string | string[];
  /** Response headers the client reads (name → what it carries). */
  headers?: Record<string, string>;
}

/**
 * One HTTP operation of the API, described by the zod contracts it validates with. Each router's
 * operations sit in one list (public.ts, admin.ts); adding an endpoint means adding its entry there.
 */
export interface Operation {
  method: Method;
  /** OpenAPI form: `/api/services/{slug}` (`openApiPath` turns a pattern of API_PATHS into it). */
  path: string;
  summary: string;
  tag: string;
  /** Behind the staff session (and, for writes, the same-origin guard). */
  staff?: boolean;
  params?: $ZodObject;
  query?: $ZodObject;
  /** A JSON body validated with this contract. */
  body?: $ZodType;
  /** A multipart upload with one file in this form field. */
  upload?: string;
  /** Success answers by status. */
  responses: Record<number, Answer>;
  /** Error statuses this operation answers besides the common ones (all in the shared error body). */
  errors?: number[];
}

/** An operation behind the staff session. */
export const staff = (op: Omit<Operation, 'staff'>): Operation => ({ ...op, staff: true });
