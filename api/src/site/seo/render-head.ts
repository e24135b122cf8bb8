import { SERVER_HEAD_ATTRIBUTE, headTags, type HeadSite, type PageHead } from '@agency/contracts';

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/** JSON inside <script>: `<` escaped so stored text can never close the tag. */
export const safeJson = (value: unknown) =>
  // One pass over the page's data (a server render's largest string), not one per character.
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');

/**
 * The page's head as HTML: the tags the page renders itself in the browser (headTags), and JSON-LD.
 * `fromDatabase`: the page did not declare it; the tags the page will render are marked for it to
 * replace (SERVER_HEAD_ATTRIBUTE).
 */
export function pageHead(head: PageHead, site: HeadSite, fromDatabase = false): string {
  const mark = fromDatabase ? ` ${SERVER_HEAD_ATTRIBUTE}` : '';
  return headTags(head, site)
    .map((t) => {
      // The title is not marked: the page's own goes in before it, and the page drops every later one.
      if (t.tag === 'title') return `<title>${escapeHtml(t.text)}</title>`;
      if (t.tag === 'script') return `<script type="application/ld+json">${safeJson(t.json)}</script>`;
      return `<${t.tag} ${attributes(t.attrs)}${t.firstLoad ? '' : mark} />`;
    })
    .join('\n    ');
}
