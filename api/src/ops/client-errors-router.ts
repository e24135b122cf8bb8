import express, { Router } from 'express';
import { CLIENT_ERROR_BODY_MAX_BYTES, clientErrorReportSchema } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { parseBody, rejectInvalidBody } from '../http/validate';
import type { Metrics } from './metrics';

/** Per client address: a broken page reports a few errors per view; a flood is refused. */
export const CLIENT_ERRORS_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

/** Reports carry no personal data by design; an address inside an error message is masked anyway. */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;

/**
 * POST /api/client-errors: a remote failed in a visitor's browser. Logged with its remote, version and
 * route, and counted per remote version in /metrics, so a team sees its release's errors (204, no body).
 */
export function clientErrorsRouter(
  { log, rateLimits }: Pick<AppContext, 'log' | 'rateLimits'>,
  metrics: Metrics,
  opts: { rateLimitScale?: number } = {},
) {
  const router = Router();
  const limiter = rateLimits.rateLimit({
    name: 'client-errors',
    ...CLIENT_ERRORS_RATE_LIMIT,
    scale: opts.rateLimitScale ?? 1,
  });
  router.post(
    '/',
    express.json({ limit: CLIENT_ERROR_BODY_MAX_BYTES }),
    rejectInvalidBody(clientErrorReportSchema),
    limiter,
    (req, res) => {
      const report = parseBody(clientErrorReportSchema, req);
      const message = report.message.replace(EMAIL, '[email]');
      const version = metrics.clientError(report);
      log.warn(
        { clientError: { ...report, message, version } },
        `client error in ${report.remote}@${version}`,
      );
      res.status(204).end();
    },
  );
  return router;
}
