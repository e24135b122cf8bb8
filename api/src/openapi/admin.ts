/**
 * The staff API under /api/admin: one entry per operation, in the order the document lists them (the
 * content tables are content-tables.ts, the uploads media.ts).
 */
import { z } from 'zod';
import {
  AdminRoutes,
  OVERVIEW_PATH,
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  adminAuthSchema,
  adminSessionSchema,
  changePasswordSchema,
  leadsDeleteSchema,
  leadsHandledSchema,
  leadsQuerySchema,
  overviewSchema,
  promoteReleaseSchema,
  remoteReleasesSchema,
  siteSettingsSchema,
  trashItemParams,
} from '@agency/contracts';
import { staff, type Operation } from './operation';
import {
  authenticatedSchema,
  leadListSchema,
  leadsChangeResultSchema,
  leadsSummarySchema,
  releaseSwitchAnswerSchema,
  siteSettingEntriesSchema,
  trashItemSchema,
} from './responses';
import { contentTableOperations } from './content-tables';
import { mediaOperations } from './media';

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
  ...contentTableOperations,
  ...mediaOperations,
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
    method: 'get',
    path: OVERVIEW_PATH,
    tag: 'Overview',
    summary:
      'Published items dated in the future (soonest first) and the latest content saves (the CMS Overview)',
    responses: { 200: { description: 'The two lists', schema: overviewSchema } },
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
