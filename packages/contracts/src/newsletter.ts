/**
 * Newsletter double opt-in and one-click unsubscribe (zod-free, for the browser too): a sign-up is
 * pending until its address confirms from the e-mail it gets; every e-mail to a subscriber carries a
 * link that unsubscribes it (RFC 8058).
 */

/** A subscription's state: only `confirmed` addresses are subscribers. */
export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What the Leads tab and the CSV call each state. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

/** The pages the e-mails link to (GET shows a button, POST does it; both need `?token=`). */
export const NewsletterRoutes = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
} as const;

/** The line shown beside the spec's success texts: nothing is subscribed until the address confirms. */
export const NEWSLETTER_CONFIRM_PROMPT = 'Please confirm your subscription from the e-mail we just sent you.';

/**
 * What the visitor agreed to by signing up, recorded with each subscription (its `consent.wording`):
 * the footer band's heading and promise (shell/src/layout/footer.tsx shows this text).
 */
export const NEWSLETTER_CONSENT_WORDING =
  'Get growth insights in your inbox. One practical email a month on SEO, paid media and analytics. No fluff, unsubscribe any time.';
