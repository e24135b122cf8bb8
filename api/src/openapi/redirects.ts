/** Old addresses that keep working (issue 41; see admin/redirects.ts, docs/cms.md). */
import { z } from 'zod';
import { REDIRECTS_PATH, adminIdParams, redirectImportSchema, redirectInputSchema } from '@agency/contracts';
import type { Operation } from './operation';

const staff = (op: Omit<Operation, 'staff' | 'tag'>): Operation => ({ ...op, staff: true, tag: 'Redirects' });

const redirect = z.object({
  id: z.number().int(),
  fromPath: z.string().meta({ description: 'The old address: a page path on this site' }),
  toPath: z.string().meta({ description: 'Where it leads: a page path (with its query) or an http(s) URL' }),
  source: z.enum(['slug', 'manual', 'import']),
  hits: z.number().int(),
  lastHitAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const redirectOperations: Operation[] = [
  staff({
    method: 'get',
    path: REDIRECTS_PATH,
    summary: 'Every redirect, newest first, with its hits',
    responses: { 200: { description: 'The redirects', schema: z.array(redirect) } },
  }),
  staff({
    method: 'get',
    path: `${REDIRECTS_PATH}.csv`,
    summary: 'The same as a CSV download (from, to, hits, source, created)',
    responses: { 200: { description: 'The redirects', mediaType: 'text/csv' } },
  }),
  staff({
    method: 'post',
    path: REDIRECTS_PATH,
    summary:
      'Add a redirect (collapsed: a target that redirects is followed; one that leads back is refused as a loop)',
    body: redirectInputSchema,
    responses: { 201: { description: 'Stored', schema: redirect } },
    errors: [400],
  }),
  staff({
    method: 'post',
    path: `${REDIRECTS_PATH}/import`,
    summary: 'Add the redirects of a CSV (columns from,to; others ignored), each line like one added by hand',
    body: redirectImportSchema,
    responses: {
      200: {
        description: 'How many were added, and the lines refused with the reason',
        schema: z.object({
          added: z.number().int(),
          refused: z.array(
            z.object({ line: z.number().int(), from: z.string(), to: z.string(), message: z.string() }),
          ),
        }),
      },
    },
    errors: [400],
  }),
  staff({
    method: 'delete',
    path: `${REDIRECTS_PATH}/{id}`,
    summary: 'Delete a redirect: the old address answers as any other again',
    params: adminIdParams,
    responses: { 204: { description: 'Deleted' } },
    errors: [404],
  }),
];
