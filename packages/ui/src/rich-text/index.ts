import { Marked } from 'marked';
import type { BlogBodyFormat } from '@agency/contracts/browser';
import { sanitizeHtml } from './sanitize-html';

export { sanitizeHtml } from './sanitize-html';
export { richTextClasses } from './rich-text-classes';
export { withResponsiveImages } from './responsive-images';

/**
 * The one home of how stored rich text becomes HTML, for the public pages and the CMS preview alike.
 * Not part of `@agency/ui`'s main entry: only the pages that show rich text load marked and DOMPurify.
 */
const markdown = new Marked({ async: false });

/** Markdown (page bodies, markdown blog bodies) as sanitized HTML; raw HTML inside is sanitized too. */
export const markdownHtml = (text: string): string => sanitizeHtml(markdown.parse(text, { async: false }));

/**
 * A blog body as sanitized HTML. Markdown bodies render like page bodies; older HTML bodies as the
 * spec has it: every line break becomes <br>, then the HTML is inserted as it is.
 */
export const blogBodyHtml = (content: string, format: BlogBodyFormat = 'html'): string =>
  format === 'markdown' ? markdownHtml(content) : sanitizeHtml(content.replace(/\r\n|\r|\n/g, '<br>'));
