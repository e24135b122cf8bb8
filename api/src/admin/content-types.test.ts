import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  PUBLIC_API_TYPES,
  TRASH_TYPES,
  contentApiPaths,
  openApiPath,
  underApi,
  type ContentTypeInfo,
  type TrashItem,
} from '@agency/contracts';
import { matchPublicRead } from '../http/public-reads';
import { createTestApp } from '../test-support/test-app';
import { mountedRoutes } from '../openapi/mounted-routes';
import { ruleFor } from './access-policy';
import { CONTENT_TYPE_ENTRIES, contentType, publicSchemaOf } from './content-types';
import type { z } from 'zod';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

type Row = Record<string, unknown> & { id: number };
type Document = { paths: Record<string, Record<string, { tags?: string[] }>> };

/**
 * The registry is the only place a content type is declared: whatever it lists gets its staff
 * routes, their access rules, its OpenAPI paths, its place in the trash and the cache tags its
 * writes drop. Checked for every entry, through the app as clients see it.
 */
describe('the content-type registry', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
    document = (await request(t.app).get('/api/openapi.json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  it('lists the same types in both halves, and every one is trashable', () => {
    expect(Object.keys(CONTENT_TYPE_ENTRIES)).toEqual(CONTENT_TYPE_NAMES);
    expect(TRASH_TYPES).toEqual([
      'pages',
      'content-blocks',
      'services',
      'blog-posts',
      'case-studies',
      'testimonials',
      'resources',
      'media',
    ]);
  });

  describe.each(CONTENT_TYPE_NAMES)('%s', (type) => {
    const { adminPath, plural, label, table, title, tags, schema, unique } = contentType(type);
    const one = `${adminPath}/{id}`;
    const operations = [
      ['get', adminPath],
      ['post', adminPath],
      ['post', `${adminPath}/bulk`],
      ['get', one],
      ['put', one],
      ['delete', one],
      ['get', `${one}/revisions`],
      ['get', `${one}/revisions/{revId}`],
      ['post', `${one}/revisions/{revId}/restore`],
    ] as const;

    it('has its staff routes mounted, documented under its name, and open to editors', () => {
      const mounted = mountedRoutes(t.app).map((r) => `${r.method} ${r.path}`);
      for (const [method, path] of operations) {
        expect(mounted, `${method} ${path}`).toContain(`${method} ${path}`);
        expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([plural]);
        const concrete = path.replace('{id}', '1').replace('{revId}', '2');
        expect(ruleFor(method.toUpperCase(), concrete)?.role, `${method} ${path}`).toBe('editor');
      }
    });

    it('creates, trashes under its title, restores and deletes for good; each write drops its cache tags', async () => {
      // A copy of a seeded item that passes today's contract, with a fresh value in its unique column.
      const inputOf = (row: Readonly<Record<string, unknown>>) => ({
        ...Object.fromEntries(Object.keys(schema.shape).map((k) => [k, row[k]])),
        // The seeded downloads name files the demo does not hold; the contract wants a path or a URL.
        ...(type === 'resources' && { fileUrl: '/uploads/guide.pdf' }),
      });
      const rows = (await staff.get(adminPath).expect(200)).body as Row[];
      // A type the demo seeds nothing of brings an example item in its CONTENT_TYPES entry.
      const seeded: Readonly<Record<string, unknown>> | undefined =
        rows.find((row) => schema.safeParse(inputOf(row)).success) ??
        (CONTENT_TYPES[type] as ContentTypeInfo).example;
      expect(seeded, `a seeded ${label}, or an example in its CONTENT_TYPES entry`).toBeDefined();
      const values: Record<string, unknown> = inputOf(seeded!);
      if (unique.field !== 'id') values[unique.field] = `registry-${type}`;

      const write = async (what: string, send: () => request.Test, status: number) => {
        // An answer built from the type's families sits in the cache before each write.
        t.cache.store(
          '/registry-probe',
          { body: 'x', contentType: 'text/plain' },
          { tags, since: t.cache.mark() },
        );
        expect(t.cache.lookup('/registry-probe'), what).toBeDefined();
        const res = await send();
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
        expect(t.cache.lookup('/registry-probe'), `${what} drops ${tags.join(', ')}`).toBeUndefined();
        return res;
      };

      const id = ((await write('create', () => staff.post(adminPath).send(values), 201)).body as Row).id;
      await write('trash', () => staff.delete(`${adminPath}/${id}`), 204);
      const trash = (await staff.get('/api/admin/trash').expect(200)).body as TrashItem[];
      const titleField = Object.entries(getTableColumns(table)).find(([, column]) => column === title)![0];
      expect(trash.find((i) => i.type === type && i.id === id)?.title).toBe(seeded![titleField]);
      await staff.get(`${adminPath}/${id}`).expect(404);
      await write('restore', () => staff.post(`/api/admin/trash/${type}/${id}/restore`).send({}), 200);
      await staff.get(`${adminPath}/${id}`).expect(200);
      await write('trash again', () => staff.delete(`${adminPath}/${id}`), 204);
      await write('delete for good', () => staff.delete(`/api/admin/trash/${type}/${id}`), 204);
      expect((await staff.get('/api/admin/trash').expect(200)).body).not.toContainEqual(
        expect.objectContaining({ type, id }),
      );
    });
  });

  describe.each(PUBLIC_API_TYPES)('%s, whose public list and item the registry builds', (type) => {
    const { adminPath, schema, label } = contentType(type);
    const { list, item } = contentApiPaths(type);
    const visitor = () => request(t.app);

    it('mounts, documents and caches them under the type', () => {
      const mounted = mountedRoutes(t.app).map((r) => `${r.method} ${r.path}`);
      for (const path of [list, openApiPath(item)]) {
        // Once: no hand-written route answers the same address first.
        expect(
          mounted.filter((r) => r === `get ${path}`),
          path,
        ).toHaveLength(1);
        expect(document.paths[path]?.['get'], path).toBeDefined();
      }
      expect(matchPublicRead(underApi(list))?.read).toMatchObject({ tags: [type], staffSeesDrafts: true });
      expect(matchPublicRead(`${underApi(list)}/a-slug`)?.read).toMatchObject({ tags: [type] });
    });

    it('answers live items to visitors and drafts to staff only; an unknown or malformed slug is 404', async () => {
      const rows = (await staff.get(adminPath).expect(200)).body as Row[];
      const seeded = rows.find((row) => row['published'] === true)!;
      const values = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, seeded[k]]));
      const slug = `registry-draft-${type}`;
      await staff
        .post(adminPath)
        .send({ ...values, slug, published: false })
        .expect(201);

      const live = (await visitor().get(list).expect(200)).body as Row[];
      expect(live.map((r) => r['slug'])).toContain(seeded['slug']);
      expect(live.map((r) => r['slug'])).not.toContain(slug);
      // The fields of its answer's contract and no other.
      expect(live[0]).not.toHaveProperty('deletedAt');
      expect(
        Object.keys(live[0]!).every((k) => k in (publicSchemaOf(contentType(type)) as z.ZodObject).shape),
      ).toBe(true);
      const one = await visitor()
        .get(list + '/' + String(seeded['slug']))
        .expect(200);
      expect(one.body).toMatchObject({ id: seeded['id'], slug: seeded['slug'] });
      expect((await visitor().get(`${list}/${slug}`).expect(404)).body).toMatchObject({
        message: `${label} not found`,
      });
      await visitor().get(`${list}/Not_A_Slug`).expect(404);

      const asStaff = (await staff.get(list).expect(200)).body as Row[];
      expect(asStaff.map((r) => r['slug'])).toContain(slug);
      await staff.get(`${list}/${slug}`).expect(200);
      const publishedOnly = (await staff.get(`${list}?published=true`).expect(200)).body as Row[];
      expect(publishedOnly.map((r) => r['slug'])).not.toContain(slug);
    });
  });
});
