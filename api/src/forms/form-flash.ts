import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { FORM_FAILED_MESSAGES, type FormName, type FormOutcome } from '@agency/contracts';
import type { Db } from '../db/client';
import { formFlashes } from '../db/schema';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';

/**
 * The outcome of a form posted without JavaScript, carried to the page the post redirects to.
 * The browser gets only an opaque random token (HttpOnly cookie); its SHA-256 names a database row
 * holding the outcome (the typed values included), which the next page render uses up. Nothing the
 * visitor typed is ever in a URL, a log line or a cache key, and any API instance can answer.
 *
 * Outcomes that hold nothing the visitor typed and must not cost a row (a post refused by the rate
 * limit, a store that failed while the database was away) travel in the cookie itself, by name.
 */
export const FLASH_COOKIE = 'form_flash';
/** How long an outcome waits for its page, and how long a sent form is remembered (resubmits). */
export const FLASH_TTL_MS = 10 * 60_000;

/** Why a form was answered without storing anything: the cookie-only outcomes. */
export type StaticReason = 'limited' | 'failed';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const STATIC = /^s\.(contact|newsletter|resource-lead)\.(limited|failed)(?:\.([1-9]\d{0,8}))?$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function cookieOptions(req: Request): CookieOptions {
  // Lax: the cookie must ride along the 303's same-site GET (top-level navigation).
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure };
}

const flashCookieOf = (req: Request): string | undefined =>
  req.headers.cookie === undefined ? undefined : parseCookie(req.headers.cookie)[FLASH_COOKIE];

/** The flash token the request carries, if any (decided with the cookie parser the staff session uses). */
export function flashToken(req: Request): string | undefined {
  const token = flashCookieOf(req);
  return token && TOKEN.test(token) ? token : undefined;
}

/** True when the request carries a flash cookie (valid or not): its page is personal. */
export const carriesFlash = (req: Request): boolean => flashCookieOf(req) !== undefined;

/** Drops outcomes nobody came for, and remembered submissions past their time. */
async function sweep(db: Db, now: Date) {
  await db.delete(formFlashes).where(lt(formFlashes.expiresAt, now));
}

const setCookie = (req: Request, res: Response, value: string) =>
  res.cookie(FLASH_COOKIE, value, { ...cookieOptions(req), maxAge: FLASH_TTL_MS });

/**
 * Stores `outcome` for the next page this browser renders, and sets its cookie. Every insert sweeps
 * what has expired, so the table holds at most FLASH_TTL_MS of outcomes; the form posts bound how many
 * a client may leave in that time (form-posts-router.ts).
 */
export async function setFlash(db: Db, req: Request, res: Response, outcome: FormOutcome) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await sweep(db, now);
  await db.insert(formFlashes).values({
    id: hashOf(token),
    payload: outcome as unknown as Record<string, unknown>,
    expiresAt: new Date(now.getTime() + FLASH_TTL_MS),
  });
  setCookie(req, res, token);
}

/** An outcome that needs no row: the cookie names it (form, reason, the resource of a lead form). */
export function setStaticFlash(
  req: Request,
  res: Response,
  form: FormName,
  reason: StaticReason,
  resourceId?: number,
) {
  setCookie(req, res, `s.${form}.${reason}${resourceId ? `.${resourceId}` : ''}`);
}

function staticOutcome(value: string): FormOutcome | null {
  const m = STATIC.exec(value);
  if (!m) return null;
  const form = m[1] as FormName;
  return {
    form,
    status: 'refused',
    message: m[2] === 'limited' ? TOO_MANY_REQUESTS : FORM_FAILED_MESSAGES[form],
    ...(m[3] && { resourceId: Number(m[3]) }),
  };
}

/**
 * Runs `store` once per `digest` (a valid submission: form, values, client) while its row lives: the
 * same form sent again (a refresh after the POST, a double click, the back button) gets the first
 * one's outcome and stores nothing.
 *
 * The claim, the store and the outcome commit in one transaction, so a claim exists only with the
 * outcome of what was stored: a resend never finds a claim without a stored submission behind it. A
 * resend while the first is still being stored waits on the claim's unique index (PostgreSQL; PGlite
 * runs one transaction at a time) and then reads the first one's committed outcome, or, if the first
 * rolled back (the database failed, the instance died), claims and stores it itself. A failure
 * propagates: the caller answers with the form, never with a thank-you.
 */
export async function storeOnce(
  db: Db,
  req: Request,
  res: Response,
  digestParts: unknown[],
  store: (tx: Db) => Promise<FormOutcome>,
): Promise<FormOutcome> {
  const now = new Date();
  await sweep(db, now);
  const digest = createHash('sha256').update(JSON.stringify(digestParts)).digest('base64url');
  for (let tries = 0; ; tries++) {
    const token = randomBytes(32).toString('base64url');
    const result = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(formFlashes)
        .values({ id: hashOf(token), payload: {}, digest, expiresAt: new Date(now.getTime() + FLASH_TTL_MS) })
        .onConflictDoNothing()
        .returning({ id: formFlashes.id });
      if (!claimed.length) {
        const [first] = await tx
          .select({ payload: formFlashes.payload })
          .from(formFlashes)
          .where(eq(formFlashes.digest, digest));
        return { earlier: first?.payload as unknown as FormOutcome | undefined };
      }
      const outcome = await store(tx as unknown as Db);
      await tx
        .update(formFlashes)
        .set({ payload: outcome as unknown as Record<string, unknown> })
        .where(eq(formFlashes.id, hashOf(token)));
      return { outcome };
    });
    if (result.outcome) {
      setCookie(req, res, token);
      return result.outcome;
    }
    if (result.earlier?.status) {
      await setFlash(db, req, res, result.earlier);
      return result.earlier;
    }
    // The first one's row went between our claim and our look (it expired): claim again.
    if (tries >= 2) throw new Error('form submission claim kept vanishing');
  }
}

/** The request's outcome, used up (a second render of the page shows the plain form); clears the cookie. */
export async function takeFlash(db: Db, req: Request, res: Response): Promise<FormOutcome | null> {
  const value = flashCookieOf(req);
  if (value === undefined) return null;
  res.clearCookie(FLASH_COOKIE, cookieOptions(req));
  const named = staticOutcome(value);
  if (named) return named;
  if (!TOKEN.test(value)) return null;
  const now = new Date();
  const [row] = await db
    .update(formFlashes)
    .set({ consumedAt: now })
    .where(
      and(eq(formFlashes.id, hashOf(value)), isNull(formFlashes.consumedAt), gt(formFlashes.expiresAt, now)),
    )
    .returning({ payload: formFlashes.payload });
  const outcome = row?.payload as unknown as FormOutcome | undefined;
  return outcome?.status ? outcome : null;
}
