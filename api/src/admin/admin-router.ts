import { Router } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { authRouter } from './auth-router';
import { jsonOrMultipartWrites, requireStaff, sameOriginWrites } from './admin-guards';
import { pagesRouter } from './pages-router';
import { contentBlocksRouter } from './content-blocks-router';
import { servicesRouter } from './services-router';
import { blogPostsRouter } from './blog-posts-router';
import { caseStudiesRouter } from './case-studies-router';
import { testimonialsRouter } from './testimonials-router';
import { resourcesRouter } from './resources-router';
import { siteSettingsAdminRouter } from './site-settings';
import { mediaRouter } from './media-router';
import { leadsRouter } from './leads-router';
import { trashRouter } from './trash-router';
import { releasesRouter } from './releases-router';

/** Staff API under /api/admin: everything but auth, session and logout needs a staff session. */
export function adminRouter({ db, env, log }: { db: Db; env: Env; log: Logger }) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(authRouter({ db, env, log }));

  router.use(requireStaff(db), sameOriginWrites(env), jsonOrMultipartWrites);
  router.use('/pages', pagesRouter(db));
  router.use('/content-blocks', contentBlocksRouter(db));
  router.use('/services', servicesRouter(db));
  router.use('/blog-posts', blogPostsRouter(db));
  router.use('/case-studies', caseStudiesRouter(db));
  router.use('/testimonials', testimonialsRouter(db));
  router.use('/resources', resourcesRouter({ db, env }));
  router.use('/site-settings', siteSettingsAdminRouter(db));
  router.use('/trash', trashRouter(db));
  router.use('/releases', releasesRouter({ db, env, log }));
  router.use(mediaRouter({ db, env }));
  router.use(leadsRouter(db));
  return router;
}
