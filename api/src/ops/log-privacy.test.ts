import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { capturedLog } from '../test-support/captured-log';

const signUp = (n: number) => ({
  firstName: 'Ada',
  lastName: `Lovelace ${n}`,
  email: `ada.lovelace.${n}@example.com`,
  company: 'Analytical Engines',
  budget: '10k-25k',
  goals: 'Keep my address out of the server log',
});

describe('logs without personal data', () => {
  // Takes the database away by closing it (PGlite; bounded-waits.pg.test.ts does it on PostgreSQL).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'failing inserts log no e-mail address or name, and one line for their kind of failure',
    async () => {
      const captured = capturedLog();
      const t = await createTestApp({ log: captured.log, env: { RATE_LIMIT_SCALE: 100 } });
      await t.database.close();
      for (const n of [1, 2, 3]) {
        await request(t.app).post('/api/contacts').send(signUp(n)).expect(503);
        await request(t.app)
          .post('/api/newsletter')
          .send({ email: `grace.${n}@example.com` })
          .expect(503);
      }
      await t.close();
      const text = captured.text();
      expect(text).not.toMatch(/@example\.com/);
      expect(text).not.toMatch(/Lovelace|Analytical Engines/);
      // Six failed writes of one kind: one full line; the access log still has one line per request.
      expect(captured.lines.filter((l) => l['msg'] === 'database unavailable')).toHaveLength(1);
      expect(captured.lines.filter((l) => l['msg'] === 'request failed')).toHaveLength(6);
    },
    120_000,
  );
});
