/**
 * The one HTML sanitizer policy: what stored rich text (page bodies, blog bodies) may keep when it is
 * rendered, on the server and in the browser alike (`@agency/ui/rich-text` applies it with DOMPurify).
 * Everything not listed is removed: scripts, styles, forms, frames, event handlers, inline styles,
 * classes and ids (no borrowing the site's own classes or clobbering its globals). Zod-free data, so
 * the public bundles can read it.
 */
export const RICH_TEXT_POLICY = {
  // Text, headings, lists, links, images and tables: what markdown produces and older HTML bodies use.
  // prettier-ignore
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'div', 'span',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'cite',
    'q', 'kbd', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'details', 'summary', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  // prettier-ignore
  allowedAttributes: [
    'href', 'src', 'alt', 'title', 'width', 'height', 'align', 'colspan', 'rowspan', 'scope', 'start',
    'reversed', 'cite', 'datetime', 'open', 'lang', 'dir',
  ],
  /** Where links and images may point besides paths on this site: the web, mail and phone. */
  urlSchemes: ['https', 'http', 'mailto', 'tel'],
} as const;

export type RichTextPolicy = typeof RICH_TEXT_POLICY;

/**
 * The URL test for `href` and `src`: one of the policy's schemes, or no scheme at all (a path, a
 * fragment or a query on this site). Written as DOMPurify's ALLOWED_URI_REGEXP expects.
 */
export const richTextUrlPattern = (policy: Pick<RichTextPolicy, 'urlSchemes'> = RICH_TEXT_POLICY) =>
  new RegExp(`^(?:(?:${policy.urlSchemes.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`, 'i');
