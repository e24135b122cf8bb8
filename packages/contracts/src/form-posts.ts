/**
 * HTML-first forms (zod-free, for the browser too): the contact form, the newsletter and a gated
 * resource's lead form are real `<form method="post">` elements. Before (or without) JavaScript the
 * browser posts them to these addresses as `application/x-www-form-urlencoded`; the server validates
 * with the same contracts as the JSON API, stores, and answers 303 back to the page. The outcome
 * travels in a one-time server-side flash (an HttpOnly cookie naming a database row), never in a URL.
 */
import { sitePath } from './site-routes';

export const FormRoutes = {
  contact: '/forms/contact',
  newsletter: '/forms/newsletter',
  /** The lead form page of a gated resource (GET: the page; POST: the form). */
  resourceAccess: (id: number | string) => sitePath('resource-access', { id }),
} as const;

/** The hidden field naming the page a form was sent from (where the answer redirects back to). */
export const FORM_RETURN_FIELD = 'from';

/** Where on the page each form sits: the redirect back scrolls to it. */
export const FORM_ANCHORS = { contact: 'contact-form', newsletter: 'newsletter' } as const;

export type FormName = 'contact' | 'newsletter' | 'resource-lead';

/**
 * What the page shows after a form was posted without JavaScript:
 * - `success`: the spec's success state ('Thank You!', 'Successfully subscribed!', the download);
 * - `invalid`: the spec's messages by field, with the typed values kept;
 * - `refused`: a message for the whole form (too many requests, already subscribed), values kept.
 */
export interface FormOutcome {
  form: FormName;
  status: 'success' | 'invalid' | 'refused';
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string;
  /** resource-lead: the resource, and on success its signed download link. */
  resourceId?: number;
  url?: string;
}

/**
 * What a form says when the server could not store it (spec section 8 for the contact form and the
 * newsletter): the page shows it above the fields, with what was typed, never a thank-you.
 */
export const FORM_FAILED_MESSAGES: Record<FormName, string> = {
  contact: 'Failed to send message. Please try again.',
  newsletter: 'Failed to subscribe. Please try again.',
  'resource-lead': 'We could not prepare your download. Please try again.',
};

/** Newsletter: the message shown beside the field for an address already on the list. */
export const ALREADY_SUBSCRIBED_MESSAGE = 'This email is already subscribed to our newsletter.';

/* ---------- Where a lead came from ---------- */

/** The campaign parameters of a landing URL a lead records (Google Analytics' five). */
export const UTM_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/**
 * Where a lead came from, as the server stored it (the `source` of a lead row; null: nothing known).
 * `page`: the path the form was sent from; `landingPage`: the path the visit began on; `referrerHost`:
 * the other site that sent the visitor there; `utm`: the landing URL's utm_* parameters. Every part is
 * optional: a lead says only what its request showed.
 */
export interface LeadSource {
  page?: string;
  landingPage?: string;
  referrerHost?: string;
  utm?: Partial<Record<UtmParameter, string>>;
}

/**
 * The hints a page adds to each lead form once its script runs (hidden inputs of these names, and the
 * same fields of the JSON calls): the path and utm_* query the tab's visit began on, and the host of the
 * other site it came from. The browser keeps them in sessionStorage under LEAD_SOURCE_STORAGE_KEY,
 * never in a cookie. The server checks their shape and drops one that fails, never the lead.
 */
export const LEAD_SOURCE_FIELDS = { landing: 'sourceLanding', referrer: 'sourceReferrer' } as const;
export const LEAD_SOURCE_STORAGE_KEY = 'agency.visit-start';

/** What the Leads tab and the CSV call a lead's source: its utm_source, else its referrer's host. */
export const leadSourceName = (source: LeadSource | null | undefined): string =>
  source?.utm?.utm_source ?? source?.referrerHost ?? '';
/** A lead's campaign: its landing URL's utm_campaign. */
export const leadCampaign = (source: LeadSource | null | undefined): string =>
  source?.utm?.utm_campaign ?? '';
