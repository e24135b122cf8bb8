import TurndownService from 'turndown';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts } from '../db/schema';

const BLOCK = 'h[1-6]|p|ul|ol|blockquote|pre|table|div|hr|figure';
const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
  codeBlockStyle: 'fenced',
});

/**
 * A body in the spec's HTML format (the page turns every line break into <br> and inserts the HTML)
 * as markdown that renders the same: blank-line separated runs of text become paragraphs, a line
 * break inside one a hard break, and the tags their markdown (headings, bold, italics, links, lists).
 */
export function htmlBodyToMarkdown(html: string): string {
  const text = html.replace(/\r\n|\r/g, '\n');
  // A block element stands on its own: the line breaks around it only separate it from the text.
  const separated = text
    .replace(new RegExp(`\\s*(<(?:${BLOCK})\\b)`, 'gi'), '\n\n$1')
    .replace(new RegExp(`(</(?:${BLOCK})>|<hr\\s*/?>)\\s*`, 'gi'), '$1\n\n');
  const blocks = separated
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b) => (new RegExp(`^<(?:${BLOCK})\\b`, 'i').test(b) ? b : `<p>${b.replace(/\n/g, '<br>')}</p>`));
  return turndown.turndown(blocks.join('\n')).trim();
}

/**
 * Converts every post body still stored as HTML to markdown, once (issue 25: one format for post
 * bodies, so the CMS's markdown toolbar never writes marks into an HTML body). Safe to run on every
 * start and on several instances at once: each row is written only while it is still HTML.
 */
export async function convertHtmlPostBodies(db: Db): Promise<number> {
  const rows = await db
    .select({ id: blogPosts.id, content: blogPosts.content })
    .from(blogPosts)
    .where(eq(blogPosts.contentFormat, 'html'));
  let converted = 0;
  for (const row of rows) {
    const done = await db
      .update(blogPosts)
      .set({ content: htmlBodyToMarkdown(row.content), contentFormat: 'markdown' })
      .where(and(eq(blogPosts.id, row.id), eq(blogPosts.contentFormat, 'html')))
      .returning({ id: blogPosts.id });
    converted += done.length;
  }
  return converted;
}
