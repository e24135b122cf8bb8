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
 * The server render reads the outcome of the last post (or null) at this address; the page renderer
 * answers it from the flash, in process. It is not an API route: browsers never ask for it.
 */
export const FORM_OUTCOME_PATH = '/__form-outcome';

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
