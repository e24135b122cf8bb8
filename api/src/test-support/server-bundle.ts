import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API compiled from today's sources for the tests' server processes (absolute path), if built. */
    serverEntry: string | undefined;
  }
}

/**
 * Vitest globalSetup (api and security projects): the API compiled once per run, as `npm start` runs
 * it (api/build.mjs, under a second), so the tests that start real servers (crash, shutdown and
 * scale-out tests, about 40 starts a run) start the bundle with plain node instead of compiling
 * every module through tsx again each time (a start: 2.5 s instead of 3.5 s here). It is built from
 * the sources of this run, never a stale api/dist. Shared by both projects of one run.
 */
export default async function setup(project: {
  provide: (key: 'serverEntry', value: string | undefined) => void;
  /** Watch mode: before each rerun (sources may have changed since the bundle was built). */
  onTestsRerun?: (cb: () => Promise<void>) => void;
}) {
  const out = path.join(REPO_ROOT, 'api', `.test-server-${process.pid}`);
  const shared = globalThis as { agencyServerBundle?: Promise<string | undefined> };
  const build = async () => {
    const { buildApi } = (await import(pathToFileURL(path.join(REPO_ROOT, 'api', 'build.mjs')).href)) as {
      buildApi: (out: URL) => Promise<number>;
    };
    await buildApi(pathToFileURL(`${out}/`));
    return path.join(out, 'server.js');
  };
  shared.agencyServerBundle ??= build();
  project.provide('serverEntry', await shared.agencyServerBundle);
  project.onTestsRerun?.(async () => {
    shared.agencyServerBundle = build();
    await shared.agencyServerBundle;
  });
  return () => {
    // A new setup in this process (watch mode after a config change) builds it again.
    shared.agencyServerBundle = undefined;
    rmSync(out, { recursive: true, force: true });
  };
}
