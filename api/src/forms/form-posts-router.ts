import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { Logger } from 'pino';
import {
  FORM_ANCHORS,
  FORM_FAILED_MESSAGES,
  FORM_RETURN_FIELD,
  FormRoutes,
  matchSiteRoute,
  siteRoute,
  type FormOutcome,
} from '@agency/contracts';
import { sameOriginWrites } from '../admin/admin-guards';
import { clientAddress } from '../http/client-address';
import { TooManyRequestsError, zodFieldMessages } from '../http/errors';
import { consumeOrRefuse } from '../http/rate-limit';
import type { AppContext } from '../app-context';
import { leadSourceOf } from '../http/lead-source';
import {
  fieldLimits,
  honeypotOf,
  keptValues,
  limitOf,
  type FormAction,
  type FormActionDeps,
  type FormContext,
} from '../http/form-action';
import { contactAction } from '../contact/contact-action';
import { newsletterAction } from '../newsletter/newsletter-action';
import { resourceLeadAction } from '../content/resource-lead-action';
import type { DownloadTokens } from '../content/download-token';
import type { SubscriptionTokens } from '../newsletter/subscription-tokens';
import { setFlash, setStaticFlash, storeOnce } from './form-flash';

/**
 * The page the form was sent from (the hidden `from` field): a path of one of the site's pages, or
 * `fallback`. Never another origin, never a query string: the redirect carries no visitor input.
 */
export function returnPath(body: unknown, fallback: string): string {
  const raw = (body as Record<string, unknown> | undefined)?.[FORM_RETURN_FIELD];
  if (typeof raw !== 'string' || raw.length > 300) return fallback;
  if (!/^\/(?![/\\])[A-Za-z0-9\-._~/%]*$/.test(raw)) return fallback;
  return matchSiteRoute(raw) ? raw : fallback;
}

/** The contract's fields of a urlencoded body, as strings (a repeated or missing field reads as ''). */
function fieldsOf(body: unknown, names: readonly string[]): Record<string, string> {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    names.map((name) => [name, typeof source[name] === 'string' ? source[name] : '']),
  );
}

function seeOther(res: Response, location: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, location);
}

/**
 * A form's HTML post: the adapter of its action for `<form method="post">` without JavaScript. Every
 * answer is a 303 back to the page, whose next render shows the outcome (form-flash.ts).
 *
 * What a stranger can make it keep is bounded: every post counts against the client's limit before
 * anything is stored (an invalid one stores its outcome, with the typed values); a post over the limit
 * stores nothing (its outcome is named in the cookie); kept values are cut to the contract's maxima.
 * So one client leaves at most `limit` outcomes of at most the contract's size per window, and
 * expired ones are swept on every insert.
 */
function htmlFormRoute<S extends $ZodType, Ctx extends FormContext, Stored>(
  action: FormAction<S, Ctx, Stored>,
  deps: FormActionDeps & { log: Logger },
  back: (req: Request, ctx: Ctx) => string,
): RequestHandler {
  const { db } = deps;
  const limits = fieldLimits(action.schema);
  const names = Object.keys(limits);
  const limit = limitOf(action, deps);
  return async (req, res) => {
    const ctx = await action.context(req, deps);
    const about = { form: action.form, ...(ctx.resourceId !== undefined && { resourceId: ctx.resourceId }) };
    const answer = async (outcome: FormOutcome) => {
      await setFlash(db, req, res, outcome);
      seeOther(res, back(req, ctx));
    };
    try {
      await consumeOrRefuse(deps.rateLimits.limiterFor(limit), clientAddress(req));
    } catch (err) {
      if (!(err instanceof TooManyRequestsError)) throw err;
      setStaticFlash(req, res, action.form, 'limited', ctx.resourceId);
      seeOther(res, back(req, ctx));
      return;
    }
    const fields = fieldsOf(req.body, names);
    const values = keptValues(fields, limits);
    const parsed = safeParse(action.schema, fields);
    if (!parsed.success) {
      await answer({ ...about, status: 'invalid', values, errors: zodFieldMessages(parsed.error) });
      return;
    }
    const input = parsed.data;
    if (honeypotOf(input)) {
      await answer(action.decoy.outcome(ctx));
      return;
    }
    // Without JavaScript the Referer is the page (and, on a campaign link, the landing URL).
    const fallbackPage = returnPath(req.body, '') || undefined;
    const source = leadSourceOf(req, input, { publicUrl: deps.publicUrl, fallbackPage });
    try {
      await storeOnce(
        db,
        req,
        res,
        [action.form, clientAddress(req), ...action.identity(input, ctx)],
        async (tx) => action.outcome(await action.store(tx, input, ctx, source), ctx, values),
      );
    } catch (err) {
      // Nothing was stored (claim, submission and outcome commit together): the form comes back
      // with what was typed and the form's failure text, never a thank-you.
      deps.log.warn({ err, form: action.form }, 'form submission not stored');
      const failed: FormOutcome = {
        ...about,
        status: 'refused',
        values,
        message: FORM_FAILED_MESSAGES[action.form],
      };
      await setFlash(db, req, res, failed).catch(() =>
        setStaticFlash(req, res, action.form, 'failed', ctx.resourceId),
      );
    }
    seeOther(res, back(req, ctx));
  };
}

/**
 * The HTML-first half of the public forms: what the browser posts from `<form method="post">` before
 * (or without) JavaScript. The same actions as POST /api/contacts, /api/newsletter and
 * /api/resources/:id/leads (contracts, shared limit counters, honeypot, stores); plus a same-origin
 * check, since a urlencoded form (unlike a JSON call) can be posted from any site.
 */
export function formPostsRouter(
  app: Pick<AppContext, 'env' | 'db' | 'log' | 'clock' | 'rateLimits' | 'contacts'>,
  opts: {
    tokens: DownloadTokens;
    newsletterTokens: SubscriptionTokens;
    rateLimitScale?: number;
  },
) {
  const { env } = app;
  const router = Router();
  const deps = { ...app, rateLimitScale: opts.rateLimitScale ?? 1, publicUrl: env.PUBLIC_URL };
  const body = express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 20 });
  const guards = [sameOriginWrites(env), body];

  router.post(
    FormRoutes.contact,
    ...guards,
    htmlFormRoute(
      contactAction(app.contacts),
      deps,
      (req) => `${returnPath(req.body, '/contact')}#${FORM_ANCHORS.contact}`,
    ),
  );
  router.post(
    FormRoutes.newsletter,
    ...guards,
    htmlFormRoute(
      newsletterAction(opts.newsletterTokens),
      deps,
      (req) => `${returnPath(req.body, '/')}#${FORM_ANCHORS.newsletter}`,
    ),
  );
  router.post(
    siteRoute('resource-access').path,
    ...guards,
    htmlFormRoute(resourceLeadAction(opts.tokens), deps, (_req, ctx) =>
      FormRoutes.resourceAccess(ctx.resourceId!),
    ),
  );
  return router;
}
