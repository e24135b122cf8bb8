import { asc, desc, eq } from 'drizzle-orm';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { Db } from '../../db/client';
import { blogPosts, caseStudies, contentBlocks, resources, services } from '../../db/schema';
import { SERVICE_PAGES, type PageMeta } from './page-meta';
import { pageRows, type PageRows } from './page-rows';

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

let purify: ReturnType<typeof createDOMPurify> | undefined;
/** The same policy the blog renders with in the browser: formatting, links and images only. */
function sanitize(html: string): string {
  purify ??= createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return purify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'ul',
      'ol',
      'li',
      'a',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'code',
      'pre',
      'img',
    ],
    ALLOWED_ATTR: ['href', 'src', 'alt', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/))/i,
  });
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const list = (items: { href: string; title: string; text?: string }[]) =>
  items.length
    ? `<ul>${items.map((i) => `<li><a href="${esc(i.href)}">${esc(i.title)}</a>${i.text ? ` ${esc(i.text)}` : ''}</li>`).join('')}</ul>`
    : '';

/**
 * The page's main text as plain HTML, for the first response: search engines and readers without
 * JavaScript get the headings, copy and links; with JavaScript the remotes render the real page.
 */
export async function renderMainText(db: Db, meta: PageMeta, rows: PageRows = pageRows(db)): Promise<string> {
  if (meta.status !== 200) return `<h1>Page Not Found</h1>`;
  const p = meta.path;
  const h1 = (title: string) => `<h1>${esc(title)}</h1>`;
  let m: RegExpExecArray | null;

  if (p === '/') {
    const [hero] = await db
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.identifier, 'homepage-hero'))
      .limit(1);
    const content = (hero?.published ? hero.content : {}) as { title?: unknown; subtitle?: unknown };
    const rows = await db
      .select()
      .from(services)
      .where(eq(services.published, true))
      .orderBy(asc(services.displayOrder));
    return [
      h1(typeof content.title === 'string' ? content.title : 'Digital Performance, Distilled.'),
      typeof content.subtitle === 'string' ? `<p>${esc(content.subtitle)}</p>` : '',
      '<h2>Services</h2>',
      list(rows.map((s) => ({ href: `/services/${s.slug}`, title: s.title, text: s.description }))),
      '<p><a href="/contact">Start Your Growth Journey</a> · <a href="/case-studies">View Case Studies</a></p>',
    ].join('');
  }
  if (p === '/services') {
    return (
      h1(meta.title) +
      `<p>${esc(meta.description)}</p>` +
      list(
        Object.entries(SERVICE_PAGES).map(([slug, s]) => ({
          href: `/services/${slug}`,
          title: s.title,
          text: s.description,
        })),
      )
    );
  }
  if ((m = /^\/services\/([a-z0-9-]+)$/.exec(p))) {
    return h1(meta.title) + `<p>${esc(meta.description)}</p><p><a href="/contact">Get Started Today</a></p>`;
  }
  if (p === '/blog') {
    const rows = await db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt));
    return (
      h1(meta.title) + list(rows.map((r) => ({ href: `/blog/${r.slug}`, title: r.title, text: r.excerpt })))
    );
  }
  if ((m = /^\/blog\/([a-z0-9-]+)$/.exec(p))) {
    const post = await rows.blogPost(m[1]!);
    if (!post) return h1(meta.title);
    return `<article>${h1(post.title)}<p>${esc(post.category)} · ${esc(post.author)}</p><p>${esc(post.excerpt)}</p>${sanitize(post.content.replace(/\n/g, '<br>'))}</article>`;
  }
  if (p === '/case-studies') {
    const rows = await db
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.published, true))
      .orderBy(desc(caseStudies.createdAt));
    return (
      h1(meta.title) +
      list(rows.map((r) => ({ href: `/case-studies/${r.slug}`, title: r.title, text: r.challenge })))
    );
  }
  if ((m = /^\/case-studies\/([a-z0-9-]+)$/.exec(p))) {
    const study = await rows.caseStudy(m[1]!);
    if (!study) return h1(meta.title);
    return [
      `<article>${h1(study.title)}<p>${esc(study.client)} · ${esc(study.industry)} · ${esc(study.duration)}</p>`,
      `<h2>The Challenge</h2>${paragraphs(study.challenge)}<h2>Our Solution</h2>${paragraphs(study.solution)}`,
      `<h2>Detailed Results</h2><ul>${study.results.map((r) => `<li>${esc(r.value)} ${esc(r.metric)}</li>`).join('')}</ul></article>`,
    ].join('');
  }
  if (p === '/resources') {
    const rows = await db
      .select()
      .from(resources)
      .where(eq(resources.published, true))
      .orderBy(asc(resources.id));
    return (
      h1(meta.title) +
      `<ul>${rows.map((r) => `<li><strong>${esc(r.title)}</strong> ${esc(r.description)}</li>`).join('')}</ul>`
    );
  }
  if (p === '/cms') return h1('Content Management');
  if ((m = /^\/([a-z0-9-]+)$/.exec(p)) && !['about', 'contact'].includes(m[1]!)) {
    const page = await rows.page(m[1]!);
    const body = (page?.content as { body?: unknown } | undefined)?.body;
    return (
      h1(page?.title ?? meta.title) +
      (typeof body === 'string' ? paragraphs(body.replace(/[#*_`>]/g, '')) : '')
    );
  }
  return h1(meta.title) + `<p>${esc(meta.description)}</p>`;
}

/** Puts the main text in a <noscript> block before the app root. */
export function withMainText(html: string, mainText: string): string {
  return html.replace(
    '<div id="root"></div>',
    `<noscript><main>${mainText}</main></noscript>\n    <div id="root"></div>`,
  );
}
