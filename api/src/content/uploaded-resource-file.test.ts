import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resources } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { signIn, staffClient, STAFF_PASSWORD } from '../admin/admin-test-support';

describe('a resource whose file was uploaded in the CMS', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let id = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    const staff = staffClient(t.app, await signIn(t.app));
    const upload = await staff
      .post('/api/admin/resources/upload')
      .attach('file', Buffer.from('month,leads\nJanuary,120\n'), 'tracker.csv')
      .expect(201);
    const [row] = await t.db
      .insert(resources)
      .values({
        title: 'Lead tracker',
        description: 'A CSV template',
        type: 'template',
        gated: false,
        fileUrl: upload.body.url,
        published: true,
      })
      .returning({ id: resources.id });
    id = row!.id;
  });
  afterAll(() => t.close());

  it('downloads from the database and counts the download', async () => {
    const res = await request(t.app).get(`/api/resources/${id}/download`).expect(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.text).toBe('month,leads\nJanuary,120\n');
    const [row] = await t.db.select().from(resources).where(eq(resources.id, id));
    expect(row!.downloadCount).toBe(1);
  });

  it('never follows a stored path outside the uploads', async () => {
    for (const fileUrl of ['/uploads/../../package.json', '/uploads/../api/package.json', '/uploads/']) {
      await t.db.update(resources).set({ fileUrl }).where(eq(resources.id, id));
      const res = await request(t.app).get(`/api/resources/${id}/download`);
      expect(res.status, fileUrl).toBe(404);
      expect(res.text).not.toContain('workspaces');
    }
  });
});
