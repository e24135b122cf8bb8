/** The staff API of uploaded files (the CMS's Media tab and a resource's download file). */
import { z } from 'zod';
import { AdminRoutes, adminIdParams, mediaPatchSchema, uploadResponseSchema } from '@agency/contracts';
import { staff, type Operation } from './operation';
import { mediaItemSchema } from './responses';

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

export const mediaOperations: Operation[] = [
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
    summary: "Set an image's alt text and/or focal point (the point every crop of it keeps in view)",
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
];
