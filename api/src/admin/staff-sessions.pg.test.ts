import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '@agency/contracts';
import { createApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createLogger } from '../logger';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount, signInAs } from './staff-test-support';

/**
 * Issue 24: disabling an account or giving it a new password ends its sessions on every instance at
 * once. Two apps, each with its own connection pool, on one PostgreSQL database (as behind a load
 * balancer). Runs under TEST_DATABASE_URL (`npm run test:pg`); skipped on PGlite.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('account sessions across two instances (PostgreSQL)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let second: Database;
  let other: ReturnType<typeof createApp>;
  let owner: ReturnType<typeof staffClient>;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    second = await openDatabase({ databaseUrl: t.postgresUrl });
    other = createApp({ env: t.env, database: second, log: createLogger('silent') });
    owner = staffClient(t.app, await signIn(t.app));
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const account = async (email: string, password: string): Promise<StaffUser> =>
    createAccount(owner, { email, name: EDITOR.name, password }, 'editor');

  it('disabling on one instance signs the account out on the other at once', async () => {
    const eddie = await account(EDITOR.email, EDITOR.password);
    // Signed in through the second instance, working there.
    const there = staffClient(other, await signInAs(other, EDITOR.email, EDITOR.password));
    await there.get('/api/admin/blog-posts').expect(200);
    await owner.patch(`/api/admin/users/${eddie.id}`).send({ disabled: true }).expect(200);
    await there.get('/api/admin/blog-posts').expect(401);
    await there.get('/api/admin/session').expect(401);
  });

  it('a new password set on one instance ends the sessions on the other; the new one signs in there', async () => {
    const pat = await account('pat@agency.test', 'pat-first-password');
    const there = staffClient(other, await signInAs(other, pat.email, 'pat-first-password'));
    const ownerThere = staffClient(other, await signIn(other));
    await there.get('/api/admin/pages').expect(200);
    await owner.patch(`/api/admin/users/${pat.id}`).send({ password: 'pat-second-password' }).expect(200);
    await there.get('/api/admin/pages').expect(401);
    // Only that account's sessions end: the owner's on the other instance goes on.
    await ownerThere.get('/api/admin/pages').expect(200);
    const again = staffClient(other, await signInAs(other, pat.email, 'pat-second-password'));
    const session = await again.get('/api/admin/session').expect(200);
    expect(session.body.user).toMatchObject({ id: pat.id, role: 'editor' });
  });
});
