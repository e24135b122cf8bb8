import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { exited, startServer } from '../test-support/server-process';
import { metricsApp } from './metrics';

/** The value of one series in a Prometheus text answer (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let text = '';
  let slug = '';
  beforeAll(async () => {
    const releasesDir = mkdtempSync(path.join(tmpdir(), 'metrics-releases-'));
    writeFileSync(
      path.join(releasesDir, 'release-state.json'),
      JSON.stringify({ remotes: { mf_content: { current: '1.0.0-abc123', history: ['1.0.0-abc123'] } } }),
    );
    t = await createTestApp({ seed: true, env: { RELEASES_DIR: releasesDir } });
    // A cache miss then a hit on one route, a route with a parameter (found and not), unmatched paths.
    await request(t.app).get('/api/services').expect(200);
    await request(t.app).get('/api/services').expect(200).expect('X-Cache', 'HIT');
    slug = (await request(t.app).get('/api/blog-posts').expect(200)).body[0].slug;
    await request(t.app).get(`/api/blog-posts/${slug}`).expect(200);
    await request(t.app).get('/api/blog-posts/no-such-post').expect(404);
    for (let i = 0; i < 20; i++) await request(t.app).get(`/api/missing-${i}`).expect(404);
    await request(t.app).get('/healthz').expect(200);
    const res = await request(metricsApp(t.metrics)).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = res.text;
  });
  afterAll(() => t.close());

  it('counts requests by method, route pattern and status, cache hits included', () => {
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/services",status="200"}'),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}'),
    ).toBe(1);
  });

  it('labels by the route pattern, never the raw URL, also when the route answers with an error', () => {
    const byPattern = (status: number) =>
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="/api/blog-posts/:slug",status="${status}"}`,
      );
    expect(byPattern(200)).toBe(1);
    expect(byPattern(404)).toBe(1);
    expect(text).not.toContain(slug);
    expect(text).not.toContain('no-such-post');
  });

  it('puts every request no route answered under one label', () => {
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(20);
    expect(text).not.toContain('missing-');
  });

  it('has a latency histogram per route', () => {
    const count = 'http_request_duration_seconds_count{method="GET",route="/api/services",status="200"}';
    expect(sample(text, count)).toBe(2);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/services"/,
    );
  });

  it('counts public cache hits and misses', () => {
    expect(sample(text, 'public_cache_requests_total{result="hit"}')).toBe(1);
    expect(sample(text, 'public_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(2);
  });

  it('reports database pool use', () => {
    for (const state of ['total', 'idle', 'waiting']) {
      expect(sample(text, `db_pool_connections{state="${state}"}`), state).toEqual(expect.any(Number));
    }
    if (t.database.kind === 'pglite') expect(sample(text, 'db_pool_connections{state="total"}')).toBe(1);
  });

  it('reports the version each remote serves', () => {
    expect(sample(text, 'remote_version_info{remote="mf_content",version="1.0.0-abc123"}')).toBe(1);
    expect(sample(text, 'remote_version_info{remote="mf_cms",version="local"}')).toBe(1);
  });

  it('is not served by the site itself', async () => {
    const res = await request(t.app).get('/metrics');
    expect(res.text).not.toContain('http_request_duration_seconds');
    await request(metricsApp(t.metrics)).get('/').expect(404);
  });
});

describe('the metrics listener', () => {
  it('with METRICS_PORT set, the server serves /metrics there and not on the site port', async () => {
    const port = 4600 + (process.pid % 100) * 2;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-server-'));
    const { child, url } = await startServer({
      PORT: String(port),
      METRICS_PORT: String(port + 1),
      DATA_DIR: dataDir,
    });
    try {
      await fetch(`${url}/healthz`);
      const res = await fetch(`http://127.0.0.1:${port + 1}/metrics`);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain('process_cpu_user_seconds_total');
      expect(body).toContain(
        'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}',
      );
      expect((await fetch(`${url}/metrics`)).headers.get('content-type')).not.toMatch(/version=0\.0\.4/);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  }, 90_000);
});
