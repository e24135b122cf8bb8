import request from 'supertest';
import type { App } from 'supertest/types';
import { expect } from 'vitest';
import type { StaffRole, StaffUser } from '@agency/contracts';
import { staffClient } from './admin-test-support';

export const EDITOR = { email: 'eddie@agency.test', name: 'Eddie Editor', password: 'eddie-edits-every-day' };
export const ADMIN = { email: 'ada@agency.test', name: 'Ada Admin', password: 'ada-administers-it-all' };

/** Signs in with a personal account and answers the session cookie. */
export async function signInAs(app: App, email: string, password: string): Promise<string> {
  const res = await request(app).post('/api/admin/auth').send({ email, password }).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0];
  expect(cookie).toMatch(/^staff_session=/);
  return cookie!.split(';')[0]!;
}

/** Creates an account through the API as `by` (an owner or admin client) and answers it. */
export async function createAccount(
  by: ReturnType<typeof staffClient>,
  account: { email: string; name: string; password?: string },
  role: StaffRole,
): Promise<StaffUser> {
  const res = await by
    .post('/api/admin/users')
    .send({ ...account, role })
    .expect(201);
  return res.body as StaffUser;
}
