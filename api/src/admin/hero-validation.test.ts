import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { blogPosts } from '../db/schema';

/** Issue 25 item 5: the hero cannot be detached or broken silently. */

describe('the homepage hero block', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let hero: { id: number; name: string; identifier: string; type: string; content: Record<string, unknown> };
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD }, seed: true });
    staff = staffClient(t.app, await signIn(t.app));
    const list = (await staff.get('/api/admin/content-blocks').expect(200)).body as (typeof hero)[];
    hero = list.find((b) => b.identifier === 'homepage-hero')!;
  });
  afterAll(() => t.close());

  const save = (over: Record<string, unknown>, content: Record<string, unknown> = hero.content) =>
    staff.put(`/api/admin/content-blocks/${hero.id}`).send({
      name: hero.name,
      identifier: hero.identifier,
      type: hero.type,
      published: true,
      ...over,
      content,
    });
  const stored = async () =>
    (await request(t.app).get('/api/content-blocks/homepage-hero').expect(200)).body.content as Record<
      string,
      unknown
    >;

  it('keeps its identifier and its type', async () => {
    const renamed = await save({ identifier: 'homepage-hero-2' }).expect(400);
    expect(renamed.body.fields.identifier).toBe(
      'The built-in block keeps its identifier "homepage-hero" (the site reads it by that name)',
    );
    const retyped = await save({ type: 'banner' }).expect(400);
    expect(retyped.body.fields.type).toBe('The built-in block keeps its type "hero"');
    await request(t.app).get('/api/content-blocks/homepage-hero').expect(200);
  });

  it('refuses an unknown field, an empty title, a bar over 100 % and a dead internal link; stores none of them', async () => {
    const before = await stored();
    const misspelt = await save({}, { ...hero.content, titel: 'Oops' }).expect(400);
    expect(misspelt.body.fields['content.titel']).toBe('Unknown field "titel": the hero has no such field');
    const untitled = await save({}, { ...hero.content, title: '  ' }).expect(400);
    expect(untitled.body.fields['content.title']).toBe('Enter the title');
    const { title: _t, ...withoutTitle } = hero.content;
    expect((await save({}, withoutTitle).expect(400)).body.fields['content.title']).toBe('Enter the title');
    const long = await save({}, { ...hero.content, title: 'Grow, '.padEnd(91, 'x') }).expect(400);
    expect(long.body.fields['content.title']).toBe(
      'Keep the title to 90 characters: a longer one pushes the buttons below the first screen on phones',
    );
    const wide = await save(
      {},
      { ...hero.content, metrics: [{ value: '3x', label: 'ROAS', width: '150%' }] },
    ).expect(400);
    expect(wide.body.fields['content.metrics.0.width']).toBe('Use a percentage from 0% to 100%, such as 85%');
    const dead = await save(
      {},
      { ...hero.content, primaryCTA: { text: 'Talk to us', href: '/contcat' } },
    ).expect(400);
    expect(dead.body.fields['content.primaryCTA.href']).toBe(
      'No page of the site is at /contcat: link to an existing page',
    );
    const deadItem = await save(
      {},
      { ...hero.content, secondaryCTA: { text: 'Work', href: '/case-studies/no-such-study' } },
    ).expect(400);
    expect(deadItem.body.fields['content.secondaryCTA.href']).toBe(
      'No page of the site is at /case-studies/no-such-study: link to an existing page',
    );
    // A post published with a date ahead is not on the site yet: its address answers 404 until then.
    await t.db.insert(blogPosts).values({
      slug: 'hero-scheduled-post',
      title: 'Later',
      excerpt: 'Soon.',
      content: 'Soon.',
      author: 'Ada',
      category: 'News',
      published: true,
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await request(t.app).get('/api/blog-posts/hero-scheduled-post').expect(404);
    const scheduled = await save(
      {},
      { ...hero.content, secondaryCTA: { text: 'Read', href: '/blog/hero-scheduled-post' } },
    ).expect(400);
    expect(scheduled.body.fields['content.secondaryCTA.href']).toBe(
      'No page of the site is at /blog/hero-scheduled-post: link to an existing page',
    );
    expect(await stored()).toEqual(before);
  });

  it('accepts 0 % and 100 % bars, routes and published items, and an external https booking link', async () => {
    const content = {
      title: 'Growth, Measured.',
      metrics: [
        { value: '0', label: 'Empty', width: '0%' },
        { value: '100', label: 'Full', width: '100%' },
        { value: '12.5', label: 'Some', width: '12.5%' },
      ],
      primaryCTA: { text: 'Book a call', href: 'https://cal.example.com/distilled/intro?src=hero' },
      secondaryCTA: { text: 'SEO', href: '/services/seo' },
    };
    await save({}, content).expect(200);
    expect(await stored()).toEqual(content);
    await save({}, { ...content, secondaryCTA: { text: 'Contact', href: '/contact#form' } }).expect(200);
    // Plain http is not offered to visitors.
    const http = await save(
      {},
      { ...content, primaryCTA: { text: 'Book', href: 'http://cal.example.com' } },
    ).expect(400);
    expect(http.body.fields['content.primaryCTA.href']).toBe(
      'Use a site path such as /contact or an https:// link',
    );
  });

  it('a new block cannot take a built-in identifier with another type', async () => {
    await staff.delete(`/api/admin/content-blocks/${hero.id}`).expect(204);
    // The trashed hero still holds its identifier; deleted for good, it frees it.
    await staff.delete(`/api/admin/trash/content-blocks/${hero.id}`).expect(204);
    const res = await staff
      .post('/api/admin/content-blocks')
      .send({ name: 'Not a hero', identifier: 'homepage-hero', type: 'banner', content: {} })
      .expect(400);
    expect(res.body.fields.type).toBe('The built-in block keeps its type "hero"');
  });
});
