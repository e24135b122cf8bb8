import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
    expect((await editor.put('/api/admin/presence/blog-posts/7').send({}).expect(200)).body).toEqual({
      others: [],
    });
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

  it('heartbeats are not activity: an open editor left alone reaches the 2-hour idle timeout', async () => {
    const cookie = await signInAs(t.app, EDITOR.email, EDITOR.password);
    const id = createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    const away = staffClient(t.app, cookie);
    await t.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '1 hour 59 minutes' where id = ${id}`,
    );
    // The editor's screen keeps beating (and closes) while nobody touches it...
    await away.put('/api/admin/presence/pages/3').send({}).expect(200);
    await away.get('/api/admin/presence/pages/3').expect(200);
    await away.delete('/api/admin/presence/pages/3').expect(204);
    const { rows } = (await t.db.execute(
      sql`select last_seen_at < now() - interval '1 hour 58 minutes' as idle from admin_sessions where id = ${id}`,
    )) as unknown as { rows: { idle: boolean }[] };
    expect(rows[0]?.idle).toBe(true);
    // ...so two minutes later the session has ended.
    await t.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '2 hours 1 minute' where id = ${id}`,
    );
    await away.put('/api/admin/presence/pages/3').send({}).expect(401);
    // A real request is activity.
    const busy = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
    await busy.get('/api/admin/pages').expect(200);
  });
});
