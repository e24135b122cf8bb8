import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resources } from '../db/schema';
import { createTestApp } from '../test-support/test-app';

describe('a resource whose file was uploaded in the CMS', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let id = 0;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'res-up-'));
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'f3a9c2e1.csv'), 'month,leads\nJanuary,120\n');
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const [row] = await t.db
      .insert(resources)
      .values({
        title: 'Lead tracker',
        description: 'A CSV template',
        type: 'template',
        gated: false,
        fileUrl: '/uploads/f3a9c2e1.csv',
        published: true,
      })
      .returning({ id: resources.id });
    id = row!.id;
  });
  afterAll(() => t.close());

  it('downloads from the uploads folder and counts the download', async () => {
    const res = await request(t.app).get(`/api/resources/${id}/download`).expect(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.text).toContain('January,120');
    const [row] = await t.db.select().from(resources).where(eq(resources.id, id));
    expect(row!.downloadCount).toBe(1);
  });

  it('never follows a stored path outside the uploads folder', async () => {
    await t.db.update(resources).set({ fileUrl: '/uploads/../../package.json' }).where(eq(resources.id, id));
    const res = await request(t.app).get(`/api/resources/${id}/download`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('workspaces');
  });
});
