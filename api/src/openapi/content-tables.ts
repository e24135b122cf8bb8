/** The staff API of each CMS content table (admin/crud-router.ts): one set of operations per content type. */
import { z } from 'zod';
import type { $ZodObject, $ZodType } from 'zod/v4/core';
import {
  adminIdParams,
  bulkActionSchema,
  bulkPath,
  contentDraftSchema,
  draftInputSchemaOf,
  draftMarkSchema,
  revisionParams,
} from '@agency/contracts';
import { CONTENT_TYPE_DEFINITIONS } from '../admin/content-types';
import { storedRowSchema } from '../content/content-type-entries';
import { staff, type Operation } from './operation';
import { bulkActionResultSchema, revisionSchema, revisionSummarySchema } from './responses';

/**
 * The operations of a staff-managed table (see crud-router.ts): list, read, create, update, move to
 * the trash, its revisions (list, read, restore), its pending draft (save, publish, discard), duplicate
 * and bulk actions. `row` adds the stored-only fields.
 */
function crud(
  base: string,
  label: string,
  input: $ZodObject,
  extra: Record<string, $ZodType> = {},
): Operation[] {
  const row = storedRowSchema(input as z.ZodObject, extra as Record<string, z.ZodType>);
  // A save's answer also names the internal links of its bodies that lead to no page (body-links.ts).
  const saved = row.extend({
    deadLinks: z
      .array(z.string())
      .optional()
      .describe(
        'Internal links in the bodies that lead to no page visitors can see (a warning; the item is saved)',
      ),
  });
  // As staff edit it: the live values and the pending draft (crud-drafts.ts); a list row marks it.
  const edited = row.extend({
    draft: contentDraftSchema.optional().describe('The pending draft, when the item has one'),
  });
  const listed = row.extend({
    draft: draftMarkSchema
      .optional()
      .describe('When the item has a pending draft: when it goes live, who saved it'),
  });
  const tag = label;
  const one = `${base}/{id}`;
  return [
    staff({
      method: 'get',
      path: base,
      tag,
      summary: `List ${label}`,
      responses: { 200: { description: 'Every item not in the trash', schema: z.array(listed) } },
    }),
    staff({
      method: 'post',
      path: base,
      tag,
      summary: `Create (${label})`,
      body: input,
      responses: { 201: { description: 'Created', schema: saved } },
      errors: [400, 409],
    }),
    staff({
      method: 'get',
      path: one,
      tag,
      summary: `Read one (${label}) with its pending draft; the ETag is its version (the draft's included)`,
      params: adminIdParams,
      responses: { 200: { description: 'The item', schema: edited } },
      errors: [400, 404],
    }),
    staff({
      method: 'put',
      path: one,
      tag,
      summary: `Replace (${label}); If-Match makes it conditional`,
      params: adminIdParams,
      body: input,
      responses: { 200: { description: 'Saved', schema: saved } },
      errors: [400, 404, 409, 412],
    }),
    staff({
      method: 'delete',
      path: one,
      tag,
      summary: `Move to the trash (${label})`,
      params: adminIdParams,
      responses: { 204: { description: 'In the trash' } },
      errors: [400, 404, 412],
    }),
    staff({
      method: 'get',
      path: `${one}/revisions`,
      tag,
      summary: `Revisions of one item (${label}), newest first`,
      params: adminIdParams,
      responses: { 200: { description: 'The revisions', schema: z.array(revisionSummarySchema) } },
      errors: [400, 404],
    }),
    staff({
      method: 'get',
      path: `${one}/revisions/{revId}`,
      tag,
      summary: `One revision (${label})`,
      params: revisionParams,
      responses: { 200: { description: 'The revision', schema: revisionSchema } },
      errors: [400, 404],
    }),
    staff({
      method: 'post',
      path: `${one}/revisions/{revId}/restore`,
      tag,
      summary: `Save a revision again (${label})`,
      params: revisionParams,
      responses: { 200: { description: 'Saved', schema: saved } },
      errors: [400, 404, 409, 412],
    }),
    staff({
      method: 'put',
      path: `${one}/draft`,
      tag,
      summary: `Save changes as a pending draft the public does not see (${label}); \`publishAt\` schedules it; If-Match makes it conditional`,
      params: adminIdParams,
      body: draftInputSchemaOf(input as z.ZodObject),
      responses: { 200: { description: 'The item, live values unchanged, with its draft', schema: edited } },
      errors: [400, 404, 412],
    }),
    staff({
      method: 'post',
      path: `${one}/draft/publish`,
      tag,
      summary: `Publish the pending draft now (${label}): it is written over the item, with a revision; If-Match makes it conditional`,
      params: adminIdParams,
      responses: { 200: { description: 'Published', schema: saved } },
      errors: [400, 404, 409, 412],
    }),
    staff({
      method: 'delete',
      path: `${one}/draft`,
      tag,
      summary: `Discard the pending draft (${label}); If-Match makes it conditional`,
      params: adminIdParams,
      responses: { 204: { description: 'Discarded; the live item is unchanged' } },
      errors: [400, 404, 412],
    }),
    staff({
      method: 'post',
      path: `${one}/duplicate`,
      tag,
      summary: `Store an unpublished copy (${label}): "(copy)" in its title, a free slug`,
      params: adminIdParams,
      responses: { 201: { description: 'The copy', schema: saved } },
      errors: [400, 404, 409],
    }),
    staff({
      method: 'post',
      path: bulkPath(base),
      tag,
      summary: `Publish, unpublish or move to the trash a selection (${label}), in one transaction`,
      body: bulkActionSchema,
      responses: { 200: { description: 'What changed', schema: bulkActionResultSchema } },
      errors: [400],
    }),
  ];
}

/** Every content type's table operations, in the registry's order. */
export const contentTableOperations: Operation[] = CONTENT_TYPE_DEFINITIONS.flatMap(
  ({ adminPath, plural, schema, stored }) => crud(adminPath, plural, schema, stored),
);
