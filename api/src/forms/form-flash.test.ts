import express from 'express';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormOutcome } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { formFlashes } from '../db/schema';
import { storeOnce } from './form-flash';

describe('a form sent twice while the first is still being stored', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('waits for the first: when the first fails, the second stores it instead of thanking for nothing', async () => {
    const SUCCESS: FormOutcome = { form: 'contact', status: 'success' };
    let attempts = 0;
    let failFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (failFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    // The second request's database, which says when it reads the first one's claim (it lost the race
    // to claim and now looks for the first one's outcome).
    let secondLooks!: () => void;
    const secondLooking = new Promise<void>((resolve) => (secondLooks = resolve));
    const watched = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'select') secondLooks();
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const app = express();
    app.post('/send', async (req, res) => {
      try {
        await storeOnce(
          req.get('x-second') ? watched : t.db,
          req,
          res,
          ['form-flash-test', 'same values'],
          SUCCESS,
          async () => {
            attempts += 1;
            if (attempts === 1) {
              firstStarted();
              await firstHeld;
              throw new Error('the database went away');
            }
            return SUCCESS;
          },
        );
        res.status(303).end();
      } catch {
        res.status(500).end();
      }
    });

    const first = request(app)
      .post('/send')
      .then((r) => r);
    await started;
    const second = request(app)
      .post('/send')
      .set('x-second', '1')
      .then((r) => r);
    // The second is waiting on the first's outcome (not answered with a success it has not earned).
    await secondLooking;
    failFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(500);
    expect(b.status).toBe(303);
    // The second submission stored it: the one success the visitor is told of is a real one.
    expect(attempts).toBe(2);
    const rows = await t.db
      .select()
      .from(formFlashes)
      .where(eq(formFlashes.payload, SUCCESS as never));
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
