import { Router, type Response } from 'express';
import { FORM_ANCHORS, NewsletterRoutes } from '@agency/contracts';
import type { Db } from '../db/client';
import { escapeHtml } from '../notifications/lead-email';
import {
  confirmSubscription,
  confirmationState,
  unsubscribe,
  unsubscribeState,
  type LinkState,
} from './newsletter-subscriptions';
import type { SubscriptionTokens } from './subscription-tokens';

const SIGN_UP_AGAIN = `/#${FORM_ANCHORS.newsletter}`;

interface Page {
  status: number;
  title: string;
  text: string;
  /** A button that POSTs the link (GET never changes anything: mail scanners follow links). */
  button?: string;
  /** Offer the sign-up form again. */
  signUpAgain?: boolean;
}

/** A small page that works without JavaScript, never cached, never indexed, never a Referer with the token. */
function sendPage(res: Response, page: Page, action: string) {
  res.status(page.status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex');
  const form = page.button
    ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(page.button)}</button></form>`
    : '';
  const again = page.signUpAgain ? `<p><a href="${SIGN_UP_AGAIN}">Sign up again</a></p>` : '';
  res
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${escapeHtml(page.title)} - Distilled Digital</title>` +
        `<style>body{font-family:system-ui,Arial,sans-serif;color:#111;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}` +
        `button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111;color:#fff;cursor:pointer}</style>` +
        `</head><body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${form}${again}` +
        `<p><a href="/">Distilled Digital</a></p></main></body></html>`,
    );
}

/** What a link that cannot be used says, whatever it was for. */
const REFUSED: Record<'invalid' | 'expired' | 'used', Page> = {
  invalid: {
    status: 400,
    title: 'This link is not valid',
    text: 'The link is incomplete or was changed. Open it again from the e-mail, copying the whole address.',
    signUpAgain: true,
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    text: 'Confirmation links work for 7 days. Sign up again and we will send you a new one.',
    signUpAgain: true,
  },
  used: {
    status: 410,
    title: 'This link has already been used',
    text: 'This confirmation link works once and is no longer valid. If you are not subscribed yet, sign up again.',
    signUpAgain: true,
  },
};

const CONFIRM_PAGES: Record<LinkState, Page> = {
  ...REFUSED,
  ready: {
    status: 200,
    title: 'Confirm your subscription',
    text: 'Press the button to confirm that you want our newsletter at this address.',
    button: 'Confirm my subscription',
  },
  confirmed: {
    status: 200,
    title: 'Subscription confirmed',
    text: 'Thank you: you are subscribed to our newsletter. Every e-mail we send has a link to unsubscribe.',
  },
  unsubscribed: { ...REFUSED.used },
};

const UNSUBSCRIBE_PAGES: Record<LinkState, Page> = {
  ...REFUSED,
  ready: {
    status: 200,
    title: 'Unsubscribe from our newsletter?',
    text: 'Press the button and this address gets no more newsletter e-mails from us.',
    button: 'Unsubscribe',
  },
  unsubscribed: {
    status: 200,
    title: 'You are unsubscribed',
    text: 'This address gets no more newsletter e-mails from us. Changed your mind? You can sign up again any time.',
    signUpAgain: true,
  },
  confirmed: { ...REFUSED.invalid },
};

/** `?token=` of the link (query parser 'simple': a repeated parameter is not a token). */
const tokenOf = (query: unknown) => (query as { token?: unknown }).token;
const actionOf = (path: string, token: unknown) =>
  typeof token === 'string' ? `${path}?token=${encodeURIComponent(token)}` : path;

/**
 * The pages the newsletter e-mails link to, outside /api and without JavaScript: GET shows what the
 * link would do and a button; POST does it. POST /newsletter/unsubscribe is also the RFC 8058
 * one-click target (`List-Unsubscribe=One-Click` from a mail client): the signed token authorises it,
 * so there is no origin check, and its body is not read.
 */
export function subscriptionPagesRouter(db: Db, tokens: SubscriptionTokens) {
  const router = Router();
  const { confirm, unsubscribe: unsubscribePath } = NewsletterRoutes;
  router.get(confirm, async (req, res) => {
    const token = tokenOf(req.query);
    sendPage(res, CONFIRM_PAGES[await confirmationState(db, tokens, token)], actionOf(confirm, token));
  });
  router.post(confirm, async (req, res) => {
    const token = tokenOf(req.query);
    sendPage(res, CONFIRM_PAGES[await confirmSubscription(db, tokens, token)], actionOf(confirm, token));
  });
  router.get(unsubscribePath, async (req, res) => {
    const token = tokenOf(req.query);
    sendPage(
      res,
      UNSUBSCRIBE_PAGES[await unsubscribeState(db, tokens, token)],
      actionOf(unsubscribePath, token),
    );
  });
  router.post(unsubscribePath, async (req, res) => {
    const token = tokenOf(req.query);
    sendPage(res, UNSUBSCRIBE_PAGES[await unsubscribe(db, tokens, token)], actionOf(unsubscribePath, token));
  });
  return router;
}
