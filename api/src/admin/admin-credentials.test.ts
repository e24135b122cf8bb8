import { describe, expect, it } from 'vitest';
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
});
