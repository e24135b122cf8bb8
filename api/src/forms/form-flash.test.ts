import express from 'express';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormOutcome } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { contactRequests, formFlashes } from '../db/schema';
import type { Db } from '../db/client';
import { storeOnce } from './form-flash';

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@engine.example',
  company: 'Analytical Engines',
  budget: '10k-25k',
  goals: 'Tell the world about the engine',
};

describe('a form sent twice while the first is still being stored', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the second waits for the first; when the first fails, the second stores it: no thanks without a row', async () => {
    const SUCCESS: FormOutcome = { form: 'contact', status: 'success' };
    let attempts = 0;
    let failFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (failFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    // The second request's database, which says when the second one starts to use it.
    let secondAsks!: () => void;
    const secondAsking = new Promise<void>((resolve) => (secondAsks = resolve));
    const watched = new Proxy(t.db, {
      get(target, prop, receiver) {
        secondAsks();
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const app = express();
    app.post('/send', async (req, res) => {
      try {
        const outcome = await storeOnce(
          req.get('x-second') ? watched : t.db,
          req,
          res,
          ['form-flash-test', 'same values'],
          async (tx: Db) => {
            attempts += 1;
            // A real row, in the claim's transaction: it is kept only if the whole submission is.
            await tx
              .insert(contactRequests)
              .values({ ...contact, goals: `attempt ${attempts} of the goals` });
            if (attempts === 1) {
              firstStarted();
              await firstHeld;
              throw new Error('the database went away');
            }
            return SUCCESS;
          },
        );
        res.status(303).json(outcome);
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
    await secondAsking;
    failFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(500);
    expect(b.status).toBe(303);
    expect(b.body).toEqual(SUCCESS);
    // The first attempt's row went with its claim; the second's is the one stored.
    expect(attempts).toBe(2);
    const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.email, contact.email));
    expect(rows.map((r) => r.goals)).toEqual(['attempt 2 of the goals']);
    // The claim holds the outcome of what was stored, and nothing holds an outcome without a row.
    const claims = await t.db.select().from(formFlashes);
    expect(claims.filter((c) => c.digest).map((c) => c.payload)).toEqual([SUCCESS]);
  });
});
