import { Router } from 'express';
import {
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  promoteReleaseSchema,
  type PreflightRefusal,
  type PreflightReport,
  type RemoteName,
  type RemoteReleases,
} from '@agency/contracts';
import type { AppContext } from '../app-context';
import { lastCanaryEnd } from '../releases/canary-runs';
import { conflict, forbidden, notFound } from '../http/errors';
import { overrideSummary, preflightSummary } from '../releases/release-preflight';
import { setAuditSummary } from './audit-summary';
import { actorOfResponse } from './staff-actor';
import { parseBody } from '../http/validate';
import { CMS_COMMIT, ReleaseError, describeSwitch, type SwitchOutcome } from '../releases/release-policy';
import { cmsPagePathsOf } from '../content/cms-page-paths';
import { releaseControl } from '../releases/release-control';
import { browserEntryProblem, releaseFileReader } from '../releases/entry-check';

/** A remote by folder (`mf-content`) or federation name (`mf_content`), as the release commands take it. */
function remoteNamed(param: string): RemoteName {
  const name = REMOTE_NAMES.find((n) => n === param || REMOTE_FOLDERS[n] === param);
  if (!name)
    throw notFound(`Unknown remote '${param}'. Use one of: ${Object.values(REMOTE_FOLDERS).join(', ')}`);
  return name;
}

/** The store's refusals in its own words: not found (404), or not possible now (409). */
async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ReleaseError) throw err.notFound ? notFound(err.message) : conflict(err.message);
    throw err;
  }
}

/**
 * /api/admin/releases: every remote's live, canary, staged and earlier versions, and the promote and
 * rollback of the release commands for staff in the CMS (mounted behind the staff guards).
 */
export function releasesRouter(
  app: Pick<AppContext, 'db' | 'env' | 'log' | 'clock' | 'releases' | 'preflight'>,
) {
  const { db, env, log, releases: store, preflight } = app;
  const router = Router();
  // Built once with the app's store (it was a function while the store was looked up per request).
  const control = releaseControl(store, { siteRoot: env.SITE_ROOT, cmsPagePaths: () => cmsPagePathsOf(app) });
  /** A remote's releases, with the last canary that ended by itself (and why). */
  const withCanaryEnd = async (name: RemoteName, r: RemoteReleases): Promise<RemoteReleases> => {
    const ended = await lastCanaryEnd(db, name);
    return ended ? { ...r, canaryEnded: ended } : r;
  };

  router.get('/', async (_req, res) => {
    const all = await control.list();
    res.json(await Promise.all(all.map((r, i) => withCanaryEnd(REMOTE_NAMES[i]!, r))));
  });

  const answer = async (remote: RemoteName, outcome: SwitchOutcome) => {
    const message = describeSwitch(REMOTE_FOLDERS[remote], outcome);
    log.info({ remote, ...outcome, by: 'cms' }, message);
    const releases = await withCanaryEnd(remote, await store.list(remote));
    return { message, releases };
  };

  router.post('/:remote/promote', async (req, res) => {
    const remote = remoteNamed(req.params['remote']!);
    const { version, percent, force } = parseBody(promoteReleaseSchema, req);
    // The CMS itself (this Releases tab included) runs on mf-cms: a release of it whose entry cannot
    // load would take away the button that rolls it back. Such a release is refused here; the
    // release commands (`npm run promote`) stay available to override.
    if (remote === 'mf_cms') {
      const read = releaseFileReader(store, remote, version);
      // A version that is not stored at all is the store's to refuse (404).
      const problem =
        (await read('remoteEntry.js')) === undefined ? undefined : await browserEntryProblem(read);
      if (problem) {
        log.warn(
          { remote, version, problem, by: 'cms' },
          'refused to promote an mf-cms release that cannot load',
        );
        throw conflict(
          `mf-cms ${version} cannot load (${problem}): promoting it would break the CMS, this Releases tab included. ` +
            'Fix the build and release it again.',
        );
      }
    }
    // Preflight (issue 40 item 3): every page of the remote rendered with this version and the live
    // one. A page that got worse refuses the switch (409, with the report) unless the owner forces it,
    // which the audit row says. A version not stored is the store's to refuse (404).
    let report: PreflightReport | undefined;
    if (await store.hasVersion(remote, version)) {
      report = await preflight(remote, version);
      if (!report.passed) {
        log.warn(
          { remote, version, failed: report.pages.filter((p) => p.problems.length), by: 'cms' },
          preflightSummary(report),
        );
        if (!force) {
          const refusal: PreflightRefusal = {
            code: 'PREFLIGHT_FAILED',
            message: `${preflightSummary(report)}. The owner can promote it anyway.`,
            preflight: report,
          };
          res.status(409).json(refusal);
          return;
        }
        if (actorOfResponse(res).role !== 'owner')
          throw forbidden('Only the owner can promote a release past a failed preflight.');
      }
    }
    const outcome = await refusals(() =>
      control.promote(remote, version, { percent, gitCommit: CMS_COMMIT }),
    );
    const answered = await answer(remote, outcome);
    if (report && !report.passed) setAuditSummary(res, `${answered.message}, ${overrideSummary(report)}`);
    res.json({ ...answered, ...(report ? { preflight: report } : {}) });
  });

  router.post('/:remote/rollback', async (req, res) => {
    const remote = remoteNamed(req.params['remote']!);
    const outcome = await refusals(() => control.rollback(remote, CMS_COMMIT));
    res.json(await answer(remote, outcome));
  });

  return router;
}
