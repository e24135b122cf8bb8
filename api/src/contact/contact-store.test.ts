import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { contactRequests } from '../db/schema';
import { contactStore } from './contact-store';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@analytical.example',
  company: 'Analytical Engines Ltd',
  budget: '25k-50k',
  goals: 'Grow organic traffic by 50% this year',
};

describe('contact store (group commit)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a row the database refuses fails alone: the others of its group are stored and answered', async () => {
    const store = contactStore(t.db);
    const results = await Promise.allSettled([
      store({ ...valid, lastName: 'First' }),
      // NOT NULL violated (the HTTP route never lets this through; the database is the last word).
      store({ ...valid, lastName: null as unknown as string }),
      store({ ...valid, lastName: 'Third' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await t.db.select().from(contactRequests);
    expect(rows.map((r) => r.lastName).sort()).toEqual(['First', 'Third']);
    const [first, , third] = results;
    expect(rows.find((r) => r.lastName === 'First')?.id).toBe(
      (first as PromiseFulfilledResult<{ id: number }>).value.id,
    );
    expect(rows.find((r) => r.lastName === 'Third')?.id).toBe(
      (third as PromiseFulfilledResult<{ id: number }>).value.id,
    );
  });

  it('acknowledges nothing when the database is gone', async () => {
    const other = await createTestApp();
    const store = contactStore(other.db);
    await other.database.close();
    const results = await Promise.allSettled([store(valid), store(valid)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await other.close();
  });
});
