import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount, signInAs } from './staff-test-support';

/** Issue 24, item 5: who else has an item open, through the database. */
describe('editing presence', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  let editor: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    owner = staffClient(t.app, await signIn(t.app));
    await createAccount(owner, EDITOR, 'editor');
    editor = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
  });
  afterAll(() => t.close());

  it('names the others who have the item open, not oneself; closing the editor takes the name away', async () => {
    expect((await editor.put('/api/admin/presence/blog-posts/7').send({}).expect(200)).body).toEqual({ others: [] });
    expect((await owner.put('/api/admin/presence/blog-posts/7').send({}).expect(200)).body).toEqual({
      others: [{ name: 'Eddie Editor' }],
    });
    expect((await editor.get('/api/admin/presence/blog-posts/7').expect(200)).body).toEqual({
      others: [{ name: 'Owner' }],
    });
    // Another item is another matter.
    expect((await owner.get('/api/admin/presence/pages/7').expect(200)).body).toEqual({ others: [] });
    await editor.delete('/api/admin/presence/blog-posts/7').expect(204);
    expect((await owner.get('/api/admin/presence/blog-posts/7').expect(200)).body).toEqual({ others: [] });
  });

  it('refuses unknown item types and visitors', async () => {
    await owner.put('/api/admin/presence/users/1').send({}).expect(400);
    await staffClient(t.app, 'staff_session=nope').put('/api/admin/presence/pages/1').send({}).expect(401);
  });
});
