import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** Issue 25 item 6: Site Settings follow the ETag / If-Match rule of content; a stale save is 412. */

const SETTINGS = {
  siteName: 'Distilled Digital',
  contactEmail: 'team@distilled.example',
  contactPhone: '+1 (415) 555-0100',
  socialLinks: { linkedin: 'https://linkedin.com/x', x: '', instagram: '', youtube: '' },
  defaultMetaDescription: 'Growth, distilled.',
};

describe('site settings: the last save does not silently win', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const phone = async () =>
    (
      (await staff.get('/api/admin/site-settings').expect(200)).body as { key: string; value: unknown }[]
    ).find((e) => e.key === 'contactPhone')?.value;

  it('answers 412 to a save based on a version a colleague has since changed, and keeps their phone number', async () => {
    await staff.put('/api/admin/site-settings').send(SETTINGS).expect(200);
    // Two editors open Settings at the same version.
    const opened = (await staff.get('/api/admin/site-settings').expect(200)).headers['etag'] as string;
    expect(opened).toMatch(/^"[^"]+"$/);

    // The first saves a new phone number: a new version.
    const first = await staff
      .put('/api/admin/site-settings')
      .set('If-Match', opened)
      .send({ ...SETTINGS, contactPhone: '+1 (415) 555-0199' })
      .expect(200);
    expect(first.headers['etag']).not.toBe(opened);
    expect((await staff.get('/api/admin/site-settings')).headers['etag']).toBe(first.headers['etag']);

    // The second, still on the version they opened, is refused; nothing of theirs is stored.
    const stale = await staff
      .put('/api/admin/site-settings')
      .set('If-Match', opened)
      .send({ ...SETTINGS, siteName: 'Stale Name' })
      .expect(412);
    expect(stale.body).toEqual({
      message: 'The settings were changed by someone else since you opened them',
      code: 'PRECONDITION_FAILED',
    });
    expect(await phone()).toBe('+1 (415) 555-0199');

    // After reloading (the current tag) their save goes through.
    await staff
      .put('/api/admin/site-settings')
      .set('If-Match', first.headers['etag'] as string)
      .send({ ...SETTINGS, contactPhone: '+1 (415) 555-0199', siteName: 'Fresh Name' })
      .expect(200);
  });

  it('of two saves from the same version at once, exactly one wins', async () => {
    const opened = (await staff.get('/api/admin/site-settings').expect(200)).headers['etag'] as string;
    const [a, b] = await Promise.all([
      staff
        .put('/api/admin/site-settings')
        .set('If-Match', opened)
        .send({ ...SETTINGS, contactPhone: '+1 (415) 555-0101' }),
      staff
        .put('/api/admin/site-settings')
        .set('If-Match', opened)
        .send({ ...SETTINGS, contactPhone: '+1 (415) 555-0102' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
  });

  it('a save without If-Match is unconditional, as before', async () => {
    await staff
      .put('/api/admin/site-settings')
      .send({ ...SETTINGS, contactPhone: '+1 (415) 555-0103' })
      .expect(200);
    expect(await phone()).toBe('+1 (415) 555-0103');
  });
});
