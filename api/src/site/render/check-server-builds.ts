/**
 * `npm run check:server-builds`: loads the shell's and every remote's current server build the way the
 * server does, and checks that each one loads and shares the host's single copy of every shared
 * singleton (react, the query client, the router, the shared stores…). Prints what it found as JSON;
 * exits 1 when a build would be rendered in the browser instead.
 */
import { REMOTE_NAMES } from '@agency/contracts';
import { readEnv } from '../../env';
import { createLogger } from '../../logger';
import { serverBuildOf } from '../remotes-manifest';
import { serverBuilds } from './server-builds';
import { diskReleaseStore } from '../../releases/disk-release-store';

const env = readEnv();
// The releases in RELEASES_DIR, as a server without DATABASE_URL serves them.
const app = { env, releases: diskReleaseStore(env.RELEASES_DIR), log: createLogger(env.LOG_LEVEL) };
const builds = serverBuilds(app);
const shell = await builds.shell();
const remotes: Record<string, { version?: string; loaded: boolean; modules: string[] }> = {};
for (const name of REMOTE_NAMES) {
  const remote = shell ? await builds.remote(name) : undefined;
  remotes[name] = {
    version: serverBuildOf(app, name)?.version,
    loaded: Boolean(remote),
    modules: remote ? Object.keys(remote.entry.modules).sort() : [],
  };
}
const singletons = Object.keys(shell?.sharedSingletons ?? {}).sort();
console.log(JSON.stringify({ shell: Boolean(shell), singletons, remotes }, null, 2));
process.exit(shell && Object.values(remotes).every((r) => r.loaded) ? 0 : 1);
