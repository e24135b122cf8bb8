import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { errorHandler } from './errors';

/** An app whose one route fails with `err`, answered by the real error middleware. */
function failingWith(err: unknown) {
  const app = express();
  app.get('/x', () => {
    throw err;
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

/** What drizzle throws: its own error, with the database's error as the cause. */
const fromDatabase = (code: string, message: string) =>
  Object.assign(new Error('Failed query: insert into "t" values ($1)\nparams: x'), {
    cause: Object.assign(new Error(message), { code, severity: 'ERROR' }),
  });

describe('database errors that are not the request’s fault', () => {
  it.each([
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['53100', 'could not extend file "base/16384/16385": No space left on device'],
    ['53000', 'insufficient resources'],
    ['53200', 'out of memory'],
    ['53400', 'configuration limit exceeded'],
  ])('%s (%s) answers 503 with Retry-After, not 500', async (code, message) => {
    const res = await request(failingWith(fromDatabase(code, message))).get('/x');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
  });

  it('a bug (a division by zero) is still a 500 without Retry-After', async () => {
    const res = await request(failingWith(fromDatabase('22012', 'division by zero'))).get('/x');
    expect(res.status).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
