import type { RequestHandler } from 'express';
import { NOT_FOUND_HEADINGS } from '@agency/contracts';
import type { RedirectAnswers } from '../admin/redirects';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page of an address whose item is in the trash: the site's missing-page words, status 410. */
const GONE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(NOT_FOUND_HEADINGS.page)}</title></head>
<body><main><h1>${escapeHtml(NOT_FOUND_HEADINGS.page)}</h1>
<p>This page has been removed.</p><p><a href="/">Back to Home</a></p></main></body></html>`;

/**
 * Before the site router (and so before the page cache): an old address answers 301 to where its
 * content lives now, the address of a trashed item 410 Gone. From memory (admin/redirects.ts); a hit
 * is counted and stored in batches. Other paths go on untouched.
 */
export const oldAddresses =
  (answers: RedirectAnswers): RequestHandler =>
  async (req, res, next) => {
    // Files (a dot in the last segment) and the API are never old page addresses.
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.path.startsWith('/api/') ||
      /\.[^/]*$/.test(req.path)
    )
      return next();
    try {
      const answer = await answers.lookup(req.path);
      if (answer === undefined) return next();
      if (answer === 'gone') {
        res.status(410).setHeader('Cache-Control', 'no-cache').type('html').send(GONE_PAGE);
        return;
      }
      answers.countHit(req.path);
      const q = req.url.indexOf('?');
      const query = q === -1 ? '' : req.url.slice(q + 1);
      const location = query ? `${answer}${answer.includes('?') ? '&' : '?'}${query}` : answer;
      res
        .status(301)
        .setHeader('Location', location)
        .setHeader('Cache-Control', 'public, max-age=300')
        .type('text/plain')
        .send(`Moved Permanently. Redirecting to ${location}`);
    } catch (err) {
      next(err);
    }
  };
