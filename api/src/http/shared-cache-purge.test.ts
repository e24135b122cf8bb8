import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterFor, createSharedCachePurger } from './shared-cache-purge';

/** A stand-in cache: records each purge, and refuses the first `failFirst` ones with 503. */
function standIn(failFirst = 0) {
  const seen: { method: string; xkey?: string; auth?: string; body: string }[] = [];
  let refused = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      if (refused < failFirst) {
        refused++;
        res.writeHead(503).end();
        return;
      }
      seen.push({
        method: req.method!,
        ...(req.headers['xkey-purge'] ? { xkey: String(req.headers['xkey-purge']) } : {}),
        ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
        body,
      });
      res.writeHead(200).end();
    });
  });
  return {
    seen,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('shared cache purge', () => {
  const varnish = standIn(2);
  const cdn = standIn();
  let v: string;
  let c: string;
  beforeAll(async () => {
    v = await varnish.start();
    c = await cdn.start();
  });
  afterAll(async () => {
    await varnish.close();
    await cdn.close();
  });

  it('purges Varnish by xkey and a CDN-style API by tags with its token, retrying a cache that is down', async () => {
    const purger = createSharedCachePurger(
      [adapterFor(`varnish+http://${v}/`, 'secret'), adapterFor(`http://${c}/purge`, 'secret')],
      { retry: { baseMs: 20, capMs: 50 } },
    );
    purger.purge(['blog-posts']);
    purger.purge(['site-settings', 'blog-posts']);
    await purger.settled();
    // Varnish refused twice (503): the keys waited and went once it answered, coalesced.
    expect(varnish.seen.map((s) => s.method)).toEqual(['PURGE']);
    expect(varnish.seen[0]!.xkey!.split(' ').sort()).toEqual(['blog-posts', 'site-settings']);
    expect(varnish.seen[0]!.auth).toBeUndefined();
    const tags = cdn.seen.flatMap((s) => (JSON.parse(s.body) as { tags: string[] }).tags);
    expect(new Set(tags)).toEqual(new Set(['blog-posts', 'site-settings']));
    expect(cdn.seen.every((s) => s.method === 'POST' && s.auth === 'Bearer secret')).toBe(true);
    expect(purger.pending()).toEqual({ [`http://${v}/`]: [], [`http://${c}/purge`]: [] });
    purger.stop();
  });
});
