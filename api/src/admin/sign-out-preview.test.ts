import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** Issue 25 item 10: signing out ends a release preview too; an old staged version does not come back. */
describe('sign-out', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  });
  afterAll(() => t.close());

  it('clears the release-preview cookie along with the session', async () => {
    const cookie = await signIn(t.app);
    const staff = staffClient(t.app, `${cookie}; remote_preview=mf-content@1.2.3`);
    const out = await staff.post('/api/admin/logout').expect(204);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.find((c) => c.startsWith('remote_preview='))).toMatch(
      /^remote_preview=;.*Expires=Thu, 01 Jan 1970/,
    );
    expect(cleared.find((c) => c.startsWith('staff_session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
