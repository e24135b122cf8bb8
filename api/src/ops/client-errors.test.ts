import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@agency/contracts';
import { capturedLog } from '../test-support/captured-log';
import { createTestApp } from '../test-support/test-app';
import { CLIENT_ERRORS_RATE_LIMIT } from './client-errors-router';
import { metricsApp } from './metrics';

const report = {
  remote: 'mf_content',
  version: '1.0.0-abc123',
  route: '/blog/some-post',
  kind: 'render',
  message: 'Cannot read properties of undefined (reading "title") for jane@example.com',
};

describe('POST /api/client-errors', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const captured = capturedLog('warn');
  const lines = captured.lines;
  beforeAll(async () => {
    const releasesDir = mkdtempSync(path.join(tmpdir(), 'client-errors-releases-'));
    writeFileSync(
      path.join(releasesDir, 'release-state.json'),
      JSON.stringify({ remotes: { mf_content: { current: '1.0.0-abc123', history: ['1.0.0-abc123'] } } }),
    );
    t = await createTestApp({ env: { RELEASES_DIR: releasesDir }, log: captured.log });
  });
  afterAll(() => t.close());

  const metric = async (series: string) => {
    const text = (await request(metricsApp(t.metrics)).get('/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('logs a valid report without the visitor address in it and counts it under the remote version', async () => {
    await request(t.app).post('/api/client-errors').send(report).expect(204);
    await request(t.app).post('/api/client-errors').send(report).expect(204);
    expect(
      await metric('client_errors_total{remote="mf_content",version="1.0.0-abc123",kind="render"}'),
    ).toBe(2);
    const logged = lines.find((l) => l['clientError']) as {
      clientError: Record<string, string>;
      msg: string;
    };
    expect(logged.msg).toBe('client error in mf_content@1.0.0-abc123');
    expect(logged.clientError).toMatchObject({
      remote: 'mf_content',
      route: '/blog/some-post',
      kind: 'render',
    });
    expect(logged.clientError['message']).toContain('for [email]');
    expect(JSON.stringify(logged)).not.toContain('jane@example.com');
  });

  it('counts a version the server does not know as unknown, so browsers cannot add label values', async () => {
    for (const version of ['9.9.9-aaaaaa', '9.9.9-bbbbbb']) {
      await request(t.app)
        .post('/api/client-errors')
        .send({ ...report, version, kind: 'load' })
        .expect(204);
    }
    expect(await metric('client_errors_total{remote="mf_content",version="unknown",kind="load"}')).toBe(2);
    expect(await metric('client_errors_total{remote="mf_content",version="9.9.9-aaaaaa",kind="load"}')).toBe(
      undefined,
    );
  });

  it('refuses invalid reports with 400 and field errors, and oversized ones with 413', async () => {
    const bad = await request(t.app)
      .post('/api/client-errors')
      .send({ ...report, remote: 'mf_other', route: '/blog?email=jane@example.com', extra: 1 })
      .expect(400);
    expect(bad.body.code).toBe(ErrorCode.VALIDATION);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['remote', 'route']));
    await request(t.app)
      .post('/api/client-errors')
      .send({ ...report, message: 'x'.repeat(501) })
      .expect(400);
    const big = await request(t.app)
      .post('/api/client-errors')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...report, message: 'x'.repeat(4000) }))
      .expect(413);
    expect(big.body.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    await request(t.app)
      .post('/api/client-errors')
      .set('Content-Type', 'application/json')
      .send('{"remote":')
      .expect(400);
  });

  it('limits reports per client address: 60 per 10 minutes, then 429', async () => {
    expect(CLIENT_ERRORS_RATE_LIMIT).toEqual({ limit: 60, windowMs: 10 * 60_000 });
    const fresh = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        statuses.push((await request(fresh.app).post('/api/client-errors').send(report)).status);
      }
      expect(statuses.slice(0, 60)).toEqual(Array(60).fill(204));
      expect(statuses[60]).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
