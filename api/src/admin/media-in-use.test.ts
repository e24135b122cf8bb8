import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { pngOfSize, storedFileRows } from '../test-support/files';
import { CASE_STUDY_FIELDS, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** Issue 25 item 2: a file in use cannot be deleted; an unused one goes to the Trash like content. */

const CASE_STUDY = { ...CASE_STUDY_FIELDS, published: true };

describe('media in use and the media Trash', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const upload = async (name: string) => {
    const res = await staff.post('/api/admin/upload').attach('image', pngOfSize(2000), name).expect(201);
    return res.body as { id: number; url: string };
  };
  const listed = async (id: number) =>
    ((await staff.get('/api/admin/media').expect(200)).body as { id: number; usedBy: unknown[] }[]).find(
      (m) => m.id === id,
    );

  it('lists where a file is used and answers 409 naming the items; the live page keeps its image', async () => {
    const file = await upload('hero.png');
    const study = await staff
      .post('/api/admin/case-studies')
      .send({ ...CASE_STUDY, slug: 'uses-hero', title: 'Acme Growth', imageUrl: file.url })
      .expect(201);
    await staff
      .post('/api/admin/blog-posts')
      .send({
        slug: 'shows-hero',
        title: 'Launch Notes',
        excerpt: 'x',
        content: `Intro\n\n![Hero](${file.url})`,
        contentFormat: 'markdown',
        category: 'SEO',
        author: 'Ada',
        tags: [],
        published: true,
      })
      .expect(201);
    const other = await upload('other.png');

    expect((await listed(file.id))!.usedBy).toEqual([
      { type: 'blog-posts', id: expect.any(Number), title: 'Launch Notes', inTrash: false },
      { type: 'case-studies', id: study.body.id, title: 'Acme Growth', inTrash: false },
    ]);
    expect((await listed(other.id))!.usedBy).toEqual([]);

    const refused = await staff.delete(`/api/admin/media/${file.id}`).expect(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.message).toBe(
      'This file is in use and was not deleted. Remove it from these items first: Blog post "Launch Notes", Case study "Acme Growth"',
    );
    expect(refused.body.usedBy).toHaveLength(2);
    await request(t.app).get(file.url).expect(200);
    expect(await listed(file.id)).toBeTruthy();

    // A case study in the Trash still holds the file: restoring it would need it.
    await staff.delete(`/api/admin/case-studies/${study.body.id}`).expect(204);
    const stillRefused = await staff.delete(`/api/admin/media/${file.id}`).expect(409);
    expect(stillRefused.body.message).toContain('Case study "Acme Growth" (in the trash)');
  });

  it('an unused file goes to the Trash: off the library and the site, restorable, then deleted for good', async () => {
    const empty = await storedFileRows(t.db);
    const file = await upload('unused.png');
    const withFile = await storedFileRows(t.db);

    await staff.delete(`/api/admin/media/${file.id}`).expect(204);
    expect(await listed(file.id)).toBeUndefined();
    await request(t.app).get(file.url).expect(404);
    // The bytes are kept while it is in the Trash.
    expect(await storedFileRows(t.db)).toEqual(withFile);
    const trash = (await staff.get('/api/admin/trash').expect(200)).body as { type: string; id: number }[];
    expect(trash).toContainEqual(
      expect.objectContaining({ type: 'media', id: file.id, title: 'unused.png' }),
    );
    await staff.delete(`/api/admin/media/${file.id}`).expect(404);

    const restored = await staff.post(`/api/admin/trash/media/${file.id}/restore`).send({}).expect(200);
    expect(restored.body).toMatchObject({ id: file.id, url: file.url, originalName: 'unused.png' });
    expect(await listed(file.id)).toBeTruthy();
    await request(t.app).get(file.url).expect(200);

    await staff.delete(`/api/admin/media/${file.id}`).expect(204);
    await staff.delete(`/api/admin/trash/media/${file.id}`).expect(204);
    expect(await storedFileRows(t.db)).toEqual(empty);
    await staff.delete(`/api/admin/trash/media/${file.id}`).expect(404);
  });

  it('uploading the bytes of a file in the Trash takes it out of the Trash', async () => {
    const bytes = pngOfSize(2100);
    const first = await staff.post('/api/admin/upload').attach('image', bytes, 'again.png').expect(201);
    await staff.delete(`/api/admin/media/${first.body.id}`).expect(204);
    const again = await staff.post('/api/admin/upload').attach('image', bytes, 'again.png').expect(200);
    expect(again.body).toMatchObject({ id: first.body.id, reused: true });
    expect(await listed(first.body.id)).toBeTruthy();
    await request(t.app).get(first.body.url).expect(200);
  });
});
