import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_INPUT_SCHEMAS, CONTENT_TYPE_NAMES, adminPathOf } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** The fields an editor's save sends for a type: its input contract's keys. */
function inputKeys(type: (typeof CONTENT_TYPE_NAMES)[number]): string[] {
  const schema = CONTENT_INPUT_SCHEMAS[type] as unknown as {
    shape?: Record<string, unknown>;
    def?: { in?: { shape?: Record<string, unknown> } };
  };
  return Object.keys(schema.shape ?? schema.def?.in?.shape ?? {});
}

describe('the demo content passes the contract staff save through', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it.each(CONTENT_TYPE_NAMES)('every seeded %s re-saves unchanged', async (type) => {
    const keys = inputKeys(type);
    expect(keys.length).toBeGreaterThan(0);
    const list = await staff.get(adminPathOf(type)).expect(200);
    const rows = (Array.isArray(list.body) ? list.body : list.body.items) as Record<string, unknown>[];
    for (const row of rows) {
      const body = Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));
      const saved = await staff.put(`${adminPathOf(type)}/${String(row['id'])}`).send(body);
      expect({ id: row['id'], status: saved.status, body: saved.status === 200 ? null : saved.body }).toEqual(
        {
          id: row['id'],
          status: 200,
          body: null,
        },
      );
      // Saving a live item without a publish date stamps one: the only field a re-save may fill in.
      for (const k of Object.keys(body).filter((k) => !(k === 'publishedAt' && row[k] === null)))
        expect({ [k]: saved.body[k] }).toEqual({ [k]: row[k] });
    }
  });
});
