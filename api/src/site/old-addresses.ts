import type { RequestHandler, Response } from 'express';
import type { RedirectAnswers } from '../admin/redirect-answers';
import { movedPermanently, withQueryOf } from './page-address';

/**
 * The address of a trashed item: the page renders as for any missing item (the site's own missing-page
 * state for that route, 'Article Not Found' and its link back, with the header and footer), and its 404
 * is answered 410 Gone (serve-site.ts asks `isGone`).
 */
export const isGone = (res: Response): boolean => res.locals['gone'] === true;

/**
 * Before the site router (and so before the page cache): an old address answers 301 to where its
 * content lives now, the address of a trashed item 410 Gone. From memory (admin/redirect-answers.ts); a hit
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
        res.locals['gone'] = true;
        return next();
      }
      answers.countHit(req.path);
      movedPermanently(res, withQueryOf(answer, req.url), 300);
    } catch (err) {
      next(err);
    }
  };
