import request from 'supertest';
import type { App } from 'supertest/types';
import { expect } from 'vitest';

export const STAFF_PASSWORD = 'correct horse battery staple';
/** Requests from the site itself: its Host, and an Origin naming it. */
export const SITE_HOST = 'cms.test';
export const SITE_ORIGIN = `http://${SITE_HOST}`;

/** Signs in and answers the session cookie ("staff_session=..."). */
export async function signIn(app: App, password = STAFF_PASSWORD): Promise<string> {
  const res = await request(app).post('/api/admin/auth').send({ password }).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0];
  expect(cookie).toMatch(/^staff_session=/);
  return cookie!.split(';')[0]!;
}

/** A staff client: cookie, Host and same-site Origin on every request. */
export function staffClient(app: App, cookie: string) {
  const withHeaders = (t: request.Test) =>
    t.set('Cookie', cookie).set('Host', SITE_HOST).set('Origin', SITE_ORIGIN);
  const agent = request(app);
  return {
    get: (url: string) => withHeaders(agent.get(url)),
    post: (url: string) => withHeaders(agent.post(url)),
    put: (url: string) => withHeaders(agent.put(url)),
    patch: (url: string) => withHeaders(agent.patch(url)),
    delete: (url: string) => withHeaders(agent.delete(url)),
  };
}

/** A case study's fields besides its slug and title: what a test that needs one stored sends. */
export const CASE_STUDY_FIELDS = {
  client: 'Acme',
  industry: 'Retail',
  duration: '6 months',
  challenge: 'Low traffic',
  solution: 'Content',
  results: [{ metric: 'Traffic', value: '+200%' }],
  services: ['SEO'],
};
