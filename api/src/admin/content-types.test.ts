import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  TRASH_TYPES,
  fillPattern,
  publicReadsOf,
  openApiPath,
  underApi,
  type ContentTypeInfo,
  type TrashItem,
} from '@agency/contracts';
import { matchPublicRead } from '../http/public-reads';
import { createTestApp } from '../test-support/test-app';
import { mountedRoutes } from '../openapi/mounted-routes';
import { ruleFor } from './access-policy';
import { publicListSchemaOf, publicSchemaOf } from '../content/content-type-entries';
import { CONTENT_TYPE_ENTRIES, contentType } from './content-types';
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
        // An answer built from the type's families sits in the cache before each write. (On
        // PostgreSQL the echo of the previous write may still be on its way: until it arrives the
        // cache keeps nothing of those families.)
        await expect
          .poll(
            () => {
              t.cache.store(
                '/registry-probe',
                { body: 'x', contentType: 'text/plain' },
                { tags, since: t.cache.mark() },
              );
              return t.cache.lookup('/registry-probe');
            },
            { message: what, timeout: 5000 },
          )
          .toBeDefined();
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

  describe.each(CONTENT_TYPE_NAMES)('%s, whose public reads the registry builds', (type) => {
    const definition = contentType(type);
    const { adminPath, schema, unique, publicMissing, publicParams } = definition;
    const { list, item, key, drafts } = publicReadsOf(type);
    const visitor = () => request(t.app);
    const at = (row: Row) => fillPattern(item!, { [key]: String(row[key]) });
    const ids = (rows: Row[]) => rows.map((r) => r['id']);

    it('mounts, documents and caches them under the type', () => {
      const mounted = mountedRoutes(t.app).map((r) => `${r.method} ${r.path}`);
      const paths = [list, item && openApiPath(item)].filter((p): p is string => !!p);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        // Once: no hand-written route answers the same address first.
        expect(
          mounted.filter((r) => r === `get ${path}`),
          path,
        ).toHaveLength(1);
        expect(document.paths[path]?.['get'], path).toBeDefined();
      }
      for (const path of [list, item && fillPattern(item, { [key]: 'a-key' })].filter(
        (p): p is string => !!p,
      )) {
        const read = matchPublicRead(underApi(path))?.read;
        expect(read?.tags, path).toEqual([type]);
        expect(read?.staffSeesDrafts === true, path).toBe(drafts);
      }
    });

    it('answers live items to visitors, drafts to staff only where the type says so; an unknown key is 404', async () => {
      const rows = (await staff.get(adminPath).expect(200)).body as Row[];
      const seeded = rows.find((row) => row['published'] === true)!;
      const values = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, seeded[k]]));
      const own = unique.field === 'id' ? {} : { [unique.field]: `registry-draft-${type}` };
      const draft = (
        await staff
          .post(adminPath)
          .send({ ...values, ...own, published: false })
          .expect(201)
      ).body as Row;

      if (list) {
        const live = (await visitor().get(list).expect(200)).body as Row[];
        expect(ids(live)).toContain(seeded['id']);
        expect(ids(live)).not.toContain(draft['id']);
        // The fields of its answer's contract and no other.
        expect(live[0]).not.toHaveProperty('deletedAt');
        expect(Object.keys(live[0]!).every((k) => k in publicListSchemaOf(definition).shape)).toBe(true);
        expect(ids((await staff.get(list).expect(200)).body as Row[]).includes(draft['id'])).toBe(drafts);
        expect(ids((await staff.get(`${list}?published=true`).expect(200)).body as Row[])).not.toContain(
          draft['id'],
        );
      }
      if (item) {
        const one = await visitor().get(at(seeded)).expect(200);
        expect(one.body).toMatchObject({ id: seeded['id'], [key]: seeded[key] });
        expect(Object.keys(one.body as Row).every((k) => k in publicSchemaOf(definition).shape)).toBe(true);
        const missing = publicMissing?.(String(draft[key])) ?? `${definition.label} not found`;
        expect((await visitor().get(at(draft)).expect(404)).body).toMatchObject({ message: missing });
        await staff.get(at(draft)).expect(drafts ? 200 : 404);
        // A malformed key: refused where the type validates it, else it names nothing (the same 404).
        const malformed = await visitor()
          .get(fillPattern(item, { [key]: 'Not_A_Key' }))
          .expect(publicParams ? 400 : 404);
        if (!publicParams)
          expect(malformed.body).toMatchObject({
            message: publicMissing?.('Not_A_Key') ?? `${definition.label} not found`,
          });
      }
    });
  });
});
