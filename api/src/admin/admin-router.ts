import { Router } from 'express';
import type { AppContext } from '../app-context';
import { authRouter } from './auth-router';
import { jsonOrMultipartWrites, requireStaff, sameOriginWrites } from './admin-guards';
import { CONTENT_TYPE_DEFINITIONS, contentTypeRouter } from './content-types';
import { siteSettingsAdminRouter } from './site-settings';
import { mediaRouter } from './media-router';
import { leadsRouter } from './leads-router';
import { trashRouter } from './trash-router';
import { releasesRouter } from './releases-router';
import { authorize } from './access-policy';
import { auditRouter, auditWrites, type AuditEntry } from './audit';
import { setPasswordRouter, staffUsersRouter } from './staff-users-router';
import { presenceRouter } from './presence-router';
import { redirectsRouter } from './redirects-router';
import { privacyRouter } from './privacy-router';
import { LIBRARY_FILE_TAGS, dropsOnWrite } from '../http/public-reads';
import { notificationsRouter } from '../notifications/notifications-router';
import { staffEventsRouter, type StaffEvents } from './staff-events';
import { overviewRouter } from './overview-router';
import { forgotPasswordRouter, ownPasswordRouter } from './account-router';

/** Staff API under /api/admin: everything but auth, session and logout needs a staff session. */
export function adminRouter(
  app: Pick<
    AppContext,
    'db' | 'env' | 'log' | 'clock' | 'rateLimits' | 'releases' | 'siteTables' | 'preflight' | 'redirects'
  >,
  /** Where successful staff writes are pushed to open CMS tabs (GET /events); none: no stream. */
  events?: StaffEvents,
) {
  const { db, env, log } = app;
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(authRouter(app));
  router.use(setPasswordRouter(app));
  router.use(forgotPasswordRouter(app));

  // Every route below: a session, then the role's access rule, then the audit of successful writes.
  // Each mount declares the public answers its writes change (app.ts drops them when a write succeeds).
  // Each write's audit rows, once stored, also go to every open CMS tab as {type, id, action}.
  const pushed = events
    ? (entries: AuditEntry[]) =>
        events.publish(
          entries.map((e) => ({
            type: e.entityType ?? '',
            id: e.entityId === null || e.entityId === undefined ? null : String(e.entityId),
            action: e.action,
          })),
        )
    : undefined;
  router.use(
    requireStaff(db),
    authorize,
    sameOriginWrites(env),
    jsonOrMultipartWrites,
    auditWrites(db, log, pushed),
  );
  if (events) router.use(staffEventsRouter(events));
  for (const { type, tags } of CONTENT_TYPE_DEFINITIONS) {
    router.use(`/${type}`, dropsOnWrite(tags), contentTypeRouter(app, type));
  }
  router.use('/site-settings', dropsOnWrite(['site-settings']), siteSettingsAdminRouter(db));
  router.use('/trash', trashRouter(db));
  router.use('/releases', releasesRouter(app));
  router.use('/media', dropsOnWrite(LIBRARY_FILE_TAGS));
  router.use(mediaRouter(app));
  router.use(leadsRouter(app));
  router.use(notificationsRouter({ db, env }));
  router.use(staffUsersRouter({ db, env }));
  router.use(auditRouter(db));
  router.use(presenceRouter(db));
  router.use(redirectsRouter(app));
  router.use(privacyRouter(db));
  router.use(overviewRouter(app));
  router.use(ownPasswordRouter(db));
  return router;
}
