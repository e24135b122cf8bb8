import { Router } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Env } from '../env';
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
export function adminRouter({
  db,
  env,
  log,
  events,
}: {
  db: Db;
  env: Env;
  log: Logger;
  /** Where successful staff writes are pushed to open CMS tabs (GET /events); none: no stream. */
  events?: StaffEvents;
}) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(authRouter({ db, env, log }));
  router.use(setPasswordRouter({ db, env, log }));
  router.use(forgotPasswordRouter({ db, env }));

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
    router.use(`/${type}`, dropsOnWrite(tags), contentTypeRouter({ db, env }, type));
  }
  router.use('/site-settings', dropsOnWrite(['site-settings']), siteSettingsAdminRouter(db));
  router.use('/trash', trashRouter(db));
  router.use('/releases', releasesRouter({ db, env, log }));
  router.use('/media', dropsOnWrite(LIBRARY_FILE_TAGS));
  router.use(mediaRouter({ db, env }));
  router.use(leadsRouter(db));
  router.use(notificationsRouter({ db, env }));
  router.use(staffUsersRouter({ db, env }));
  router.use(auditRouter(db));
  router.use(presenceRouter(db));
  router.use(redirectsRouter(db));
  router.use(privacyRouter(db));
  router.use(overviewRouter(db));
  router.use(ownPasswordRouter(db));
  return router;
}
