import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { mountedRoutes } from '../openapi/mounted-routes';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { ADMIN, EDITOR, createAccount, signInAs } from './staff-test-support';
import { ACCESS_RULES, ruleFor } from './access-policy';

/** Routes under /api/admin that need no session (sign-in, its probe, sign-out, a set-password link). */
const OPEN = [
  'POST /api/admin/auth',
  'GET /api/admin/session',
  'POST /api/admin/logout',
  'POST /api/admin/set-password',
  'POST /api/admin/forgot-password',
];

/** A concrete URL for a route: ids 1, a real remote and content type. */
const concrete = (path: string) =>
  path
    .replace('{remote}', 'mf-content')
    .replace('{type}', 'pages')
    .replace(/\{\w+\}/g, '1');

/**
 * Issue 24, item 2: every staff route, as each role. The route list is the app's own (the same walk
 * the OpenAPI test uses), so a route added without an access rule fails here.
 */
describe('roles on every admin route', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clients: Record<'owner' | 'admin' | 'editor', ReturnType<typeof staffClient>>;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    const owner = staffClient(t.app, await signIn(t.app));
    await createAccount(owner, EDITOR, 'editor');
    await createAccount(owner, ADMIN, 'admin');
    clients = {
      owner,
      admin: staffClient(t.app, await signInAs(t.app, ADMIN.email, ADMIN.password)),
      editor: staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password)),
    };
    routes = mountedRoutes(t.app).filter((r) => r.path.startsWith('/api/admin/'));
  });
  afterAll(() => t.close());

  it('has exactly one access rule for every route behind the staff session, and none for others', () => {
    const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
    const guarded = routes.map(key).filter((k) => !OPEN.includes(k));
    expect(guarded.length).toBeGreaterThan(80);
    const missing = guarded.filter((k) => {
      const [method, path] = k.split(' ') as [string, string];
      return ruleFor(method, concrete(path))?.path !== path;
    });
    expect({ missing, unused: Object.keys(ACCESS_RULES).filter((k) => !guarded.includes(k)) }).toEqual({
      missing: [],
      unused: [],
    });
  });

  it('refuses editors staff accounts, the audit, saving settings, the password and releases (403), and nothing else', async () => {
    const refused: string[] = [];
    const allowedButRefused: string[] = [];
    for (const route of routes) {
      const k = `${route.method.toUpperCase()} ${route.path}`;
      if (OPEN.includes(k)) continue;
      const rule = ACCESS_RULES[k]!;
      const url = concrete(route.path);
      for (const role of ['editor', 'admin', 'owner'] as const) {
        // An empty JSON body: allowed writes answer 400/404 (or succeed harmlessly); the role check comes first.
        const call = clients[role][route.method as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
        // The live-updates stream never ends by itself: its status is all this needs.
        const res =
          k === 'GET /api/admin/events'
            ? await call.buffer(false).parse((stream, done) => {
                (stream as unknown as { destroy: () => void }).destroy();
                done(null, null);
              })
            : route.method === 'get'
              ? await call
              : await call.send({});
        if (res.status === 403) {
          if (role === 'editor' && rule.role === 'admin') {
            expect(res.body.message).toBe(
              'Only an admin can do this. Your role (editor) covers content, media and leads.',
            );
            refused.push(k);
          } else allowedButRefused.push(`${role} ${k}`);
        } else if (role === 'editor' && rule.role === 'admin') {
          allowedButRefused.push(`editor was let through ${k} (${res.status})`);
        }
      }
    }
    expect(allowedButRefused).toEqual([]);
    expect(refused.sort()).toEqual(
      [
        'GET /api/admin/audit',
        'GET /api/admin/audit.csv',
        'GET /api/admin/notifications/settings',
        'PUT /api/admin/notifications/settings',
        'GET /api/admin/releases',
        'GET /api/admin/users',
        'PATCH /api/admin/users/{id}',
        'POST /api/admin/password',
        'POST /api/admin/releases/{remote}/promote',
        'POST /api/admin/releases/{remote}/rollback',
        'POST /api/admin/users',
        'POST /api/admin/users/{id}/set-password-link',
        'PUT /api/admin/site-settings',
        'POST /api/admin/privacy/search',
        'POST /api/admin/privacy/export',
        'POST /api/admin/privacy/export.csv',
        'POST /api/admin/privacy/erase',
      ].sort(),
    );
  });

  it('refuses an editor a route no rule names, and lets visitors through to the 401 first', async () => {
    await clients.editor.get('/api/admin/no-such-route').expect(403);
    await clients.owner.get('/api/admin/no-such-route').expect(404);
    await request(t.app).get('/api/admin/users').expect(401);
  });
});
