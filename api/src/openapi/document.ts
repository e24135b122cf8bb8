import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import type { $ZodObject, $ZodType } from 'zod/v4/core';
import { apiErrorBodySchema } from '@agency/contracts';
import { STAFF_COOKIE } from '../http/staff-session';
import type { Answer, Operation } from './operation';
import { publicOperations } from './public';
import { adminOperations } from './admin';
import { staffOperations } from './staff';
import { notificationOperations } from './notifications';
import { redirectOperations } from './redirects';
import { privacyOperations } from './privacy';

/** Every operation the API serves under /api (the route walk in openapi.test.ts holds this to the app). */
export const operations: readonly Operation[] = [
  ...publicOperations,
  ...adminOperations,
  ...staffOperations,
  ...notificationOperations,
  ...redirectOperations,
  ...privacyOperations,
];

/** What a JSON answer's reader accepts, or a request body's writer sends: the schema's input side. */
const jsonSchema = (schema: $ZodType) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
};

const errorAnswer = (status: number) => ({
  description: STATUS_CODES[status] ?? 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});
/** `get /api/services/{slug}` → getApiServicesBySlug. */
const operationId = ({ method, path }: Operation) =>
  method +
  path
    .replace(/\{(\w+)\}/g, 'by-$1')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
/** Answered by any operation: a body the guards refuse, and the unexpected. */
const COMMON_ERRORS = [500, 503];

function parameters(where: 'path' | 'query', schema: $ZodObject | undefined) {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema,
  }));
}

function answer({ description, schema, mediaType, headers }: Answer) {
  const withHeaders = headers
    ? {
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, about]) => [
            name,
            { description: about, schema: { type: 'string' } },
          ]),
        ),
      }
    : {};
  if (schema)
    return { description, content: { 'application/json': { schema: jsonSchema(schema) } }, ...withHeaders };
  if (mediaType) {
    const types = Array.isArray(mediaType) ? mediaType : [mediaType];
    return {
      description,
      content: Object.fromEntries(
        types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
      ...withHeaders,
    };
  }
  return { description, ...withHeaders };
}

function operationObject(op: Operation) {
  const errors = new Set([...(op.errors ?? []), ...(op.staff ? [401, 403] : []), ...COMMON_ERRORS]);
  const requestBody = op.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } }
    : op.upload
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { [op.upload]: { type: 'string', contentMediaType: 'application/octet-stream' } },
                required: [op.upload],
              },
            },
          },
        }
      : undefined;
  const params = [...parameters('path', op.params), ...parameters('query', op.query)];
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [op.tag],
    // Public operations say so (an empty list: no credentials), staff ones name the session cookie.
    security: op.staff ? [{ staffSession: [] }] : [],
    ...(params.length && { parameters: params }),
    ...(requestBody && { requestBody }),
    responses: {
      ...Object.fromEntries(Object.entries(op.responses).map(([status, a]) => [status, answer(a)])),
      ...Object.fromEntries([...errors].sort().map((status) => [status, errorAnswer(status)])),
    },
  };
}

/** The OpenAPI 3.1 document of the API, generated from the zod contracts its routes validate with. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agency site API',
      version: '1.0.0',
      description:
        'Public content and lead forms, and the staff API under /api/admin (staff session cookie; writes ' +
        'also need an Origin or Referer of the site itself). Timestamps are ISO 8601. Errors answer ' +
        '`{ message, code, fields? }`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // The API is served by the site itself, under /api on the site's own origin.
    servers: [{ url: '/', description: 'The site that serves this document' }],
    paths,
    components: {
      securitySchemes: {
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_COOKIE,
          description: 'Set by POST /api/admin/auth.',
        },
      },
      schemas: { ApiError: jsonSchema(apiErrorBodySchema) },
    },
  };
}
