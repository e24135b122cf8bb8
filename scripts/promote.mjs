#!/usr/bin/env node
// npm run promote -- <remote> <version>: make a stored release (staged with `npm run release -- <remote>
// --staged`, or any earlier one) the live one: the same switch as a release, undone by `npm run rollback`.
// --percent N (1-99): a canary instead: `version` goes to N % of visitors (sticky per visitor, see
// api/src/site/canary.ts), the current release stays for the others; --percent 100 completes it (a promote).
// `npm run rollback -- <remote>` during a canary ends it (everyone back on the current release).
// The CMS's Releases tab calls the same function (api/src/releases/release-control.ts).
// With --preflight, first the preflight (api/src/site/preflight.ts) in this process, on the site's data
// here (DATABASE_URL, else DATA_DIR): every page of the remote rendered with `version` and with the live
// one; a page that got worse refuses the promote (exit 1) with a line per page. --force promotes anyway,
// recorded in the audit as the owner's. The CMS's Releases tab always runs it, in the server.
// A preflight asked for that cannot run here (a running server holds the PGlite DATA_DIR, no built
// shell, no site data) refuses the promote too, saying where it can run (docs/teams.md §9): nothing
// goes out unchecked because the check was out of reach. --force promotes unchecked then.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  RELEASES_DIR,
  ROOT,
  gitCommit,
  releaseCli,
  resolveRemote,
  withReleaseStore,
} from './release-store.mjs';

const args = process.argv.slice(2);
const forceAt = args.indexOf('--force');
const force = forceAt >= 0;
if (force) args.splice(forceAt, 1);
// Asked for: the command's process must open the very data and builds the server uses (DATA_DIR,
// SITE_ROOT, RELEASES_DIR as the server has them), which a command run elsewhere cannot know.
const preflightAt = args.indexOf('--preflight');
const preflightAsked = preflightAt >= 0;
if (preflightAsked) args.splice(preflightAt, 1);
const at = args.indexOf('--percent');
const percentArg = at >= 0 ? (args[at + 1] ?? '') : undefined;
if (at >= 0) args.splice(at, 2);
const [remoteArg, version] = args;
const { folder, name } = await resolveRemote(remoteArg);
if (!version) {
  console.error(
    `Usage: npm run promote -- ${folder} <version> [--percent 1-100] [--preflight] [--force]  (stored versions: npm run releases -- ${folder})`,
  );
  process.exit(1);
}
const percent = percentArg === undefined ? 100 : /^\d{1,3}$/.test(percentArg) ? Number(percentArg) : NaN;
if (!(percent >= 1 && percent <= 100)) {
  console.error((await releaseCli()).releaseMessages.badPercent(percentArg));
  process.exit(1);
}

/** api/src/release-preflight-cli.ts, loaded only for a version that is stored. */
const preflightCli = async () => {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('../api/src/release-preflight-cli.ts', import.meta.url);
};

/**
 * Whether there is a site here to check against (a built shell, and the site's data: DATABASE_URL or
 * a DATA_DIR folder); else the preflight's module (the whole app) is not even loaded.
 */
const siteHere =
  existsSync(path.join(process.env.SITE_ROOT || ROOT, 'shell', 'dist', 'server', 'entry-server.js')) &&
  (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ||
    existsSync(process.env.DATA_DIR || path.join(ROOT, 'data')));
const NO_SITE =
  'Preflight not run: there is no site here to check against (a built shell, npm run build, and the ' +
  "site's data: DATA_DIR or DATABASE_URL as the server has them).";

await withReleaseStore(async (control, store, { commandWhere, describeSwitch, nextSteps }) => {
  // A version that is not stored is the store's to refuse, in its own words.
  const pre =
    preflightAsked && (await store.hasVersion(name, version))
      ? siteHere
        ? await (await preflightCli()).commandPreflight(RELEASES_DIR, name, version)
        : { note: NO_SITE, close: async () => {} }
      : undefined;
  try {
    if (pre && !pre.report) {
      console.error(pre.note ?? NO_SITE);
      if (!force) {
        console.error(
          `Not promoted: --preflight asks for every page to be checked first. Promote from the CMS's ` +
            `Releases tab (the server checks them there), or run this with DATABASE_URL set to the ` +
            `site's PostgreSQL, or promote unchecked: npm run promote -- ${folder} ${version} --force`,
        );
        process.exitCode = 1;
        return;
      }
    }
    const report = pre?.report;
    if (report) {
      const { preflightLines, preflightSummary } = await preflightCli();
      console.log(preflightSummary(report));
      for (const line of preflightLines(report)) console.log(line);
      if (!report.passed && !force) {
        console.error(
          `Not promoted. Fix the pages above, or promote anyway: npm run promote -- ${folder} ${version} --force`,
        );
        process.exitCode = 1;
        return;
      }
    }
    const outcome = await control.promote(name, version, { percent, gitCommit: gitCommit() });
    const message = describeSwitch(folder, outcome, commandWhere(store.kind, outcome));
    console.log(message);
    for (const line of nextSteps(folder, name, outcome)) console.log(line);
    if (report && !report.passed)
      await pre.audit(
        `${describeSwitch(folder, outcome)}, ${(await preflightCli()).overrideSummary(report)}`,
      );
  } finally {
    await pre?.close();
  }
});
