import DOMPurify from 'dompurify';
import { RICH_TEXT_POLICY, richTextUrlPattern } from '@agency/contracts/rich-text-policy';
import { domWindow } from './dom-window';

/**
 * DOMPurify on `window` (the page's in the browser, jsdom's in a server build) applying the contracts'
 * RICH_TEXT_POLICY: nothing outside its tags, attributes and URL schemes survives.
 */
export function createSanitizer(window: Window & typeof globalThis): (html: string) => string {
  const purifier = DOMPurify(window);
  const safeUrl = richTextUrlPattern();
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // DOMPurify lets images keep data: URLs; the policy's schemes are the whole list.
    for (const name of ['href', 'src']) {
      const value = node.getAttribute(name);
      if (value !== null && !safeUrl.test(value.trim())) node.removeAttribute(name);
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  const config = {
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.allowedTags],
    ALLOWED_ATTR: [...RICH_TEXT_POLICY.allowedAttributes],
    ALLOWED_URI_REGEXP: safeUrl,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
  return (html) => purifier.sanitize(html, config);
}

/** Untrusted HTML made safe to insert, by the one policy (see RICH_TEXT_POLICY). */
export const sanitizeHtml = createSanitizer(domWindow());
