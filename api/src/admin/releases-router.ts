import { Router } from 'express';
import type { Logger } from 'pino';
import { REMOTE_FOLDERS, REMOTE_NAMES, promoteReleaseSchema, type RemoteName } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { conflict, notFound } from '../http/errors';
import { parseBody } from '../http/validate';
import { ReleaseError } from '../releases/release-store';
import { describeSwitch, releaseControl, type SwitchOutcome } from '../releases/release-control';

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
export function releasesRouter({ db, env, log }: { db: Db; env: Env; log: Logger }) {
  const router = Router();
  const control = () => releaseControl(env, db);

  router.get('/', async (_req, res) => {
    res.json(await control().list());
  });

  const answer = async (remote: RemoteName, outcome: SwitchOutcome) => {
    const message = describeSwitch(REMOTE_FOLDERS[remote], outcome);
    log.info({ remote, ...outcome, by: 'cms' }, message);
    const releases = (await control().list()).find((r) => r.remote === REMOTE_FOLDERS[remote])!;
    return { message, releases };
  };

  router.post('/:remote/promote', async (req, res) => {
    const remote = remoteNamed(req.params['remote']!);
    const { version, percent } = parseBody(promoteReleaseSchema, req);
    const outcome = await refusals(() => control().promote(remote, version, percent));
    res.json(await answer(remote, outcome));
  });

  router.post('/:remote/rollback', async (req, res) => {
    const remote = remoteNamed(req.params['remote']!);
    const outcome = await refusals(() => control().rollback(remote));
    res.json(await answer(remote, outcome));
  });

  return router;
}
