import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/**
 * Issue 45 item 2: fetch and Node send `Content-Length: 0` and no type on a POST or PUT without a body.
 * There is no body, so no body type to refuse: the call is answered as its route says, never 415.
 */
describe('staff calls without a body', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('restore a revision, heartbeat, set-password link: answered, not 415', async () => {
    const page = (
      await staff
        .post('/api/admin/pages')
        .send({ name: 'Bodyless', slug: 'bodyless', title: 'Bodyless', content: { body: '# One' } })
        .expect(201)
    ).body as { id: number };
    const [revision] = (await staff.get(`/api/admin/pages/${page.id}/revisions`).expect(200)).body as {
      id: number;
    }[];
    const restored = await staff
      .post(`/api/admin/pages/${page.id}/revisions/${revision!.id}/restore`)
      .set('Content-Length', '0');
    expect(restored.status).toBe(200);
    const beat = await staff.put(`/api/admin/presence/pages/${page.id}`).set('Content-Length', '0');
    expect(beat.status).toBe(200);
    const user = (
      await staff
        .post('/api/admin/users')
        .send({ name: 'Bo Dyless', email: 'bo@agency.example', role: 'editor' })
        .expect(201)
    ).body as { id: number };
    const link = await staff.post(`/api/admin/users/${user.id}/set-password-link`).set('Content-Length', '0');
    expect(link.status).toBe(201);
  });

  it('a body of another type is still refused with 415', async () => {
    const res = await staff.put('/api/admin/site-settings').type('form').send('siteName=x');
    expect(res.status).toBe(415);
  });
});
