/** The staff API under /api/admin: one entry per operation (the CRUD tables through `crud`). */
import { z } from 'zod';
import type { $ZodObject, $ZodType } from 'zod/v4/core';
import {
  AdminRoutes,
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  adminAuthSchema,
  adminIdParams,
  adminSessionSchema,
  bulkActionSchema,
  bulkPath,
  changePasswordSchema,
  leadsDeleteSchema,
  leadsHandledSchema,
  leadsQuerySchema,
  mediaPatchSchema,
  promoteReleaseSchema,
  remoteReleasesSchema,
  revisionParams,
  siteSettingsSchema,
  trashItemParams,
  uploadResponseSchema,
} from '@agency/contracts';
import { CONTENT_TYPE_DEFINITIONS, storedRowSchema } from '../admin/content-types';
import type { Operation } from './operation';
import {
  authenticatedSchema,
  bulkActionResultSchema,
  leadListSchema,
  leadsChangeResultSchema,
  leadsSummarySchema,
  mediaItemSchema,
  releaseSwitchAnswerSchema,
  revisionSchema,
  revisionSummarySchema,
  siteSettingEntriesSchema,
  trashItemSchema,
} from './responses';

const staff = (op: Omit<Operation, 'staff'>): Operation => ({ ...op, staff: true });

/**
 * The eight operations of a staff-managed table (see crud-router.ts): list, read, create, update,
 * move to the trash, and its revisions (list, read, restore). `row` adds the stored-only fields.
 */
function crud(
  base: string,
  label: string,
  input: $ZodObject,
  extra: Record<string, $ZodType> = {},
): Operation[] {
  const row = storedRowSchema(input as z.ZodObject, extra as Record<string, z.ZodType>);
  const tag = label;
  const one = `${base}/{id}`;
  return [
    staff({
      method: 'get',
      path: base,
      tag,
      summary: `List ${label}`,
      responses: { 200: { description: 'Every item not in the trash', schema: z.array(row) } },
    }),
    staff({
      method: 'post',
      path: base,
      tag,
      summary: `Create (${label})`,
      body: input,
      responses: { 201: { description: 'Created', schema: row } },
      errors: [400, 409],
    }),
    staff({
      method: 'get',
      path: one,
      tag,
      summary: `Read one (${label}); the ETag is its version`,
      params: adminIdParams,
      responses: { 200: { description: 'The item', schema: row } },
      errors: [400, 404],
    }),
    staff({
      method: 'put',
      path: one,
      tag,
      summary: `Replace (${label}); If-Match makes it conditional`,
      params: adminIdParams,
      body: input,
      responses: { 200: { description: 'Saved', schema: row } },
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
      responses: { 200: { description: 'Saved', schema: row } },
      errors: [400, 404, 409, 412],
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

const upload = (path: string, field: string, summary: string): Operation =>
  staff({
    method: 'post',
    path,
    tag: 'Media',
    summary,
    upload: field,
    responses: {
      201: { description: 'Stored', schema: uploadResponseSchema },
      200: {
        description: 'The same bytes were already stored: that file (`reused: true`)',
        schema: uploadResponseSchema,
      },
    },
    errors: [400, 413, 415, 429],
  });
/** A remote by its name (mf_content) or its folder (mf-content). */
const remoteParams = z.object({ remote: z.enum([...REMOTE_NAMES, ...Object.values(REMOTE_FOLDERS)]) });

export const adminOperations: Operation[] = [
  {
    method: 'post',
    path: AdminRoutes.auth,
    tag: 'Staff session',
    summary:
      'Sign in with the staff password (sets the session cookie); 403 "This account is disabled…" for a disabled account\'s correct password, 401 for any wrong one',
    body: adminAuthSchema,
    responses: { 200: { description: 'Signed in', schema: authenticatedSchema } },
    errors: [400, 401, 403, 429],
  },
  {
    method: 'get',
    path: AdminRoutes.session,
    tag: 'Staff session',
    summary: 'The current staff session',
    responses: { 200: { description: 'Signed in', schema: adminSessionSchema } },
    errors: [401],
  },
  {
    method: 'post',
    path: AdminRoutes.logout,
    tag: 'Staff session',
    summary: 'Sign out',
    responses: { 204: { description: 'Signed out' } },
    errors: [403],
  },
  staff({
    method: 'post',
    path: AdminRoutes.password,
    tag: 'Staff session',
    summary: 'Change the staff password (ends every other session)',
    body: changePasswordSchema,
    responses: { 204: { description: 'Changed' } },
    errors: [400, 429],
  }),
  ...CONTENT_TYPE_DEFINITIONS.flatMap(({ adminPath, plural, schema, stored }) =>
    crud(adminPath, plural, schema, stored),
  ),
  upload(AdminRoutes.resourceUpload, 'file', "Upload a resource's download file"),
  upload(AdminRoutes.upload, 'image', 'Upload an image'),
  staff({
    method: 'get',
    path: AdminRoutes.media,
    tag: 'Media',
    summary: 'Uploaded files, newest first',
    responses: { 200: { description: 'The files', schema: z.array(mediaItemSchema) } },
  }),
  staff({
    method: 'patch',
    path: `${AdminRoutes.media}/{id}`,
    tag: 'Media',
    summary: "Set an image's alt text",
    params: adminIdParams,
    body: mediaPatchSchema,
    responses: { 200: { description: 'Saved', schema: mediaItemSchema } },
    errors: [400, 404],
  }),
  staff({
    method: 'delete',
    path: `${AdminRoutes.media}/{id}`,
    tag: 'Media',
    summary: 'Move an unused file to the Trash (409 naming the items that use it)',
    params: adminIdParams,
    responses: { 204: { description: 'In the Trash' } },
    errors: [400, 404, 409],
  }),
  staff({
    method: 'get',
    path: AdminRoutes.siteSettings,
    tag: 'Site settings',
    summary: 'Every site setting',
    responses: { 200: { description: 'The settings', schema: siteSettingEntriesSchema } },
  }),
  staff({
    method: 'put',
    path: AdminRoutes.siteSettings,
    tag: 'Site settings',
    summary: 'Save every site setting; If-Match (the ETag of GET) makes it conditional',
    body: siteSettingsSchema,
    responses: { 200: { description: 'Saved', schema: siteSettingEntriesSchema } },
    errors: [400, 412],
  }),
  staff({
    method: 'get',
    path: AdminRoutes.leads,
    tag: 'Leads',
    summary:
      'Leads of one type, newest first; ?source= (referrer host or utm_source) and ?campaign= (utm_campaign) filter by where they came from',
    query: leadsQuerySchema,
    responses: { 200: { description: 'The leads', schema: leadListSchema } },
    errors: [400],
  }),
  staff({
    method: 'get',
    path: AdminRoutes.leadsCsv,
    tag: 'Leads',
    summary: 'The same leads as a CSV download',
    query: leadsQuerySchema,
    responses: { 200: { description: 'CSV (UTF-8 with BOM)', mediaType: 'text/csv' } },
    errors: [400],
  }),
  staff({
    method: 'get',
    path: AdminRoutes.leadsSummary,
    tag: 'Leads',
    summary: 'New leads of the last 7 days by kind (the CMS Overview)',
    responses: { 200: { description: 'The counts', schema: leadsSummarySchema } },
    errors: [],
  }),
  staff({
    method: 'post',
    path: AdminRoutes.leadsHandled,
    tag: 'Leads',
    summary: 'Mark leads handled, or open again',
    body: leadsHandledSchema,
    responses: { 200: { description: 'How many changed', schema: leadsChangeResultSchema } },
    errors: [400],
  }),
  staff({
    method: 'post',
    path: AdminRoutes.leadsDelete,
    tag: 'Leads',
    summary: 'Delete leads for good (the CMS asks to export them first)',
    body: leadsDeleteSchema,
    responses: { 200: { description: 'How many were deleted', schema: leadsChangeResultSchema } },
    errors: [400],
  }),
  staff({
    method: 'get',
    path: AdminRoutes.trash,
    tag: 'Trash',
    summary: 'Trashed items of every type, newest first',
    responses: { 200: { description: 'The trash', schema: z.array(trashItemSchema) } },
  }),
  staff({
    method: 'post',
    path: `${AdminRoutes.trash}/{type}/{id}/restore`,
    tag: 'Trash',
    summary: 'Put an item back',
    params: trashItemParams,
    responses: { 200: { description: 'Restored', schema: z.record(z.string(), z.unknown()) } },
    errors: [400, 404, 409],
  }),
  staff({
    method: 'delete',
    path: `${AdminRoutes.trash}/{type}/{id}`,
    tag: 'Trash',
    summary: 'Delete an item for good',
    params: trashItemParams,
    responses: { 204: { description: 'Deleted' } },
    errors: [400, 404],
  }),
  staff({
    method: 'get',
    path: AdminRoutes.releases,
    tag: 'Releases',
    summary: "Every remote's live, canary, staged and earlier versions",
    responses: { 200: { description: 'One item per remote', schema: z.array(remoteReleasesSchema) } },
  }),
  staff({
    method: 'post',
    path: `${AdminRoutes.releases}/{remote}/promote`,
    tag: 'Releases',
    summary:
      'Make a stored version live (or a canary), once its preflight passed (409 with the report when not; force: the owner only)',
    params: remoteParams,
    body: promoteReleaseSchema,
    responses: { 200: { description: 'Switched', schema: releaseSwitchAnswerSchema } },
    errors: [400, 403, 404, 409],
  }),
  staff({
    method: 'post',
    path: `${AdminRoutes.releases}/{remote}/rollback`,
    tag: 'Releases',
    summary: 'Go back to the previous live version',
    params: remoteParams,
    responses: { 200: { description: 'Switched', schema: releaseSwitchAnswerSchema } },
    errors: [400, 404, 409],
  }),
];
