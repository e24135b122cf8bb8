import request from 'supertest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { standInSite } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { pages, resources } from '../db/schema';

interface Media {
  schema?: Record<string, unknown>;
}
interface Described {
  security: unknown[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean }[];
  responses: Record<string, { content?: Record<string, Media> }>;
}
type Document = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Described>>;
  components: { schemas: { ApiError: Record<string, unknown> } };
};

/**
 * Real answers against the document: every GET the document describes is asked of a seeded app (staff
 * ones signed in), its status must be one the document lists, a JSON body must match the schema given
 * for that status, and any other body must have one of the media types given for it.
 */
describe('the API answers what its OpenAPI document says', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let doc: Document;
  let cookie: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object) => {
    if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
    return compiled.get(schema)!;
  };

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: standInSite('openapi-answers') },
    });
    cookie = await signIn(t.app);
    await t.db.insert(pages).values({
      name: 'Answers',
      slug: 'openapi-answers',
      title: 'Answers',
      content: { body: '# Answers' },
      published: true,
    });
    // A resource kept elsewhere: its download is a bare redirect, an answer with no body.
    await t.db.insert(resources).values({
      title: 'Kept elsewhere',
      description: 'A guide hosted by a partner.',
      fileUrl: 'https://files.example.com/guide.pdf',
    });
    doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  /** Asks `url` as the operation's caller and holds the answer to the document; answers the body. */
  async function check(path: string, method: string, url: string, staff: boolean) {
    const op = doc.paths[path]![method]!;
    const req = staff ? staffClient(t.app, cookie).get(url) : request(t.app).get(url);
    const res = await req.buffer(true).redirects(0);
    const where = `${method.toUpperCase()} ${url} → ${res.status}`;
    const answer = op.responses[String(res.status)];
    expect(answer, `${where}: status not in the document`).toBeDefined();
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!answer!.content) {
      const body = Buffer.isBuffer(res.body) ? res.body.toString() : (res.text ?? '');
      expect(body, `${where}: a body the document does not describe`).toBe('');
      return res;
    }
    // A declared media range (`image/*`) covers its types.
    const declared = Object.keys(answer!.content).find(
      (d) => d === type || (d.endsWith('/*') && type.startsWith(d.slice(0, -1))),
    );
    expect(declared, `${where}: ${type} not among ${Object.keys(answer!.content).join(', ')}`).toBeDefined();
    const schema = answer!.content[declared!]!.schema;
    if (type === 'application/json' && schema) {
      const resolved = '$ref' in schema ? doc.components.schemas.ApiError : schema;
      const validate = validatorOf(resolved);
      const ok = validate(res.body);
      expect(ok ? [] : validate.errors, where).toEqual([]);
    }
    return res;
  }

  it('declares its servers and says which operations are public', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const staff = path.startsWith('/api/admin/') && op.security.length > 0;
        expect(op.security, `${method} ${path}`).toEqual(staff ? [{ staffSession: [] }] : []);
      }
    }
  });

  it('every GET answer matches the schema or media type the document gives for its status', async () => {
    const slugsOf = async (list: string) =>
      ((await request(t.app).get(list).expect(200)).body as { slug: string }[]).map((x) => x.slug);
    const idsOf = async (list: string) =>
      ((await staffClient(t.app, cookie).get(list).expect(200)).body as { id: number }[]).map((x) => x.id);
    const values: Record<string, string[]> = {
      '/api/services/{slug}': [...(await slugsOf('/api/services')), 'no-such-service'],
      '/api/case-studies/{slug}': await slugsOf('/api/case-studies'),
      '/api/blog-posts/{slug}': (await slugsOf('/api/blog-posts')).slice(0, 3),
      '/api/pages/{slug}': ['openapi-answers', 'no-such-page'],
      '/api/content-blocks/{identifier}': ['homepage-hero'],
      '/api/files/images/{file}': ['saas-cost-per-lead.svg'],
    };
    const resourceIds = (
      (await request(t.app).get('/api/resources').expect(200)).body as { id: number }[]
    ).map((r) => r.id);
    const queries: Record<string, string> = {
      '/api/page-meta': '?path=%2Fblog',
      '/api/social-card.png': '?path=%2Fservices',
    };

    const checked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item['get'];
      // The live-updates stream never ends by itself (staff-events.test.ts reads it).
      if (!op || path === '/api/admin/events') continue;
      const staff = op.security.length > 0;
      const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      let urls: string[];
      if (!params.length) urls = [path + (queries[path] ?? '')];
      else if (values[path]) urls = values[path].map((v) => path.replace(/\{\w+\}/, () => v));
      else if (path === '/api/resources/{id}/download')
        urls = resourceIds.map((id) => path.replace('{id}', () => `${id}`));
      else if (
        staff &&
        params.length === 1 &&
        params[0] === 'id' &&
        /^\/api\/admin\/[a-z-]+\/\{id\}$/.test(path)
      )
        urls = (await idsOf(path.replace('/{id}', '')))
          .slice(0, 2)
          .map((id) => path.replace('{id}', () => `${id}`));
      else continue;
      for (const url of urls) {
        await check(path, 'get', url, staff);
        checked.push(`GET ${path}`);
      }
    }
    const distinct = [...new Set(checked)];
    // The public reads and the staff lists and items are all asked.
    expect(distinct).toEqual(
      expect.arrayContaining([
        'GET /api/services',
        'GET /api/services/{slug}',
        'GET /api/case-studies/{slug}',
        'GET /api/blog-posts/{slug}',
        'GET /api/pages/{slug}',
        'GET /api/resources/{id}/download',
        'GET /api/social-card.png',
        'GET /api/page-meta',
        'GET /api/admin/blog-posts',
        'GET /api/admin/blog-posts/{id}',
        'GET /api/admin/services/{id}',
        'GET /api/admin/leads',
      ]),
    );
    expect(distinct.length).toBeGreaterThan(25);
  });

  it('the service answers carry typed features (titles in the list, objects on the page) and the gradient', async () => {
    const list = (await request(t.app).get('/api/services').expect(200)).body as Record<string, unknown>[];
    const item = (
      await request(t.app)
        .get(`/api/services/${String(list[0]!['slug'])}`)
        .expect(200)
    ).body as Record<string, unknown>;
    const schemaOf = (path: string) =>
      doc.paths[path]!['get']!.responses['200']!.content!['application/json']!.schema as {
        items?: { properties: Record<string, unknown> };
        properties?: Record<string, unknown>;
      };
    expect(schemaOf('/api/services').items!.properties['features']).toEqual({
      type: 'array',
      items: { type: 'string' },
    });
    expect(schemaOf('/api/services/{slug}').properties!['features']).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { title: { type: 'string' }, description: { type: 'string' } } },
    });
    expect(schemaOf('/api/services').items!.properties['gradient']).toBeDefined();
    expect(typeof list[0]!['gradient']).toBe('string');
    expect((item['features'] as unknown[]).every((f) => typeof f === 'object')).toBe(true);
    expect((list[0]!['features'] as unknown[]).every((f) => typeof f === 'string')).toBe(true);
  });

  it("a resource's PDF downloads as application/pdf, as the document declares", async () => {
    const resources = (await request(t.app).get('/api/resources').expect(200)).body as {
      id: number;
      gated: boolean;
      fileUrl?: string;
    }[];
    const types = new Set<string>();
    for (const r of resources.filter((x) => !x.gated)) {
      const res = await check(
        '/api/resources/{id}/download',
        'get',
        `/api/resources/${r.id}/download`,
        false,
      );
      types.add(String(res.headers['content-type']).split(';')[0]!);
    }
    expect([...types]).toContain('application/pdf');
  });
  it('the JSON form endpoints answer a form-encoded body 415 and an empty one 400, as the document says', async () => {
    const [resource] = (await request(t.app).get('/api/resources').expect(200)).body as { id: number }[];
    for (const [path, url] of [
      ['/api/contacts', '/api/contacts'],
      ['/api/newsletter', '/api/newsletter'],
      ['/api/resources/{id}/leads', `/api/resources/${resource!.id}/leads`],
    ] as const) {
      const op = doc.paths[path]!['post']!;
      const encoded = await request(t.app).post(url).type('form').send({ email: 'a@b.example' });
      expect(encoded.status, `${url} form-encoded`).toBe(415);
      expect(op.responses['415'], `${path} documents 415`).toBeDefined();
      expect(validatorOf(doc.components.schemas.ApiError)(encoded.body), url).toBe(true);
      // No body at all (Content-Length: 0, no type): nothing to refuse the type of, the fields are missing.
      const empty = await request(t.app).post(url).set('Content-Length', '0');
      expect(empty.status, `${url} without a body`).toBe(400);
      expect(op.responses['400'], `${path} documents 400`).toBeDefined();
    }
  });
  it('a revision answer carries only fields its schema declares (actorName included)', async () => {
    const staff = staffClient(t.app, cookie);
    const page = (
      await staff
        .post('/api/admin/pages')
        .send({ name: 'Revised', slug: 'revised', title: 'Revised', content: { body: '# Revised' } })
        .expect(201)
    ).body as { id: number };
    const rows = (await staff.get(`/api/admin/pages/${page!.id}/revisions`).expect(200)).body as object[];
    const op = doc.paths['/api/admin/pages/{id}/revisions']!['get']!;
    const schema = op.responses['200']!.content!['application/json']!.schema as {
      items: { properties: Record<string, unknown> };
    };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const key of Object.keys(row)) expect(Object.keys(schema.items.properties), key).toContain(key);
  });
});
