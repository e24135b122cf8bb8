import { NewsletterRoutes, PASSWORD_RESET_TTL_TEXT, budgetLabel } from '@agency/contracts';
import type { EmailPayload, LeadSnapshot } from './outbox';
import { PermanentDeliveryError } from './webhook';

/** One e-mail, ready for the transport: plain text and HTML parts, no remote resources. */
export interface ComposedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe on every message to a subscriber). */
  headers?: Record<string, string>;
}

const SITE_NAME = 'Distilled Digital';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One line of a subject: no line breaks, bounded. */
const oneLine = (s: string, max = 120) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The CMS address of a lead (the Leads tab opens it). */
export const leadLink = (publicUrl: string, lead: Pick<LeadSnapshot, 'type' | 'id'>) =>
  `${publicUrl}/cms?tab=leads&type=${lead.type}&item=${lead.id}`;

function fieldsOf(lead: LeadSnapshot): [string, string][] {
  switch (lead.type) {
    case 'contacts':
      return [
        ['Name', `${lead.firstName} ${lead.lastName}`],
        ['E-mail', lead.email],
        ['Company', lead.company],
        ['Budget', budgetLabel(lead.budget)],
        ['Goals', lead.goals],
      ];
    case 'resources':
      return [
        ['Name', lead.name],
        ['E-mail', lead.email],
        ['Resource', lead.resourceTitle ?? `#${lead.resourceId}`],
      ];
    case 'newsletter':
      return [['E-mail', lead.email]];
  }
}

function sourceOf(lead: LeadSnapshot): [string, string][] {
  const s = lead.source;
  if (!s) return [];
  const rows: [string, string][] = [];
  if (s.page) rows.push(['Sent from', s.page]);
  if (s.landingPage) rows.push(['Landing page', s.landingPage]);
  if (s.referrerHost) rows.push(['Referrer', s.referrerHost]);
  const utm = Object.entries(s.utm ?? {}).filter(([, v]) => v);
  if (utm.length) rows.push(['Campaign', utm.map(([k, v]) => `${k}=${v}`).join(', ')]);
  return rows;
}

const subjectOf = (lead: LeadSnapshot) => {
  switch (lead.type) {
    case 'contacts':
      return `New contact request: ${lead.firstName} ${lead.lastName} (${lead.company})`;
    case 'resources':
      return `New download: ${lead.name} wants "${lead.resourceTitle ?? `resource #${lead.resourceId}`}"`;
    case 'newsletter':
      return `New newsletter sign-up: ${lead.email}`;
  }
};

const textTable = (rows: [string, string][]) => rows.map(([k, v]) => `${k}: ${v}`).join('\n');
const htmlTable = (rows: [string, string][]) =>
  `<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="padding-right:12px">${escapeHtml(k)}</th>` +
        `<td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;

const htmlPage = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">${body}</body></html>`;

/** A newsletter link with its token (the token carries no address). */
const newsletterLink = (publicUrl: string, path: string, token: string) =>
  `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

/**
 * RFC 2369 and RFC 8058: a mail client shows its own "Unsubscribe", which POSTs
 * `List-Unsubscribe=One-Click` to the link (subscription-pages.ts).
 */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function newsletterConfirmation(
  payload: Extract<EmailPayload, { template: 'newsletter-confirm' }>,
  publicUrl: string,
): ComposedEmail {
  const confirm = newsletterLink(publicUrl, NewsletterRoutes.confirm, payload.confirmToken);
  const unsubscribe = newsletterLink(publicUrl, NewsletterRoutes.unsubscribe, payload.unsubscribeToken);
  const ask = `Please confirm that you want the ${SITE_NAME} newsletter at this address:`;
  const unasked =
    'If you did not sign up, ignore this e-mail: you will not be subscribed, and the sign-up is deleted after 30 days.';
  const expiry = 'The link works for 7 days.';
  return {
    to: payload.to,
    subject: `Confirm your subscription - ${SITE_NAME}`,
    text:
      `Hi,\n\n${ask}\n\n${confirm}\n\n${expiry}\n${unasked}\n\n${SITE_NAME}\n${publicUrl}\n\n` +
      `Unsubscribe: ${unsubscribe}\n`,
    html: htmlPage(
      `<p>Hi,</p><p>${escapeHtml(ask)}</p>` +
        `<p><a href="${escapeHtml(confirm)}" style="font-weight:bold">Confirm my subscription</a></p>` +
        `<p>${escapeHtml(expiry)} ${escapeHtml(unasked)}</p>` +
        `<p>${SITE_NAME}<br><a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>` +
        `<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    ),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** The message a job sends. */
/** A staff member asked for a link to choose a new password. */
function passwordReset(
  payload: Extract<EmailPayload, { template: 'staff-password-reset' }>,
  publicUrl: string,
): ComposedEmail {
  if (!payload.url) throw new PermanentDeliveryError('the set-password link was already sent');
  const ask = `Someone (we hope you) asked for a link to choose a new password for the ${SITE_NAME} CMS:`;
  const expiry = `The link works for ${PASSWORD_RESET_TTL_TEXT} and once. If you did not ask for it, ignore this e-mail: your password stays as it is.`;
  return {
    to: payload.to,
    subject: `Choose a new password - ${SITE_NAME} CMS`,
    text: `Hi ${payload.name},\n\n${ask}\n\n${payload.url}\n\n${expiry}\n\n${SITE_NAME}\n${publicUrl}\n`,
    html: htmlPage(
      `<p>Hi ${escapeHtml(payload.name)},</p><p>${escapeHtml(ask)}</p>` +
        `<p><a href="${escapeHtml(payload.url)}" style="font-weight:bold">Choose a new password</a></p>` +
        `<p>${escapeHtml(expiry)}</p>` +
        `<p>${SITE_NAME}<br><a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>`,
    ),
  };
}

export function composeEmail(payload: EmailPayload, publicUrl: string): ComposedEmail {
  if (payload.template === 'newsletter-confirm') return newsletterConfirmation(payload, publicUrl);
  if (payload.template === 'staff-password-reset') return passwordReset(payload, publicUrl);
  const lead = payload.lead;
  if (payload.template === 'visitor-confirmation') {
    const name = lead.type === 'contacts' ? lead.firstName : '';
    const greeting = name ? `Hi ${name},` : 'Hi,';
    const text = `${greeting}\n\n${payload.text}\n\n${SITE_NAME}\n${publicUrl}\n`;
    const paragraphs = payload.text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('');
    return {
      to: payload.to,
      subject: `We received your request - ${SITE_NAME}`,
      text,
      html: htmlPage(
        `<p>${escapeHtml(greeting)}</p>${paragraphs}<p>${SITE_NAME}<br>` +
          `<a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>`,
      ),
    };
  }
  const fields = fieldsOf(lead);
  const source = sourceOf(lead);
  const link = leadLink(publicUrl, lead);
  const received = `Received ${lead.createdAt}`;
  const text =
    `${subjectOf(lead)}\n\n${textTable(fields)}\n\n` +
    (source.length ? `Source\n${textTable(source)}\n\n` : 'Source: not recorded\n\n') +
    `${received}\nOpen it in the CMS: ${link}\n`;
  const html = htmlPage(
    `<h1 style="font-size:18px">${escapeHtml(subjectOf(lead))}</h1>${htmlTable(fields)}` +
      (source.length
        ? `<h2 style="font-size:15px">Source</h2>${htmlTable(source)}`
        : '<p>Source: not recorded</p>') +
      `<p>${escapeHtml(received)}</p><p><a href="${escapeHtml(link)}">Open it in the CMS</a></p>`,
  );
  return { to: payload.to, subject: oneLine(subjectOf(lead)), text, html, replyTo: lead.email };
}
