import DOMPurify from 'dompurify';
import { domWindow } from './dom-window';

/** Links and images may only point to the web, mail and phone, or stay on this site. */
const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const purifier = DOMPurify(domWindow());
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
});

/**
 * Untrusted HTML made safe to insert: formatting, links and images stay; scripts, event handlers,
 * inline styles, forms, frames and non-http(s)/mailto/tel URLs are removed.
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'srcset'],
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
  });
}
