/** The public API: one entry per operation, beside the contract it validates and answers with. */
import { z } from 'zod';
import {
  API_PATHS,
  CARD_ROUTE,
  CLIENT_ERRORS_PATH,
  adminIdParams,
  openApiPath,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  publicReadsOf,
  clientErrorReportSchema,
  contactCreatedSchema,
  contactRequestSchema,
  newsletterCreatedSchema,
  newsletterSchema,
  publishedListQuery,
  resourceLeadResponseSchema,
  resourceLeadSchema,
  serviceParamsSchema,
  siteSettingsSchema,
} from '@agency/contracts';
import { pageMetaQuery } from '../site/seo/seo-router';
import { socialCardQuery } from '../site/social-card/social-card-router';
import type { $ZodType } from 'zod/v4/core';
import type { Operation } from './operation';
import { pageMetaSchema } from './responses';
import { CONTENT_ENTRIES, publicListSchemaOf, publicSchemaOf } from '../content/content-type-entries';

const slugParams = serviceParamsSchema;
/** What a resource's download answers: the types the CMS takes for a resource file (files/file-sniff.ts). */
export const RESOURCE_FILE_TYPES = [
  'application/pdf',
  'application/zip',
  'text/csv',
  'text/markdown',
  'text/plain',
] as const;
const ok = (description: string, schema?: $ZodType) => ({ 200: { description, ...(schema && { schema }) } });
const list = (path: string, what: string, drafts: string, schema: $ZodType): Operation => ({
  method: 'get',
  path,
  tag: 'Content',
  summary: `List ${what}${drafts}`,
  query: publishedListQuery,
  responses: ok(`The ${what}`, schema),
  errors: [400],
});
const item = (
  path: string,
  what: string,
  key: string,
  params: Operation['params'],
  schema: $ZodType,
): Operation => ({
  method: 'get',
  path,
  tag: 'Content',
  summary: `One ${what} by ${key}`,
  params,
  responses: ok(`The ${what}`, schema),
  errors: [400, 404],
});

export const publicOperations: Operation[] = [
  {
    method: 'get',
    path: API_PATHS.openApi,
    tag: 'Site',
    summary: 'This document',
    responses: ok('The OpenAPI 3.1 document', z.record(z.string(), z.unknown())),
    errors: [400],
  },
  {
    method: 'post',
    path: API_PATHS.contacts,
    tag: 'Leads',
    summary: 'Send a contact request',
    body: contactRequestSchema,
    responses: { 201: { description: 'Stored', schema: contactCreatedSchema } },
    errors: [400, 413, 415, 429],
  },
  {
    method: 'post',
    path: API_PATHS.newsletter,
    tag: 'Leads',
    summary: 'Subscribe to the newsletter',
    body: newsletterSchema,
    responses: {
      201: { description: 'Signed up: a confirmation e-mail is on its way', schema: newsletterCreatedSchema },
    },
    errors: [400, 409, 413, 415, 429],
  },
  ...CONTENT_TYPE_NAMES.flatMap((type) => {
    const definition = CONTENT_ENTRIES[type];
    const { publicParams } = definition;
    const { plural, label } = CONTENT_TYPES[type];
    const { list: all, item: each, key, drafts } = publicReadsOf(type);
    const what = plural.toLowerCase();
    return [
      ...(all
        ? [
            list(
              all,
              what,
              drafts ? ' (staff also see drafts unless ?published=true)' : '',
              z.array(publicListSchemaOf(definition)),
            ),
          ]
        : []),
      ...(each
        ? [
            item(
              openApiPath(each),
              label.toLowerCase(),
              key,
              publicParams ?? slugParams,
              publicSchemaOf(definition),
            ),
          ]
        : []),
    ];
  }),
  {
    method: 'post',
    path: openApiPath(API_PATHS.resourceLeads),
    tag: 'Leads',
    summary: 'Leave name and email for a resource; answers its (signed) download URL',
    params: adminIdParams,
    body: resourceLeadSchema,
    responses: { 201: { description: 'The download URL', schema: resourceLeadResponseSchema } },
    errors: [400, 404, 413, 415, 429],
  },
  {
    method: 'get',
    path: openApiPath(API_PATHS.resourceDownload),
    tag: 'Content',
    summary: "Download a resource's file (a gated one needs the token from its lead)",
    params: adminIdParams,
    query: z.object({ token: z.string().optional() }),
    responses: {
      200: {
        description:
          'The file, with its type: the guides are PDFs; a resource may also offer a ZIP or a text file',
        mediaType: [...RESOURCE_FILE_TYPES],
      },
      302: {
        description: 'A file kept on another site: its address',
        headers: { Location: 'The file on the other site' },
      },
    },
    errors: [400, 403, 404],
  },
  {
    method: 'get',
    path: '/api/files/images/{file}',
    tag: 'Content',
    summary: 'A bundled demo image',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The image', mediaType: 'image/*' } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/page-meta',
    tag: 'Site',
    summary: 'The head (title, description, canonical) the server would render for a path',
    query: pageMetaQuery,
    responses: ok('The head', pageMetaSchema),
    errors: [400],
  },
  {
    method: 'get',
    path: CARD_ROUTE,
    tag: 'Site',
    summary: "A public page's social card (og:image), 1200×630; immutable under its versioned address",
    query: socialCardQuery,
    responses: { 200: { description: 'The card', mediaType: 'image/png' } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: API_PATHS.siteSettings,
    tag: 'Site',
    summary: 'The public site settings',
    responses: ok('The settings', siteSettingsSchema),
    errors: [400],
  },
  {
    method: 'post',
    path: CLIENT_ERRORS_PATH,
    tag: 'Site',
    summary: 'Report an error a remote met in the browser',
    body: clientErrorReportSchema,
    responses: { 204: { description: 'Recorded' } },
    errors: [400, 413, 415, 429],
  },
];
