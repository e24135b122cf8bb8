import request from 'supertest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createApp } from './app';
import { blogPosts } from './db/schema';
import { SEED_BLOG_POSTS } from './content/content-seed-data';
import { createTestApp } from './test-support/test-app';

describe('AppContext', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(blogPosts).values({
      ...SEED_BLOG_POSTS[0]!,
      slug: 'scheduled-for-2035',
      published: true,
      publishedAt: '2035-01-01T00:00:00Z',
    });
  });
  afterAll(() => t.close());

  it('each app answers by its own clock, even on one database handle with one env', async () => {
    // Until createApp handed its clock to the routers, the clock was registered per database handle:
    // the app made last decided "now" for every app on it.
    const later = createApp({
      env: t.env,
      database: t.database,
      log: t.log,
      clock: () => new Date('2040-01-01'),
    });
    await request(later).get('/api/blog-posts/scheduled-for-2035').expect(200);
    await request(t.app).get('/api/blog-posts/scheduled-for-2035').expect(404);
  });
});
