import { describe, expect, it } from 'vitest';
import { StaffMessages } from '@agency/contracts';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { capturedLog } from '../test-support/captured-log';
import { createTestApp } from '../test-support/test-app';
import { checkAdminPassword, ensureAdminPassword, setAdminPassword } from './admin-credentials';

const SET_LINE = 'staff password set from ADMIN_PASSWORD; every staff session was ended';

describe('ADMIN_PASSWORD at start', () => {
  it('two instances starting together with a new password store it once and end the shared-password sessions once', async () => {
    const t = await createTestApp();
    try {
      await setAdminPassword(t.db, 'the-old-shared-password');
      const { lines, log } = capturedLog();
      const env = { ADMIN_PASSWORD: 'the-new-shared-password' };
      // Both read the old hash before either writes (as two instances of a rolling restart do).
      await Promise.all([ensureAdminPassword(t.db, env, log), ensureAdminPassword(t.db, env, log)]);
      expect(lines.filter((l) => l['msg'] === SET_LINE)).toHaveLength(1);
      expect(await checkAdminPassword(t.db, 'the-new-shared-password')).toBe(true);
      expect(await checkAdminPassword(t.db, 'the-old-shared-password')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('a start with the stored password changes nothing; a start with another one replaces it', async () => {
    const t = await createTestApp();
    try {
      await setAdminPassword(t.db, 'the-first-shared-password');
      const { lines, log } = capturedLog();
      await ensureAdminPassword(t.db, { ADMIN_PASSWORD: 'the-first-shared-password' }, log);
      expect(lines.filter((l) => l['msg'] === SET_LINE)).toHaveLength(0);
      await ensureAdminPassword(t.db, { ADMIN_PASSWORD: 'the-second-shared-password' }, log);
      expect(lines.filter((l) => l['msg'] === SET_LINE)).toHaveLength(1);
      expect(await checkAdminPassword(t.db, 'the-second-shared-password')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('warns at start when ADMIN_PASSWORD is a common password, without printing it', async () => {
    const t = await createTestApp();
    try {
      const { lines, log } = capturedLog();
      await ensureAdminPassword(t.db, { ADMIN_PASSWORD: 'correct horse battery staple' }, log);
      expect(lines.filter((l) => l['level'] === 40)).toEqual([]);
      await ensureAdminPassword(t.db, { ADMIN_PASSWORD: '123456789012' }, log);
      const warnings = lines.filter((l) => l['level'] === 40);
      expect(warnings.map((l) => l['msg'])).toEqual([
        expect.stringMatching(/ADMIN_PASSWORD is a common password/),
      ]);
      expect(JSON.stringify(lines)).not.toContain('123456789012');
    } finally {
      await t.close();
    }
  });
});

/** Issue 36, item 5: the shared owner password meets the rule every personal password meets. */
describe('changing the shared password in Settings', () => {
  it('refuses a common password, as personal accounts do', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const owner = staffClient(t.app, await signIn(t.app));
      for (const newPassword of ['123456789012', 'password1234', 'aaaaaaaaaaaa']) {
        const res = await owner
          .post('/api/admin/password')
          .send({ currentPassword: STAFF_PASSWORD, newPassword })
          .expect(400);
        expect(res.body.fields.newPassword).toBe(StaffMessages.commonPassword);
      }
      expect(await checkAdminPassword(t.db, STAFF_PASSWORD)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
