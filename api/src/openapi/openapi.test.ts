import request from 'supertest';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { operations } from './document';
import { mountedRoutes } from './mounted-routes';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await request(t.app).get('/api/openapi.json').expect(200).expect('Content-Type', /json/);
  document = res.body as Document;
});
afterAll(() => t.close());

const key = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;
const documented = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => key({ method, path })),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([]);
    // The validator does look: a path parameter the operation does not declare is refused.
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, object>> };
    delete (broken.paths['/api/services/{slug}']!['get'] as { parameters?: unknown }).parameters;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('documents every /api route the app mounts, and only those', () => {
    const mounted = mountedRoutes(t.app)
      .filter((r) => r.path.startsWith('/api/'))
      .map(key);
    expect(mounted.length).toBeGreaterThan(50);
    expect({
      undocumented: mounted.filter((r) => !documented().includes(r)),
      notMounted: documented().filter((r) => !mounted.includes(r)),
    }).toEqual({ undocumented: [], notMounted: [] });
  });

  it('names the staff session on exactly the operations the staff guard refuses without one', async () => {
    for (const op of operations.filter((o) => o.staff)) {
      const path = op.path.replace(/\{\w+\}/g, '1');
      const res = await request(t.app)[op.method](path);
      expect({ op: key(op), status: res.status }).toEqual({ op: key(op), status: 401 });
      const described = document.paths[op.path]![op.method]!;
      expect(described.security).toEqual([{ staffSession: [] }]);
      expect(described.responses['401']).toBeDefined();
    }
    const open = operations.filter((o) => !o.staff && o.path.startsWith('/api/admin/')).map(key);
    expect(open).toEqual([
      'POST /api/admin/auth',
      'GET /api/admin/session',
      'POST /api/admin/logout',
      'POST /api/admin/set-password',
      'POST /api/admin/forgot-password',
    ]);
  });

  it('describes request bodies, parameters and the shared error body from the contracts', () => {
    const create = document.paths['/api/contacts']!['post'] as unknown as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    expect(create.requestBody.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['firstName', 'email']),
    );
    expect(create.responses['400']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    const service = document.paths['/api/services/{slug}']!['get'] as unknown as { parameters: unknown[] };
    expect(service.parameters).toEqual([
      expect.objectContaining({ name: 'slug', in: 'path', required: true }),
    ]);
  });
});
