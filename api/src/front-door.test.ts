import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createTestApp } from './test-support/test-app';

/**
 * /healthz and cached public reads are answered before Express routes the request (front-door.ts).
 * What a client gets must not tell the two paths apart: the same status, bytes and headers, in the
 * same order, as the full middleware chain gives. A request with X-Forwarded-Proto always takes the
 * chain (behind no trusted proxy the header changes nothing else), so it is the reference here.
 */
describe('the front door', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let port: number;
  /** Express's router: called for every request the front door hands to the chain. */
  let chain: MockInstance;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    chain = vi.spyOn((t.app as unknown as { router: { handle: () => void } }).router, 'handle');
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const get = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: string[]; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const pairs: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            // Per answer by nature: the date and the request id (checked for shape below).
            if (!/^(date|x-request-id)$/i.test(name)) pairs.push(`${name}: ${res.rawHeaders[i + 1]}`);
          }
          resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
        });
      });
      req.on('error', reject);
      req.end();
    });

  const cases: [string, string, Record<string, string>][] = [
    ['GET', '/healthz', {}],
    ['HEAD', '/healthz', {}],
    ['GET', '/api/services?published=true', {}],
    ['GET', '/api/services?published=true', { 'accept-encoding': 'gzip, deflate, br' }],
    ['GET', '/api/services?published=true', { 'accept-encoding': 'br;q=0, gzip' }],
    ['HEAD', '/api/services?published=true', { 'accept-encoding': 'br' }],
    ['GET', '/api/services?published=true', { cookie: 'theme=dark' }],
    // Answers that differ for staff: Vary: Cookie on everyone's.
    ['GET', '/api/blog-posts?published=true', { 'accept-encoding': 'gzip' }],
    ['GET', '/api/site-settings', {}],
  ];

  it.each(cases)('%s %s %j: the same answer as the middleware chain gives', async (method, path, headers) => {
    await get('GET', path); // fills the cache (and teaches it the URL)
    chain.mockClear();
    const front = await get(method, path, headers);
    expect(chain).not.toHaveBeenCalled(); // answered at the front door
    const reference = await get(method, path, { ...headers, 'x-forwarded-proto': 'http' });
    expect(chain).toHaveBeenCalledTimes(1); // answered by the chain
    expect(front.status).toBe(200);
    expect(front.headers).toEqual(reference.headers);
    expect(front.body.equals(reference.body)).toBe(true);
    if (path.startsWith('/api/')) expect(front.headers).toContain('X-Cache: HIT');
  });

  it('gives each answer its own request id and counts cache hits in the metrics', async () => {
    const count = async () =>
      (await t.metrics.registry.getSingleMetricAsString('public_cache_requests_total')).match(
        /result="hit"} (\d+)/,
      )?.[1];
    await get('GET', '/api/testimonials?published=true');
    const before = Number((await count()) ?? 0);
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/testimonials?published=true`);
      expect(res.headers.get('x-cache')).toBe('HIT');
      ids.add(res.headers.get('x-request-id')!);
    }
    expect(ids.size).toBe(3);
    expect(Number(await count())).toBe(before + 3);
  });
});
