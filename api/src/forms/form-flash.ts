import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { parse as parseCookie } from 'cookie';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FormOutcome } from '@agency/contracts';
import type { Db } from '../db/client';
import { formFlashes } from '../db/schema';

/**
 * The outcome of a form posted without JavaScript, carried to the page the post redirects to.
 * The browser gets only an opaque random token (HttpOnly cookie); its SHA-256 names a database row
 * holding the outcome (the typed values included), which the next page render uses up. Nothing the
 * visitor typed is ever in a URL, a log line or a cache key, and any API instance can answer.
 */
export const FLASH_COOKIE = 'form_flash';
/** How long an outcome waits for its page, and how long a sent form is remembered (resubmits). */
export const FLASH_TTL_MS = 10 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function cookieOptions(req: Request): CookieOptions {
  // Lax: the cookie must ride along the 303's same-site GET (top-level navigation).
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure };
}

/** The flash token the request carries, if any (decided with the cookie parser the staff session uses). */
export function flashToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const token = parseCookie(header)[FLASH_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** True when the request carries a flash cookie (valid or not): its page is personal. */
export const carriesFlash = (req: Request): boolean =>
  req.headers.cookie !== undefined && parseCookie(req.headers.cookie)[FLASH_COOKIE] !== undefined;

/** Drops outcomes nobody came for, and remembered submissions past their time. */
async function sweep(db: Db, now: Date) {
  await db.delete(formFlashes).where(lt(formFlashes.expiresAt, now));
}

/** Stores `outcome` for the next page this browser renders, and sets its cookie. */
export async function setFlash(db: Db, req: Request, res: Response, outcome: FormOutcome) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(formFlashes).values({
    id: hashOf(token),
    payload: outcome as unknown as Record<string, unknown>,
    expiresAt: new Date(Date.now() + FLASH_TTL_MS),
  });
  res.cookie(FLASH_COOKIE, token, { ...cookieOptions(req), maxAge: FLASH_TTL_MS });
}

/** How long a resubmit waits for the first submission's outcome, and how often it looks. */
const FIRST_OUTCOME_WAIT_MS = 5000;
const FIRST_OUTCOME_POLL_MS = 50;

/**
 * Runs `store` once per `digest` (a valid submission: form, values, client) while its row lives: the
 * same form sent again (a refresh after the POST, a double click, the back button) gets the first
 * one's outcome and stores nothing. While the first one is still being stored, the resubmit waits for
 * its outcome; if the first one failed (its claim is gone), the resubmit stores it itself. The outcome
 * is also this request's flash.
 */
export async function storeOnce(
  db: Db,
  req: Request,
  res: Response,
  digestParts: unknown[],
  /** What a resubmit shows if the first one is still being stored after FIRST_OUTCOME_WAIT_MS. */
  success: FormOutcome,
  store: () => Promise<FormOutcome>,
): Promise<void> {
  const now = new Date();
  await sweep(db, now);
  const digest = createHash('sha256').update(JSON.stringify(digestParts)).digest('base64url');
  const token = randomBytes(32).toString('base64url');
  const claimed = await db
    .insert(formFlashes)
    .values({ id: hashOf(token), payload: {}, digest, expiresAt: new Date(now.getTime() + FLASH_TTL_MS) })
    .onConflictDoNothing()
    .returning({ id: formFlashes.id });
  if (!claimed.length) {
    const deadline = Date.now() + FIRST_OUTCOME_WAIT_MS;
    for (;;) {
      const [first] = await db
        .select({ payload: formFlashes.payload })
        .from(formFlashes)
        .where(eq(formFlashes.digest, digest));
      // The first submission failed and gave its claim back: this one is the submission now.
      if (!first) return storeOnce(db, req, res, digestParts, success, store);
      const earlier = first.payload as unknown as FormOutcome | undefined;
      if (earlier?.status || Date.now() > deadline) {
        await setFlash(db, req, res, earlier?.status ? earlier : success);
        return;
      }
      await new Promise((r) => setTimeout(r, FIRST_OUTCOME_POLL_MS));
    }
  }
  let outcome: FormOutcome;
  try {
    outcome = await store();
  } catch (err) {
    // Nothing was stored: the same submission may be tried again.
    await db.delete(formFlashes).where(eq(formFlashes.digest, digest));
    throw err;
  }
  await db
    .update(formFlashes)
    .set({ payload: outcome as unknown as Record<string, unknown> })
    .where(eq(formFlashes.digest, digest));
  res.cookie(FLASH_COOKIE, token, { ...cookieOptions(req), maxAge: FLASH_TTL_MS });
}

/** The request's outcome, used up (a second render of the page shows the plain form); clears the cookie. */
export async function takeFlash(db: Db, req: Request, res: Response): Promise<FormOutcome | null> {
  if (!carriesFlash(req)) return null;
  res.clearCookie(FLASH_COOKIE, cookieOptions(req));
  const token = flashToken(req);
  if (!token) return null;
  const now = new Date();
  await sweep(db, now);
  const [row] = await db
    .update(formFlashes)
    .set({ consumedAt: now })
    .where(
      and(eq(formFlashes.id, hashOf(token)), isNull(formFlashes.consumedAt), gt(formFlashes.expiresAt, now)),
    )
    .returning({ payload: formFlashes.payload });
  const outcome = row?.payload as unknown as FormOutcome | undefined;
  return outcome?.status ? outcome : null;
}
