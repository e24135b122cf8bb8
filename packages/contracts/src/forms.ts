/**
 * The forms visitors fill in (contact, newsletter, gated-resource lead): one schema each, used by the
 * API to parse the request (strict) and by the browser to validate the form, with the spec's messages.
 * Written with zod/mini, whose checks tree-shake: a page with a form ships ~5 KB of validation instead
 * of all of classic zod (~25 KB compressed, and its start-up cost on a phone).
 */
import * as z from 'zod/mini';
import {
  CONTROL_CHARACTERS_MESSAGE,
  MULTI_LINE_TEXT,
  NO_LINE_BREAKS,
  SINGLE_LINE_TEXT,
} from './control-characters';
import { LEAD_SOURCE_FIELDS } from './form-posts';

// zod probes `new Function` to decide whether to JIT-compile parsers; under our CSP (no 'unsafe-eval')
// that probe is a reported violation on every page. Parsing is fast enough without it.
z.config({ jitless: true });

/** Required single-line text: trimmed, at least one character, at most `max`, no control character. */
const requiredLine = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `Must be at most ${max} characters`),
      z.regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE),
      z.regex(NO_LINE_BREAKS, 'Must be a single line'),
    );

/** An e-mail address, trimmed; every failure says `message`. */
export const emailAddress = (message: string) =>
  z.pipe(
    z
      .string({ error: message })
      .check(z.trim(), z.maxLength(254, message), z.regex(SINGLE_LINE_TEXT, message)),
    z.email({ error: message }),
  );

/** Honeypot field: real visitors never see or fill it. */
const honeypot = z.optional(
  z.string().check(z.maxLength(200), z.regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)),
);

/**
 * A tracking hint (LEAD_SOURCE_FIELDS): optional, and one of the wrong shape reads as absent instead of
 * refusing the form: a visitor's lead is never turned away because of what their browser said about
 * the visit. The server derives what it stores from these and the request (api/src/http/lead-source.ts).
 */
const hint = (pattern: RegExp, max: number) =>
  z.optional(z.catch(z.optional(z.string().check(z.maxLength(max), z.regex(pattern))), undefined));
/** The path (and query) the visit began on: on this site, so it starts with one `/`; no fragment. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;
/** A host name as a browser's URL gives it (lower case, dots between labels), never a URL. */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const leadSourceHints = {
  [LEAD_SOURCE_FIELDS.landing]: hint(SAME_ORIGIN_PATH, 500),
  [LEAD_SOURCE_FIELDS.referrer]: hint(HOST_NAME, 253),
};

/* ---------- Contact ---------- */

export const BUDGET_OPTIONS = [
  { value: '10k-25k', label: '$10k - $25k' },
  { value: '25k-50k', label: '$25k - $50k' },
  { value: '50k-100k', label: '$50k - $100k' },
  { value: '100k+', label: '$100k+' },
] as const;
export type BudgetValue = (typeof BUDGET_OPTIONS)[number]['value'];
/** What a person reads for a stored budget ('25k-50k' reads '$25k - $50k'); unknown values as stored. */
export const budgetLabel = (value: unknown): string =>
  BUDGET_OPTIONS.find((o) => o.value === value)?.label ?? (value == null ? '' : String(value));
const budgetValues = BUDGET_OPTIONS.map((o) => o.value) as [BudgetValue, ...BudgetValue[]];

export const ContactMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid business email is required',
  company: 'Company name is required',
  budget: 'Please select a budget range',
  goals: 'Please provide more details about your goals',
} as const;

export const contactRequestSchema = z.strictObject({
  firstName: requiredLine(ContactMessages.firstName, 100),
  lastName: requiredLine(ContactMessages.lastName, 100),
  email: emailAddress(ContactMessages.email),
  company: requiredLine(ContactMessages.company, 200),
  budget: z.enum(budgetValues, { error: ContactMessages.budget }),
  goals: z
    .string({ error: ContactMessages.goals })
    .check(
      z.trim(),
      z.minLength(10, ContactMessages.goals),
      z.maxLength(5000, 'Please keep your goals under 5000 characters'),
      z.regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE),
    ),
  website: honeypot,
  ...leadSourceHints,
});
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/* ---------- Newsletter ---------- */

export const NewsletterMessages = { email: 'Please enter a valid email address' } as const;

export const newsletterSchema = z.strictObject({
  email: emailAddress(NewsletterMessages.email),
  website: honeypot,
  ...leadSourceHints,
});
export type NewsletterInput = z.input<typeof newsletterSchema>;

/* ---------- Gated resources ---------- */

export const ResourceLeadMessages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
} as const;

export const resourceLeadSchema = z.strictObject({
  name: requiredLine(ResourceLeadMessages.name, 120),
  email: emailAddress(ResourceLeadMessages.email),
  website: honeypot,
  ...leadSourceHints,
});
export type ResourceLeadInput = z.input<typeof resourceLeadSchema>;
export type ResourceLead = z.output<typeof resourceLeadSchema>;
