import express, { Router, type Request, type Response } from 'express';
import { safeParse, type $ZodType } from 'zod/v4/core';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  FORM_ANCHORS,
  FORM_RETURN_FIELD,
  FormRoutes,
  ResourceRoutes,
  contactRequestSchema,
  matchSiteRoute,
  newsletterSchema,
  resourceLeadSchema,
  siteRoute,
  type FormOutcome,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { sameOriginWrites } from '../admin/admin-guards';
import { clientAddress } from '../http/client-address';
import { TooManyRequestsError, notFound, zodFieldMessages } from '../http/errors';
import { consumeOrRefuse, limiterFor } from '../http/rate-limit';
import { CONTACT_RATE_LIMIT } from '../contact/contact-router';
import { contactStore } from '../contact/contact-store';
import { NEWSLETTER_RATE_LIMIT, subscribe } from '../newsletter/newsletter-router';
import { LEAD_RATE_LIMIT } from '../content/resources-router';
import { findResource, storeLead } from '../content/content-repository';
import type { DownloadTokens } from '../content/download-token';
import { setFlash, storeOnce } from './form-flash';

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'company', 'budget', 'goals', 'website'] as const;
const NEWSLETTER_FIELDS = ['email', 'website'] as const;
const LEAD_FIELDS = ['name', 'email', 'website'] as const;

/** The named fields of a urlencoded body, as strings (a repeated or missing field reads as ''). */
function fieldsOf<K extends string>(body: unknown, names: readonly K[]): Record<K, string> {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = source[name];
    out[name] = typeof v === 'string' ? v : '';
  }
  return out;
}

/** What a form keeps for the visitor: the typed values without the honeypot. */
function keptValues(fields: Record<string, string>): Record<string, string> {
  const { website: _honeypot, ...values } = fields;
  return values;
}

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

/** The same counters as the JSON API's routes (limiters are shared by name per database). */
async function withinLimit(
  db: Db,
  req: Request,
  opts: { name: string; limit: number; windowMs: number; scale: number },
): Promise<string | undefined> {
  try {
    await consumeOrRefuse(limiterFor(db, opts), clientAddress(req));
    return undefined;
  } catch (err) {
    if (err instanceof TooManyRequestsError) return err.message;
    throw err;
  }
}

function seeOther(res: Response, location: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, location);
}

/**
 * The HTML-first half of the public forms: what the browser posts from `<form method="post">` before
 * (or without) JavaScript. Same contracts, rate limits (shared counters), honeypot and stored rows as
 * POST /api/contacts, /api/newsletter and /api/resources/:id/leads; plus a same-origin check, since a
 * urlencoded form (unlike a JSON call) can be posted from any site. Every answer is a 303 back to the
 * page, whose next render shows the outcome (form-flash.ts).
 */
export function formPostsRouter(env: Env, db: Db, opts: { tokens: DownloadTokens; rateLimitScale?: number }) {
  const router = Router();
  const scale = opts.rateLimitScale ?? 1;
  // The same group-committed store as the JSON endpoint: one home for how a contact row is written.
  const storeContact = contactStore(db);
  const body = express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 20 });
  const guards = [sameOriginWrites(env), body];

  router.post(FormRoutes.contact, ...guards, async (req, res) => {
    const back = `${returnPath(req.body, '/contact')}#${FORM_ANCHORS.contact}`;
    const fields = fieldsOf(req.body, CONTACT_FIELDS);
    const parsed = safeParse(contactRequestSchema as $ZodType, fields);
    const answer = async (outcome: FormOutcome) => {
      await setFlash(db, req, res, outcome);
      seeOther(res, back);
    };
    if (!parsed.success) {
      await answer({
        form: 'contact',
        status: 'invalid',
        values: keptValues(fields),
        errors: zodFieldMessages(parsed.error),
      });
      return;
    }
    const refused = await withinLimit(db, req, { name: 'contact', ...CONTACT_RATE_LIMIT, scale });
    if (refused) {
      await answer({ form: 'contact', status: 'refused', values: keptValues(fields), message: refused });
      return;
    }
    const { website, ...input } = parsed.data as ReturnType<typeof contactRequestSchema.parse>;
    const success: FormOutcome = { form: 'contact', status: 'success' };
    // Honeypot filled in: answer like a success so bots learn nothing, store nothing.
    if (website) {
      await answer(success);
      return;
    }
    await storeOnce(db, req, res, ['contact', clientAddress(req), input], success, async () => {
      await storeContact(input);
      return success;
    });
    seeOther(res, back);
  });

  router.post(FormRoutes.newsletter, ...guards, async (req, res) => {
    const back = `${returnPath(req.body, '/')}#${FORM_ANCHORS.newsletter}`;
    const fields = fieldsOf(req.body, NEWSLETTER_FIELDS);
    const parsed = safeParse(newsletterSchema as $ZodType, fields);
    const answer = async (outcome: FormOutcome) => {
      await setFlash(db, req, res, outcome);
      seeOther(res, back);
    };
    if (!parsed.success) {
      await answer({
        form: 'newsletter',
        status: 'invalid',
        values: keptValues(fields),
        errors: zodFieldMessages(parsed.error),
      });
      return;
    }
    const refused = await withinLimit(db, req, { name: 'newsletter', ...NEWSLETTER_RATE_LIMIT, scale });
    if (refused) {
      await answer({ form: 'newsletter', status: 'refused', values: keptValues(fields), message: refused });
      return;
    }
    const { email, website } = parsed.data as ReturnType<typeof newsletterSchema.parse>;
    const success: FormOutcome = { form: 'newsletter', status: 'success' };
    if (website) {
      await answer(success);
      return;
    }
    await storeOnce(db, req, res, ['newsletter', clientAddress(req), email], success, async () => {
      return (await subscribe(db, email))
        ? success
        : {
            form: 'newsletter',
            status: 'refused',
            values: keptValues(fields),
            errors: { email: ALREADY_SUBSCRIBED_MESSAGE },
          };
    });
    seeOther(res, back);
  });

  router.post(siteRoute('resource-access').path, ...guards, async (req, res) => {
    const rawId = req.params['id'];
    if (typeof rawId !== 'string' || !/^[1-9]\d{0,8}$/.test(rawId)) throw notFound('Resource not found');
    const resourceId = Number(rawId);
    const resource = await findResource(db, resourceId, false);
    if (!resource) throw notFound('Resource not found');
    const back = FormRoutes.resourceAccess(resourceId);
    const fields = fieldsOf(req.body, LEAD_FIELDS);
    const parsed = safeParse(resourceLeadSchema as $ZodType, fields);
    const answer = async (outcome: FormOutcome) => {
      await setFlash(db, req, res, outcome);
      seeOther(res, back);
    };
    if (!parsed.success) {
      await answer({
        form: 'resource-lead',
        resourceId,
        status: 'invalid',
        values: keptValues(fields),
        errors: zodFieldMessages(parsed.error),
      });
      return;
    }
    const refused = await withinLimit(db, req, { name: 'resource-lead', ...LEAD_RATE_LIMIT, scale });
    if (refused) {
      await answer({
        form: 'resource-lead',
        resourceId,
        status: 'refused',
        values: keptValues(fields),
        message: refused,
      });
      return;
    }
    const { website, name, email } = parsed.data as ReturnType<typeof resourceLeadSchema.parse>;
    // A resubmit within FLASH_TTL_MS (10 min) gets the first answer's link, still valid (15 min).
    const signed = () =>
      `${ResourceRoutes.download(resourceId)}?token=${encodeURIComponent(opts.tokens.issue(resourceId))}`;
    if (website) {
      // Honeypot: look like a success, store nothing, hand out no working link.
      await answer({
        form: 'resource-lead',
        resourceId,
        status: 'success',
        url: ResourceRoutes.download(resourceId),
      });
      return;
    }
    const success = (): FormOutcome => ({
      form: 'resource-lead',
      resourceId,
      status: 'success',
      url: signed(),
    });
    await storeOnce(
      db,
      req,
      res,
      ['resource-lead', clientAddress(req), resourceId, name, email],
      success(),
      async () => {
        await storeLead(db, { resourceId, name, email });
        return success();
      },
    );
    seeOther(res, back);
  });

  return router;
}
